/**
 * Checking the journal table: every entry chained, untouched, signed by this terminal, none missing at
 * the end; and the business invariants it guards (invariants.ts: no ticket paid twice, receipt numbers
 * contiguous and never reused, every money entry with its outbox event).
 */
import { counterValue } from '../../../db/queries/counters.js';
import { iterateJournal, type JournalRow } from '../../../db/queries/journal.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { verifyChain, type ChainProblem, type JournalEntry } from '../../kernel/chain.js';
import { checkInvariants, type InvariantBreak } from './invariants.js';

export type { InvariantBreak, InvariantRule } from './invariants.js';

export type JournalProblem = ChainProblem | 'missing';

export interface JournalVerification {
  /** The chain is intact and every invariant holds. */
  readonly ok: boolean;
  /** Entries read up to and including the first broken one (all of them when ok). */
  readonly entries: number;
  /** Hash of the last good entry. */
  readonly last_hash: string;
  /** The first broken entry: its seq, what is wrong, and a sentence saying so. */
  readonly first_break?: { readonly seq: number; readonly problem: JournalProblem; readonly detail: string };
  /** Each business rule broken, with the first entry that breaks it (empty when all hold). */
  readonly invariants: readonly InvariantBreak[];
}

type ChainVerification = Omit<JournalVerification, 'invariants'>;

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
 * Names the first broken entry, and each broken invariant's first entry.
 */
export function verifyJournal(t: LotteryTerminal): JournalVerification {
  const chain = verifyJournalChain(t);
  const invariants = checkInvariants(t.db);
  return { ...chain, ok: chain.ok && invariants.length === 0, invariants };
}

/** The chain part of `verifyJournal`: hashes, links, signatures, and the length against the journal counter. */
export function verifyJournalChain(t: LotteryTerminal): ChainVerification {
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
