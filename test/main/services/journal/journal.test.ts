import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendJournal } from '../../../../main/kernel/append.js';
import { record } from '../../../../main/kernel/record.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { makeTerminal, type Fixture } from '../terminal/fixture.js';
import { shift, swap, tamper } from './tamper.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeTerminal({ operators: false });
  // 2 entries from init + 8 sales = entries 1…10.
  for (let i = 1; i <= 8; i++) {
    inTransaction(f.t, () =>
      record(f.t, { type: 'sale', operator: f.alice, payload: { sale_id: i }, receipt: true, money: { kind: 'sale', lines: [{ game: 'happy-2014', count: 2, amount_cents: 600 }] }, outbox: { key: `sale/${i}` } }),
    );
  }
  f.t.close();
});
afterEach(() => f.cleanup());

function verifyAfter(fn: (db: Database.Database) => void) {
  tamper(f.t.folder.databasePath, fn);
  const t: LotteryTerminal = openLotteryTerminal(f.dir);
  try {
    return verifyJournal(t);
  } finally {
    t.close();
  }
}

describe('journal', () => {
  it('is intact, chained and signed after normal use', () => {
    const t = openLotteryTerminal(f.dir);
    expect(verifyJournal(t)).toMatchObject({ ok: true, entries: 10 });
    t.close();
  });

  it('refuses edits and deletions through SQL while its triggers stand, and appends only in a transaction', () => {
    const t = openLotteryTerminal(f.dir);
    expect(() => t.db.prepare('UPDATE journal SET payload = ? WHERE seq = 3').run('{}')).toThrow(/append-only/);
    expect(() => t.db.prepare('DELETE FROM journal WHERE seq = 3').run()).toThrow(/append-only/);
    expect(() => appendJournal(t, { type: 'sale', operator: null, payload: {} })).toThrow(/inside a transaction/);
    expect(() => inTransaction(t, () => record(t, { type: 'sale', operator: null, payload: { amount: 1.5 } }))).toThrow(/whole numbers/);
    expect(verifyJournal(t)).toMatchObject({ ok: true, entries: 10 });
    t.close();
  });

  it('names an edited entry', () => {
    const r = verifyAfter((db) => db.prepare("UPDATE journal SET payload = replace(payload, '600', '60') WHERE seq = 5").run());
    expect(r.ok).toBe(false);
    expect(r.first_break).toEqual({ seq: 5, problem: 'hash', detail: 'entry 5 was altered: its contents do not match its hash' });
  });

  it('names an entry edited with its hash recomputed (signature)', async () => {
    const { entryHash } = await import('../../../../node/journal/entry-hash.js');
    const r = verifyAfter((db) => {
      const row = db.prepare('SELECT * FROM journal WHERE seq = 4').get() as { seq: number; at: string; terminal: string; type: string; operator: string; payload: string; prev_hash: string };
      const payload = { ...(JSON.parse(row.payload) as object), sale_id: 99 };
      const hash = entryHash({ ...row, payload }, row.prev_hash);
      db.prepare('UPDATE journal SET payload = ?, hash = ? WHERE seq = 4').run(JSON.stringify(payload), hash);
    });
    // Entry 4 now fails its signature (and entry 5 its link, but 4 is named first).
    expect(r.first_break).toMatchObject({ seq: 4, problem: 'signature' });
  });

  it('names a deleted entry', () => {
    expect(verifyAfter((db) => db.prepare('DELETE FROM journal WHERE seq = 6').run()).first_break).toMatchObject({ seq: 7, problem: 'sequence' });
  });

  it('names a deletion whose followers were renumbered', () => {
    const r = verifyAfter((db) => {
      db.prepare('DELETE FROM journal WHERE seq = 6').run();
      shift(db, 7, -1);
    });
    expect(r.first_break).toMatchObject({ seq: 6, problem: 'link' });
  });

  it('names entries deleted from the end', () => {
    const r = verifyAfter((db) => db.prepare('DELETE FROM journal WHERE seq >= 9').run());
    expect(r.first_break).toEqual({ seq: 9, problem: 'missing', detail: 'entries 9 to 10 are missing: the journal should end at entry 10' });
  });

  it('names an inserted entry', () => {
    const r = verifyAfter((db) => {
      shift(db, 6, 1);
      const copy = db.prepare('SELECT * FROM journal WHERE seq = 5').get() as Record<string, unknown>;
      db.prepare('INSERT INTO journal (seq, at, terminal, type, operator, payload, prev_hash, hash, signature) VALUES (6, @at, @terminal, @type, @operator, @payload, @prev_hash, @hash2, @signature)').run({
        ...copy,
        hash2: 'f'.repeat(64),
      });
    });
    expect(r.first_break).toMatchObject({ seq: 6, problem: 'link' });
  });

  it('names reordered entries', () => {
    const r = verifyAfter((db) => swap(db, 4, 5));
    expect(r.first_break).toMatchObject({ seq: 4, problem: 'link' });
  });
});
