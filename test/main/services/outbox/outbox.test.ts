import { afterEach, describe, expect, it } from 'vitest';
import { markOutboxSent, outboxRowByKey, recordOutboxFailure } from '../../../../db/queries/outbox.js';
import { record } from '../../../../main/kernel/record.js';
import { OutboxError } from '../../../../main/kernel/errors.js';
import { listOutbox } from '../../../../main/services/outbox/outbox.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { makeTerminal, snapshot, type Fixture } from '../terminal/fixture.js';

let f: Fixture | undefined;
afterEach(() => f?.cleanup());

const sale = (f: Fixture, id: number) =>
  inTransaction(f.t, () =>
    record(f.t, {
      type: 'sale',
      operator: f.alice,
      payload: { sale_id: id },
      receipt: true,
      money: { kind: 'sale', lines: [{ game: 'millionnaire', count: 1, amount_cents: 1000 }] },
      outbox: { key: `sale/${id}` },
    }),
  );

describe('outbox', () => {
  it('writes the event with its journal entry, under a key that stays the same on every retry', async () => {
    f = await makeTerminal({ operators: false });
    const r = sale(f, 7);
    expect(r.outbox_key).toBe('T-001/sale/7');
    const row = outboxRowByKey(f.t.db, 'T-001/sale/7')!;
    expect(row.journal_seq).toBe(r.seq);
    expect(JSON.parse(row.payload)).toEqual({
      terminal: 'T-001',
      journal_seq: r.seq,
      at: '2026-11-30T09:00:00.000Z',
      type: 'sale',
      operator: 'alice',
      sale_id: 7,
      receipt_no: 1,
      money: { kind: 'sale', lines: [{ game: 'millionnaire', count: 1, amount_cents: 1000 }] },
    });
    recordOutboxFailure(f.t.db, row.id, '2026-11-30T09:01:00.000Z', 'ECONNREFUSED');
    recordOutboxFailure(f.t.db, row.id, '2026-11-30T09:02:00.000Z', 'timeout');
    const retried = outboxRowByKey(f.t.db, 'T-001/sale/7')!;
    expect(retried).toMatchObject({ id: row.id, idempotency_key: 'T-001/sale/7', payload: row.payload, attempts: 2, last_error: 'timeout' });
    expect(listOutbox(f.t, f.alice)).toEqual({
      pending: 1,
      events: [{ key: 'T-001/sale/7', type: 'sale', journal_seq: r.seq, created_at: '2026-11-30T09:00:00.000Z', attempts: 2, last_attempt_at: '2026-11-30T09:02:00.000Z', last_error: 'timeout' }],
    });
    markOutboxSent(f.t.db, row.id, '2026-11-30T09:03:00.000Z');
    expect(listOutbox(f.t, f.alice).pending).toBe(0);
  });

  it('refuses the same event twice and rolls the whole transaction back (no journal entry, no receipt number)', async () => {
    f = await makeTerminal({ operators: false });
    sale(f, 1);
    const before = snapshot(f.t);
    expect(() => sale(f!, 1)).toThrow(OutboxError);
    expect(() => sale(f!, 1)).toThrow('event T-001/sale/1 was already recorded');
    expect(snapshot(f.t)).toEqual(before);
    expect(sale(f, 2).receipt_no).toBe(2);
  });

  it('cannot be written outside a transaction', async () => {
    f = await makeTerminal({ operators: false });
    expect(() => record(f!.t, { type: 'sale', operator: f!.alice, outbox: { key: 'sale/1' } })).toThrow(/inside a transaction/);
    expect(listOutbox(f.t, f.alice).pending).toBe(0);
  });
});
