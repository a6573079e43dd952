import { afterEach, describe, expect, it } from 'vitest';
import { dammDigit, inventoryBarcode } from '../../../../games/ticket-id.js';
import { closeCashSession, openCashSession, xReport } from '../../../../main/services/cash/sessions.js';
import { upsertCentralPack, type CentralPackRow } from '../../../../db/queries/central-packs.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { receivePack, returnPack } from '../../../../main/services/packs/packs.js';
import { addToStopList } from '../../../../main/services/packs/stop-list.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { voidSale } from '../../../../main/services/sales/void.js';
import { counterTerminal, expectRefusal, unknownUnit, type CounterFixture } from '../packs/counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

function outboxOf(f: CounterFixture, key: string): { type: string; payload: Record<string, unknown> } | undefined {
  const row = f.t.db.prepare('SELECT type, payload FROM outbox WHERE idempotency_key = ?').get(`T-001/${key}`) as { type: string; payload: string } | undefined;
  return row ? { type: row.type, payload: JSON.parse(row.payload) as Record<string, unknown> } : undefined;
}

describe('selling paper tickets', () => {
  it('sells a cart for cash: total, change, sequential receipt, journal money, one outbox event', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const sale = sellTickets(fx.t, fx.bob, { barcodes: [fx.inv(10), ` ${fx.inv(111)} `], tendered_cents: 1000 });
    expect(sale).toMatchObject({ sale_id: 1, receipt_no: 1, total_cents: 600, tendered_cents: 1000, change_cents: 400, outbox_key: 'T-001/sale/1' });
    expect(sale.lines.map((l) => [l.ticket, l.pack, l.price_cents])).toEqual([
      ['213-001-01-00000-010-' + fx.inv(10).slice(15), '213-001-01-00000', 300],
      ['213-001-01-00001-011-' + fx.inv(111).slice(15), '213-001-01-00001', 300],
    ]);
    expect(sale.receipt).toMatchObject({ kind: 'sale', receiptNumber: '1', operator: 'bob', terminalId: 'T-001', totalCents: 600, tenderedCents: 1000, changeCents: 400, duplicate: false });
    expect(sale.receipt.items).toHaveLength(2);
    const entry = fx.t.db.prepare("SELECT payload FROM journal WHERE type = 'sale'").get() as { payload: string };
    expect(JSON.parse(entry.payload)).toMatchObject({ sale_id: 1, receipt_no: 1, money: { kind: 'sale', lines: [{ game: 'annee-chance-2013', count: 2, amount_cents: 600 }] } });
    expect(outboxOf(fx, 'sale/1')).toMatchObject({ type: 'sale', payload: { terminal: 'T-001', type: 'sale', sale_id: 1, receipt_no: 1, total_cents: 600 } });
    const next = sellTickets(fx.t, fx.bob, { barcodes: [fx.inv(11)], tendered_cents: 300 });
    expect([next.receipt_no, next.change_cents]).toEqual([2, 0]);
    expect(xReport(fx.t, fx.alice).cash.expected_cents).toBe(10_000 + 900);
    expect(verifyJournal(fx.t).ok).toBe(true);
  });

  it('refuses every bad ticket and changes nothing (no receipt number is used)', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const sell = (barcodes: string[], tendered = 10_000) => () => sellTickets(f.t, f.bob, { barcodes, tendered_cents: tendered });
    sellTickets(f.t, f.bob, { barcodes: [f.inv(20)], tendered_cents: 300 });
    expectRefusal(f, 'already-sold', sell([f.inv(21), f.inv(20)]));
    expectRefusal(f, 'pack-not-received', sell([f.inv(120)]));
    receivePack(f.t, f.bob, f.packNo(1));
    expect(expectRefusal(f, 'pack-not-active', sell([f.inv(120)])).message).toMatch(/received, not active/);
    returnPack(f.t, f.alice, f.packNo(1));
    expectRefusal(f, 'pack-not-active', sell([f.inv(120)]));
    expectRefusal(f, 'unknown-ticket', sell([unknownUnit().inv]));
    expectRefusal(f, 'unknown-ticket', sell([inventoryBarcode({ game: 'annee-chance-2013', emission: 1, block: 1, unit: 400 })]));
    const inv = f.inv(22);
    expectRefusal(f, 'bad-check-digit', sell([inv.slice(0, 15) + String((Number(inv[15]) + 1) % 10)]));
    expectRefusal(f, 'malformed', sell(['12345']));
    const noGame = `999${inv.slice(3, 15)}`;
    expectRefusal(f, 'unknown-ticket', sell([noGame + String(dammDigit(noGame))])); // no game has number 999
    expectRefusal(f, 'not-inventory', sell([f.val(22)]));
    expectRefusal(f, 'not-paper', sell([inventoryBarcode(f.files.digital.units[2]!.id)]));
    expectRefusal(f, 'duplicate-in-cart', sell([f.inv(22), f.inv(23), f.inv(22)]));
    // Named as printed on the ticket, not by the raw barcode (#41).
    expect(sell([f.inv(22), f.inv(23), f.inv(22)])).toThrow(expect.objectContaining({ details: { ticket: expect.stringMatching(/^213-\d{3}-\d{2}-\d{5}-022-\d$/) as unknown } }));
    expectRefusal(f, 'empty-cart', sell([]));
    expectRefusal(f, 'insufficient-tender', sell([f.inv(22), f.inv(23)], 599));
    expectRefusal(f, 'bad-amount', sell([f.inv(22)], 300.5));
    addToStopList(f.t, f.alice, f.inv(24), 'damaged');
    expectRefusal(f, 'stop-listed', sell([f.inv(24)]));
    expectRefusal(f, 'forbidden', () => sellTickets(f.t, f.tom, { barcodes: [f.inv(22)], tendered_cents: 300 }));
    closeCashSession(f.t, f.alice, { counted_cents: 10_300 });
    expectRefusal(f, 'no-open-session', sell([f.inv(22)]));
    expect(f.t.db.prepare("SELECT value FROM counters WHERE name = 'receipt'").get()).toEqual({ value: 1 });
  });

  it('refuses to sell a ticket paid or claimed here, and the till does not count it (#19)', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    expect(payTicket(f.t, f.bob, f.val(4)).status).toBe('paid');
    expect(payTicket(f.t, f.bob, f.val(1)).status).toBe('claimed');
    const till = xReport(f.t, f.alice).cash.expected_cents;
    const sell = (unit: number) => () => sellTickets(f.t, f.bob, { barcodes: [f.inv(unit)], tendered_cents: 300 });
    expect(expectRefusal(f, 'already-paid', sell(4)).message).toMatch(/paid on .* \(receipt 1\): a paid ticket is never sold/);
    expect(expectRefusal(f, 'already-claimed', sell(1)).message).toMatch(/claim filed/);
    // The sell screen names the ticket by its printed number from the refusal's details, not its message.
    expect(sell(1)).toThrow(expect.objectContaining({ details: { ticket: '213-001-01-00000-001-6' } }));
    // In a cart with a good ticket too: nothing sold.
    expectRefusal(f, 'already-paid', () => sellTickets(f.t, f.bob, { barcodes: [f.inv(30), f.inv(4)], tendered_cents: 600 }));
    expect(xReport(f.t, f.alice).cash.expected_cents).toBe(till);
    expect(f.t.db.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 0 });
  });

  it('refuses a pack central settled or returned (heard through its feed), though it is still active here', async () => {
    fx = await counterTerminal({ activePacks: [0, 1, 2] });
    const f = fx;
    const sell = (barcodes: string[]) => () => sellTickets(f.t, f.bob, { barcodes, tendered_cents: 10_000 });
    const announce = (pack: number, over: Partial<CentralPackRow>): void =>
      upsertCentralPack(f.t.db, {
        game: 'annee-chance-2013', emission: 1, block: 1, pack, state: 'active', terminal: 'T-001',
        received_at: '2026-11-01T08:00:00.000Z', activated_at: '2026-11-01T08:05:00.000Z', returned_at: null, settled_at: null, settle_reason: null,
        low_tier_winners: 6, low_tier_validated: 0, updated_at: '2026-11-20T10:00:00.000Z', ...over,
      });
    // Central's word that the pack is active (or only received: this terminal's activation still queued) changes nothing.
    announce(0, { state: 'active' });
    announce(2, { state: 'received', activated_at: null });
    expect(sellTickets(f.t, f.bob, { barcodes: [f.inv(40), f.inv(240)], tendered_cents: 600 }).lines).toHaveLength(2);
    announce(1, { state: 'settled', settled_at: '2026-11-20T10:00:00.000Z', settle_reason: 'days' });
    announce(2, { state: 'returned', returned_at: '2026-11-21T09:00:00.000Z', settled_at: '2026-11-21T09:00:00.000Z', settle_reason: 'returned' });
    // The same refusal as a pack settled or returned here, with central's word and date in the message.
    expect(f.t.db.prepare('SELECT pack, state FROM packs ORDER BY pack').all()).toEqual([0, 1, 2].map((pack) => ({ pack, state: 'active' })));
    expect(expectRefusal(f, 'pack-not-active', sell([f.inv(141)])).message).toBe(
      `ticket ${'213-001-01-00001-041-' + f.inv(141).slice(15)}: pack 213-001-01-00001 was settled at central on 2026-11-20T10:00:00.000Z: not for sale (ticket non enregistré)`,
    );
    expect(expectRefusal(f, 'pack-not-active', sell([f.inv(41), f.inv(241)])).message).toMatch(/pack 213-001-01-00002 was returned at central on 2026-11-21T09:00:00.000Z: not for sale/);
    expect(sellTickets(f.t, f.bob, { barcodes: [f.inv(41)], tendered_cents: 300 }).lines).toHaveLength(1);
  });
});

