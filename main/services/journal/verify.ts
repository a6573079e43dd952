/** Checking the journal table: every entry chained, untouched, signed by this terminal, none missing at the end. */
import { counterValue } from '../../../db/queries/counters.js';
import { iterateJournal, type JournalRow } from '../../../db/queries/journal.js';
import type { LotteryTerminal } from '../terminal/terminal.js';
import { verifyChain, type ChainProblem, type JournalEntry } from './chain.js';

export type JournalProblem = ChainProblem | 'missing';

export interface JournalVerification {
  readonly ok: boolean;
  /** Entries read up to and including the first broken one (all of them when ok). */
  readonly entries: number;
  /** Hash of the last good entry. */
  readonly last_hash: string;
  /** The first broken entry: its seq, what is wrong, and a sentence saying so. */
  readonly first_break?: { readonly seq: number; readonly problem: JournalProblem; readonly detail: string };
}

function* entriesOf(rows: Iterable<JournalRow>): Generator<JournalEntry> {
  for (const row of rows) {
    let payload: unknown;
    try {
      payload = JSON.parse(row.payload);
    } catch {
      payload = { unreadable: row.payload };
    }
    yield { ...row, payload };
  }
}

/**
 * Verifies the whole journal in seq order with the terminal's public key, and compares its length with
 * the journal counter (kept in the same transactions) so that entries removed from the end are caught.
 * Names the first broken entry.
 */
export function verifyJournal(t: LotteryTerminal): JournalVerification {
  const report = verifyChain(entriesOf(iterateJournal(t.db)), t.publicKey);
  if (!report.ok) return report;
  const recorded = counterValue(t.db, 'journal');
  if (report.entries < recorded) {
    const seq = report.entries + 1;
    return {
      ...report,
      ok: false,
      first_break: {
        seq,
        problem: 'missing',
        detail: seq === recorded ? `entry ${seq} is missing: the journal should end at entry ${recorded}` : `entries ${seq} to ${recorded} are missing: the journal should end at entry ${recorded}`,
      },
    };
  }
  if (report.entries > recorded) {
    return {
      ...report,
      ok: false,
      first_break: { seq: recorded + 1, problem: 'sequence', detail: `entry ${recorded + 1} was added outside Guichet: the journal should end at entry ${recorded}` },
    };
  }
  return report;
}
