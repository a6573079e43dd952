/**
 * The business invariants the journal guards, checked over its entries (whatever the chain says):
 * - `paid-twice`: no ticket is paid (or claimed) twice: a 'payout' or 'claim' of a ticket that an
 *   earlier 'payout' or 'claim' already settled;
 * - `receipt-numbers`: receipt numbers run 1, 2, 3 … in journal order, none skipped and none reused;
 * - `money-outbox`: every entry that moves money (sale, void, payout, claim: a `money` payload) has its
 *   outbox event (an outbox row pointing at that entry).
 * Each rule names the first entry that breaks it.
 */
import type { Database } from 'better-sqlite3';
import { moneyEntries, receiptEntries, settlementEntries } from '../../../db/queries/journal.js';
import { outboxJournalSeqs } from '../../../db/queries/outbox.js';

export type InvariantRule = 'paid-twice' | 'receipt-numbers' | 'money-outbox';

export interface InvariantBreak {
  readonly rule: InvariantRule;
  /** The first entry that breaks the rule. */
  readonly seq: number;
  readonly detail: string;
}

function parse(payload: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(payload) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The first ticket paid or claimed a second time. */
export function firstPaidTwice(db: Database): InvariantBreak | undefined {
  const settled = new Map<string, { seq: number; type: string }>();
  const rows = settlementEntries(db);
  for (const row of rows) {
    const p = parse(row.payload);
    // Only entries naming a ticket can settle one.
    if (!p || typeof p.game !== 'string' || ![p.emission, p.block, p.unit].every((n) => Number.isSafeInteger(n))) continue;
    const key = [p.game, p.emission, p.block, p.unit].map(String).join('/');
    const ticket = typeof p.ticket === 'string' ? p.ticket : key;
    const before = settled.get(key);
    if (before) {
      return {
        rule: 'paid-twice',
        seq: row.seq,
        detail: `entry ${row.seq} (${row.type}) settles ticket ${ticket} again: entry ${before.seq} (${before.type}) already did`,
      };
    }
    settled.set(key, { seq: row.seq, type: row.type });
  }
  return undefined;
}

/** The first receipt number out of sequence (skipped or reused). */
export function firstReceiptBreak(db: Database): InvariantBreak | undefined {
  const seen = new Map<number, number>();
  let expected = 1;
  const rows = receiptEntries(db);
  for (const row of rows) {
    const n = parse(row.payload)?.receipt_no;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
      return { rule: 'receipt-numbers', seq: row.seq, detail: `entry ${row.seq} (${row.type}) carries a receipt number that is not a whole number ≥ 1: ${JSON.stringify(n)}` };
    }
    const earlier = seen.get(n);
    if (earlier !== undefined) {
      return { rule: 'receipt-numbers', seq: row.seq, detail: `entry ${row.seq} (${row.type}) reuses receipt number ${n}, already given by entry ${earlier}` };
    }
    if (n !== expected) {
      const what = n > expected ? (n === expected + 1 ? `receipt ${expected} is missing` : `receipts ${expected} to ${n - 1} are missing`) : `receipt ${n} is out of order`;
      return { rule: 'receipt-numbers', seq: row.seq, detail: `entry ${row.seq} (${row.type}) has receipt number ${n} where ${expected} was next: ${what}` };
    }
    seen.set(n, row.seq);
    expected = n + 1;
  }
  return undefined;
}

/** The first money entry with no outbox event (the outbox's entries read once: it has no index on journal_seq). */
export function firstMoneyWithoutOutbox(db: Database): InvariantBreak | undefined {
  const withEvent = new Set(outboxJournalSeqs(db));
  const rows = moneyEntries(db);
  for (const row of rows) {
    if (!withEvent.has(row.seq)) return { rule: 'money-outbox', seq: row.seq, detail: `entry ${row.seq} (${row.type}) moves money but has no outbox event for the lottery` };
  }
  return undefined;
}

/** Every rule broken, each with its first breaking entry (empty when all hold). */
export function checkInvariants(db: Database): InvariantBreak[] {
  return [firstPaidTwice(db), firstReceiptBreak(db), firstMoneyWithoutOutbox(db)].filter((b): b is InvariantBreak => b !== undefined);
}
