/** `verifyJournal` also checks the business invariants: no ticket paid twice, receipt numbers contiguous and never reused, money entries with their outbox events. */
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendJournal } from '../../../../main/kernel/append.js';
import { record } from '../../../../main/kernel/record.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { makeTerminal, type Fixture } from '../terminal/fixture.js';
import { tamper } from './tamper.js';

const LINE = { game: 'happy-2014', count: 1, amount_cents: 500 } as const;
const ticket = (unit: number) => ({ ticket: `001-001-01-${String(unit).padStart(7, '0')}-0`, game: 'happy-2014', emission: 1, block: 1, unit, amount_cents: 500 });

let f: Fixture;
let t: LotteryTerminal;
beforeEach(async () => {
  f = await makeTerminal({ operators: false });
  t = f.t;
  // Entries 1–2 from init; 3–5 sales (receipts 1–3); 6–7 payouts of units 1 and 2 (receipts 4–5).
  for (let i = 1; i <= 3; i++) {
    inTransaction(t, () => record(t, { type: 'sale', operator: f.alice, payload: { sale_id: i }, receipt: true, money: { kind: 'sale', lines: [LINE] }, outbox: { key: `sale/${i}` } }));
  }
  for (const unit of [1, 2]) payout(unit);
});
afterEach(() => f.cleanup());

function payout(unit: number, key = `payout/happy-2014/1/1/${unit}`): number {
  return inTransaction(t, () => record(t, { type: 'payout', operator: f.alice, payload: ticket(unit), receipt: true, money: { kind: 'payout', lines: [LINE] }, outbox: { key } })).seq;
}

function reopenAfter(fn: (db: Database.Database) => void): void {
  t.close();
  tamper(t.folder.databasePath, fn);
  t = openLotteryTerminal(f.dir, { clock: f.clock });
  Object.assign(f, { t });
}

describe('journal invariants', () => {
  it('hold after normal use', () => {
    expect(verifyJournal(t)).toMatchObject({ ok: true, entries: 7, invariants: [] });
  });

  it('names a ticket paid twice, even in a journal whose chain is intact', () => {
    const seq = payout(2, 'payout/again');
    const r = verifyJournal(t);
    expect(r.first_break).toBeUndefined();
    expect(r.ok).toBe(false);
    expect(r.invariants).toEqual([
      { rule: 'paid-twice', seq, detail: `entry ${seq} (payout) settles ticket 001-001-01-0000002-0 again: entry 7 (payout) already did` },
    ]);
  });

  it('names a claim after a payout of the same ticket', () => {
    const seq = inTransaction(t, () =>
      record(t, { type: 'claim', operator: f.alice, payload: ticket(1), receipt: true, money: { kind: 'claim', lines: [LINE] }, outbox: { key: 'claim/x' } }),
    ).seq;
    expect(verifyJournal(t).invariants).toEqual([{ rule: 'paid-twice', seq, detail: `entry ${seq} (claim) settles ticket 001-001-01-0000001-0 again: entry 6 (payout) already did` }]);
  });

  it('names a receipt number reused', () => {
    const e = inTransaction(t, () => appendJournal(t, { type: 'receipt.test', operator: null, payload: { receipt_no: 2 } }));
    expect(verifyJournal(t).invariants).toEqual([{ rule: 'receipt-numbers', seq: e.seq, detail: `entry ${e.seq} (receipt.test) reuses receipt number 2, already given by entry 4` }]);
  });

  it('names receipt numbers skipped (the counter moved behind Guichet’s back)', () => {
    reopenAfter((db) => db.prepare("UPDATE counters SET value = value + 2 WHERE name = 'receipt'").run());
    const seq = payout(3);
    const r = verifyJournal(t);
    expect(r.first_break).toBeUndefined();
    expect(r.invariants).toEqual([{ rule: 'receipt-numbers', seq, detail: `entry ${seq} (payout) has receipt number 8 where 6 was next: receipts 6 to 7 are missing` }]);
  });

  it('names a money entry whose outbox event is gone, and each broken rule once, at its first entry', () => {
    reopenAfter((db) => db.prepare('DELETE FROM outbox WHERE journal_seq IN (4, 6)').run());
    payout(1, 'payout/again');
    const r = verifyJournal(t);
    expect(r.ok).toBe(false);
    expect(r.invariants.map((b) => [b.rule, b.seq])).toEqual([
      ['paid-twice', 8],
      ['money-outbox', 4],
    ]);
    expect(r.invariants[1]?.detail).toBe('entry 4 (sale) moves money but has no outbox event for the lottery');
  });
});
