/**
 * The offline allowance (#19): central signs one with the lottery key in the answer to each successful
 * push (per ticket, total, count, valid until, counted from the entry that push acknowledged). The
 * terminal keeps the last one it could verify and pays offline only inside it (offline-limits.ts);
 * nothing unsigned renews it — not `/v1/time`, not a feed page, not a claim's answer.
 */
import { OfflineAllowance, SignedAllowance, type OfflineLimits } from '../../../common/protocol/index.js';
import { updateSyncState, type SyncStateRow } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { assertLotterySigned } from './lottery-signature.js';
import { trustedOnlineKeyMap } from './lottery-keys.js';

/**
 * Keeps the allowance of a push answer when it is this terminal's, counted from the entry the push
 * acknowledged, and signed by an online key the terminal's root certified; answers whether it was kept (inside
 * the push's own transaction). One that fails any check is not kept: the last good one stays.
 */
export function keepAllowance(t: LotteryTerminal, signed: unknown, ackedSeq: number): boolean {
  const parsed = SignedAllowance.safeParse(signed);
  if (!parsed.success) return false;
  const { allowance, signer, signature } = parsed.data;
  if (allowance.terminal !== t.id || allowance.acked_seq !== ackedSeq) return false;
  try {
    assertLotterySigned('allowance', allowance, signer, signature, trustedOnlineKeyMap(t));
  } catch {
    return false;
  }
  updateSyncState(t.db, { allowance: JSON.stringify(parsed.data) });
  return true;
}

/** The allowance the terminal holds (verified when it was kept), or null before the first one. */
export function heldAllowance(state: SyncStateRow): OfflineAllowance | null {
  if (!state.allowance) return null;
  try {
    const parsed = SignedAllowance.safeParse(JSON.parse(state.allowance));
    return parsed.success ? OfflineAllowance.parse(parsed.data.allowance) : null;
  } catch {
    return null;
  }
}

/** An allowance's figures as offline limits (its hours: from its issue to its end). */
export function limitsOfAllowance(a: OfflineAllowance): OfflineLimits {
  return {
    offline_max_ticket_cents: a.max_ticket_cents,
    offline_max_total_cents: a.max_total_cents,
    offline_max_count: a.max_count,
    offline_max_hours: Math.max(0, (Date.parse(a.valid_until) - Date.parse(a.issued_at)) / 3_600_000),
  };
}