describe('voiding a sale', () => {
  it('a manager voids a sale of the current session: refund, own receipt number, tickets sellable again', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const sale = sellTickets(f.t, f.bob, { barcodes: [f.inv(30), f.inv(31)], tendered_cents: 600 });
    expectRefusal(f, 'forbidden', () => voidSale(f.t, f.bob, { receipt_no: sale.receipt_no, reason: 'wrong tickets' }));
    expectRefusal(f, 'bad-input', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: ' ' }));
    expectRefusal(f, 'no-such-sale', () => voidSale(f.t, f.alice, { receipt_no: 99, reason: 'x' }));
    const v = voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'customer changed mind' });
    expect(v).toMatchObject({ sale_id: 1, voided_receipt_no: 1, receipt_no: 2, amount_cents: 600, outbox_key: 'T-001/void/sale/1' });
    expect(v.receipt).toMatchObject({ kind: 'void', receiptNumber: '2', voidedReceiptNumber: '1', voidedKind: 'sale', amountCents: 600, reason: 'customer changed mind' });
    expect(outboxOf(f, 'void/sale/1')?.payload).toMatchObject({ money: { kind: 'void', lines: [{ game: 'annee-chance-2013', count: 2, amount_cents: 600 }] } });
    expectRefusal(f, 'already-voided', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'again' }));
    expect(sellTickets(f.t, f.bob, { barcodes: [f.inv(30)], tendered_cents: 300 }).receipt_no).toBe(3);
    const report = xReport(f.t, f.alice);
    expect(report.cash.expected_cents).toBe(10_000 + 600 - 600 + 300);
    expect(report.cash.voids_cents).toBe(600);
  });

  it('voids some tickets of a sale: those refunded and sellable again, the others still sold, then the rest', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const sale = sellTickets(f.t, f.bob, { barcodes: [f.inv(30), f.inv(31), f.inv(32)], tendered_cents: 900 });
    // Wrong positions change nothing.
    expectRefusal(f, 'no-such-line', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'x', lines: [3] }));
    expectRefusal(f, 'bad-input', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'x', lines: [1, 1] }));
    expectRefusal(f, 'bad-input', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'x', lines: [] }));
    const some = voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'one ticket torn', lines: [1] });
    expect(some).toMatchObject({ voided_receipt_no: 1, receipt_no: 2, amount_cents: 300, lines: [1], outbox_key: 'T-001/void/sale/1/lines/1' });
    expect(some.receipt).toMatchObject({ kind: 'void', amountCents: 300, tickets: [expect.stringMatching(/-00000-031-\d$/)] });
    expect(outboxOf(f, 'void/sale/1/lines/1')?.payload).toMatchObject({ money: { kind: 'void', lines: [{ game: 'annee-chance-2013', count: 1, amount_cents: 300 }] } });
    expectRefusal(f, 'already-voided', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'again', lines: [1] }));
    // The voided ticket may be sold again; the other two are still sold.
    expect(sellTickets(f.t, f.bob, { barcodes: [f.inv(31)], tendered_cents: 300 }).receipt_no).toBe(3);
    expectRefusal(f, 'already-sold', () => sellTickets(f.t, f.bob, { barcodes: [f.inv(30)], tendered_cents: 300 }));
    // The rest of the sale: what is left, not the sale's whole total.
    const rest = voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'customer changed mind' });
    expect(rest).toMatchObject({ receipt_no: 4, amount_cents: 600, lines: [0, 2], outbox_key: 'T-001/void/sale/1/lines/0-2' });
    expectRefusal(f, 'already-voided', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'again' }));
    const report = xReport(f.t, f.alice);
    expect(report.cash.voids_cents).toBe(900);
    expect(report.cash.expected_cents).toBe(10_000 + 900 - 900 + 300);
    expect(verifyJournal(f.t).ok).toBe(true);
  });

  it('refuses to void a sale of an earlier cash session, and a payout receipt', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const sale = sellTickets(f.t, f.bob, { barcodes: [f.inv(40)], tendered_cents: 300 });
    const paid = payTicket(f.t, f.bob, f.val(5));
    expectRefusal(f, 'no-such-sale', () => voidSale(f.t, f.alice, { receipt_no: paid.status === 'paid' ? paid.payout.receipt_no : 0, reason: 'x' }));
    closeCashSession(f.t, f.alice, { counted_cents: 10_000 + 300 - 1000 });
    openCashSession(f.t, f.alice, { float_cents: 5000 });
    expectRefusal(f, 'other-session', () => voidSale(f.t, f.alice, { receipt_no: sale.receipt_no, reason: 'late' }));
  });
});

