/**
 * A push's payouts against central's claims, in one batch whatever its mix, on both engines: a ticket
 * nobody claimed is paid by the pusher; one held (by it or by a hold another terminal left) becomes paid
 * by it; one paid elsewhere, or paid twice in the same batch, is a payout exception told on the feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireJournalEntry } from '../../../common/protocol/index.js';
import { payoutExceptions, reconcilePayouts } from '../../../central/store/claims.js';
import type { Central } from '../../../central/store/context.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { ENGINES, testCentral } from '../support/engines.js';

const AT = '2026-11-30T10:00:00.000Z';
const ticket = (unit: number): string => `annee-chance-2013/4/1/${unit}`;
const payout = (seq: number, unit: number, amount = 500): WireJournalEntry =>
  ({ seq, at: AT, terminal: 'T1', type: 'payout', operator: 'alice', payload: { game: 'annee-chance-2013', emission: 4, block: 1, unit, amount_cents: amount }, prev_hash: 'p', hash: 'h', signature: 's' }) as WireJournalEntry;
const CLAIM = `INSERT INTO ticket_claims (ticket, state, terminal_id, claimed_at, held_until, paid_at, paid_seq, amount_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

describe.each(ENGINES)('payouts reconciled with claims on %s', (engine) => {
  let store: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;

  beforeAll(async () => {
    store = await testCentral(engine, 'reconcile', { now: () => AT });
    c = store.central;
    for (const id of ['T1', 'T2']) await addTerminal(c, 'test', id, `Tabac ${id}`);
    await c.db.execute(CLAIM, [ticket(2), 'held', 'T1', AT, '2026-11-30T10:02:00.000Z', null, null, null]);
    await c.db.execute(CLAIM, [ticket(3), 'held', 'T2', AT, '2026-11-30T09:59:00.000Z', null, null, null]);
    await c.db.execute(CLAIM, [ticket(4), 'paid', 'T2', AT, null, '2026-11-29T18:00:00.000Z', 41, 700]);
  }, 180_000);
  afterAll(() => store?.close(), 60_000);

  it('pays the unclaimed and the held, and makes exceptions of the paid elsewhere and of a repeat', async () => {
    const batch = [payout(10, 1), payout(11, 2), payout(12, 3), payout(13, 4, 600), payout(14, 1)];
    const { exceptions, paid } = await c.db.transaction((tx) => reconcilePayouts(c, tx, 'T1', batch));
    expect(exceptions).toBe(2);
    expect(paid.sort()).toEqual([ticket(1), ticket(2), ticket(3)]);
    const rows = await c.db.query<{ ticket: string; state: string; terminal_id: string; paid_seq: number; amount_cents: number }>(
      'SELECT ticket, state, terminal_id, paid_seq, amount_cents FROM ticket_claims ORDER BY ticket',
    );
    expect(rows).toEqual([
      { ticket: ticket(1), state: 'paid', terminal_id: 'T1', paid_seq: 10, amount_cents: 500 },
      { ticket: ticket(2), state: 'paid', terminal_id: 'T1', paid_seq: 11, amount_cents: 500 },
      { ticket: ticket(3), state: 'paid', terminal_id: 'T1', paid_seq: 12, amount_cents: 500 },
      { ticket: ticket(4), state: 'paid', terminal_id: 'T2', paid_seq: 41, amount_cents: 700 },
    ]);
    const x = await payoutExceptions(c);
    expect(x.map((e) => [e.ticket, e.first.terminal, e.first.amount_cents, e.second.terminal, e.second.journal_seq, e.second.amount_cents])).toEqual([
      [ticket(4), 'T2', 700, 'T1', 13, 600],
      [ticket(1), 'T1', 500, 'T1', 14, 500],
    ]);
    const feed = await c.db.query<{ kind: string; terminal_id: string }>(`SELECT kind, terminal_id FROM feed WHERE kind = 'payout_exception' ORDER BY cursor`);
    expect(feed).toEqual([
      { kind: 'payout_exception', terminal_id: 'T1' },
      { kind: 'payout_exception', terminal_id: 'T1' },
    ]);
  });

  it('changes nothing the second time the same batch comes (a retried push)', async () => {
    const before = await c.db.query('SELECT * FROM ticket_claims ORDER BY ticket');
    const again = await c.db.transaction((tx) => reconcilePayouts(c, tx, 'T1', [payout(13, 4, 600), payout(14, 1)]));
    expect(again).toEqual({ exceptions: 0, paid: [] });
    expect(await c.db.query('SELECT * FROM ticket_claims ORDER BY ticket')).toEqual(before);
    expect(await payoutExceptions(c)).toHaveLength(2);
  });
});
