/**
 * The trusted clock: claim deadlines and payouts run on the terminal's clock only while it is
 * believable. A clock set back behind the terminal's last journal entry, or behind central's time as
 * measured at the last contact (beyond the 5-minute skew signed requests allow), is detected,
 * journaled ('clock.backwards', for the technician) and no payout runs on it.
 */
import { MAX_CLOCK_SKEW_MS } from '../../../common/protocol/index.js';
import { lastJournalRow } from '../../../db/queries/journal.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { correctedNow } from '../../kernel/corrected-time.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Why the terminal's clock cannot be trusted now (a sentence), or null. */
export function clockProblem(t: LotteryTerminal): string | null {
  // Journal entries are dated on the corrected time (kernel/corrected-time.ts): compared on it too.
  const now = correctedNow(t);
  const last = lastJournalRow(t.db)?.at;
  if (last && now < last) return `the terminal's clock (${now}) is behind its last journal entry (${last}): it was set back`;
  const offset = syncStateRow(t.db)?.clock_offset_ms;
  if (typeof offset === 'number' && offset > MAX_CLOCK_SKEW_MS) {
    return `the terminal's clock is ${Math.round(offset / 1000)} s behind central's time (measured at the last contact)`;
  }
  return null;
}

/** Journals a clock problem once per distinct sentence-free kind and returns it; null when the clock is fine. */
export function checkTrustedClock(t: LotteryTerminal): string | null {
  const problem = clockProblem(t);
  if (problem) inTransaction(t, () => record(t, { type: 'clock.backwards', operator: null, payload: { problem, clock: t.now() } }));
  return problem;
}
