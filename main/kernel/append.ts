/** Appending to the terminal's signed journal, inside the caller's transaction. */
import { insertJournalRow, lastJournalRow } from '../../db/queries/journal.js';
import { nextCounter } from '../../db/queries/counters.js';
import type { LotteryTerminal } from './terminal.js';
import { canonicalJson, type Json } from '../../common/canonical-json.js';
import { GENESIS_HASH } from '../../node/journal/entry-hash.js';
import { sealEntry, type JournalEntry } from './chain.js';
import { correctedNow } from './corrected-time.js';
import { assertInTransaction } from './transaction.js';

export interface NewJournalEntry {
  /** e.g. 'sale', 'operator.add', 'session.close'. */
  readonly type: string;
  /** Name of the operator acting, or null when the terminal itself acts. */
  readonly operator: string | null;
  /** A JSON object; integers only (money in cents). */
  readonly payload: Readonly<Record<string, unknown>>;
}

/**
 * Seals and appends one entry: next seq, the time corrected by central's signed time (corrected-time.ts;
 * never before the last entry's), the previous entry's hash, the terminal's
 * signature. Throws outside a transaction, or for a payload canonical JSON cannot hold (fractions…).
 */
export function appendJournal(t: LotteryTerminal, entry: NewJournalEntry): JournalEntry {
  assertInTransaction(t, 'appending to the journal');
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/.test(entry.type)) throw new Error(`bad journal entry type '${entry.type}'`);
  const text = canonicalJson(entry.payload);
  const payload = JSON.parse(text) as Json;
  const seq = nextCounter(t.db, 'journal');
  const last = lastJournalRow(t.db);
  const prev = last?.hash ?? GENESIS_HASH;
  // Never dated before the last entry (central refuses a journal dated out of order): a clock set back stamps its time.
  const now = correctedNow(t);
  const at = last && now < last.at ? last.at : now;
  const sealed = sealEntry({ seq, at, terminal: t.id, type: entry.type, operator: entry.operator, payload }, prev, t.privateKey);
  insertJournalRow(t.db, { ...sealed, payload: text });
  return sealed;
}