describe('receipt numbers', () => {
  it('are sequential across sales, voids, payouts and claims, and a refusal never uses one', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const numbers: number[] = [];
    const s = sellTickets(f.t, f.bob, { barcodes: [f.inv(50)], tendered_cents: 300 });
    numbers.push(s.receipt_no);
    expect(() => sellTickets(f.t, f.bob, { barcodes: [f.inv(50)], tendered_cents: 300 })).toThrow();
    const p = payTicket(f.t, f.bob, f.val(4));
    numbers.push(p.status === 'paid' ? p.payout.receipt_no : -1);
    expect(() => payTicket(f.t, f.bob, f.val(4))).toThrow();
    const c = payTicket(f.t, f.bob, f.val(1));
    numbers.push(c.status === 'claimed' ? c.claim.receipt_no : -1);
    numbers.push(voidSale(f.t, f.alice, { receipt_no: s.receipt_no, reason: 'x' }).receipt_no);
    expect(numbers).toEqual([1, 2, 3, 4]);
    const inJournal = (f.t.db.prepare('SELECT payload FROM journal ORDER BY seq').all() as { payload: string }[])
      .map((r) => (JSON.parse(r.payload) as { receipt_no?: number }).receipt_no)
      .filter((n) => n !== undefined);
    expect(inJournal).toEqual([1, 2, 3, 4]);
  });
});
