/**
 * The terminal's time corrected by central's signed time (#20): the machine's clock plus the offset
 * last measured from `GET /v1/time` (main/services/sync/sync.ts), nothing added before the terminal
 * is enrolled or has measured it. Journal entries are dated on it, as signed requests are: a machine
 * clock a few minutes off does not date the journal off.
 */
import { clockOffsetMs } from '../../db/queries/sync-state.js';
import type { LotteryTerminal } from './terminal.js';

/** The corrected time, ms since the epoch. */
export function correctedMs(t: LotteryTerminal): number {
  return t.clock().getTime() + (clockOffsetMs(t.db) ?? 0);
}

/** The corrected time as a UTC ISO string. */
export function correctedNow(t: LotteryTerminal): string {
  return new Date(correctedMs(t)).toISOString();
}
