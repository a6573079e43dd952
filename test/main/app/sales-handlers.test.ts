import { describe, expect, it } from 'vitest';
import { verifyJournal } from '../../../main/services/journal/verify.js';
import { demoAppsPerTest, displaysOf, inv } from './sales-fixture.js';

const apps = demoAppsPerTest();
const cashier = apps.cashier;

describe('sale handlers on the demo terminal', () => {
  it('checks a cart without keeping anything and shows its total on the customer display', async () => {
    const f = await cashier();
    const before = f.counts();
    const cart = await f.call('sale.preview', { barcodes: [inv(3), inv(4)] });
    expect(cart.count).toBe(2);
    expect(cart.total_cents).toBe(600);
    expect(cart.lines.map((l) => [l.barcode, l.game, l.pack, l.price_cents])).toEqual([
      [inv(3), 'annee-chance-2013', '213-001-01-00000', 300],
      [inv(4), 'annee-chance-2013', '213-001-01-00000', 300],
    ]);
    expect(cart.lines[0]?.ticket).toMatch(/^213-001-01-00000-003-\d$/);
    expect(cart.lines[0]?.game_name).toMatch(/chance/i);
    expect(f.counts()).toEqual(before);
    expect(displaysOf(f).at(-1)).toEqual({ kind: 'cart', count: 2, total_cents: 600 });
    const empty = await f.call('sale.preview', { barcodes: [] });
    expect(empty).toEqual({ lines: [], count: 0, total_cents: 0 });
    expect(displaysOf(f).at(-1)).toEqual({ kind: 'cart', count: 0, total_cents: 0 });
  });

  it('refuses in the cart what the sale would refuse, naming the ticket, and changes nothing', async () => {
    const f = await cashier();
    const before = f.counts();
    expect(await f.refused('sale.preview', { barcodes: [inv(3), inv(150)] }, 'pack-not-active')).toMatch(/213-001-01-00001/);
    expect(await f.refused('sale.preview', { barcodes: [inv(3), inv(3)] }, 'duplicate-in-cart')).toMatch(inv(3));
    expect(await f.refused('sale.preview', { barcodes: [inv(250)] }, 'pack-not-received')).toMatch(/213-001-01-00002/);
    await f.refused('sale.preview', { barcodes: ['12345'] }, 'malformed');
    expect(f.counts()).toEqual(before);
  });

  it('sells for cash, prints the receipt after commit with its picture, and shows the change', async () => {
    const f = await cashier();
    // The cart's dry runs leave no gap in receipt numbers nor in the journal chain.
    await f.call('sale.preview', { barcodes: [inv(5)] });
    await f.call('sale.preview', { barcodes: [inv(5), inv(6)] });
    const { sale, receipt } = await f.call('sale.complete', { barcodes: [inv(5), inv(6)], tendered_cents: 1000 });
    expect(sale).toMatchObject({ receipt_no: 1, total_cents: 600, tendered_cents: 1000, change_cents: 400 });
    expect(receipt).toMatchObject({ receipt_no: 1, kind: 'sale', printed: true });
    expect(receipt.picture).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(f.printer.receipts).toHaveLength(1);
    expect(f.printer.receipts[0]?.lines.join('\n')).toContain(sale.lines[0]?.ticket);
    expect(displaysOf(f).at(-1)).toEqual({ kind: 'sale', total_cents: 600, tendered_cents: 1000, change_cents: 400 });
    await f.refused('sale.complete', { barcodes: [inv(5)], tendered_cents: 300 }, 'already-sold');
    expect(verifyJournal(f.app.context.terminal).ok).toBe(true);
    // The drawer opened for the cash, after the sale was committed, and the opening is journaled.
    expect(f.printer.kicks).toEqual([2]);
    const opened = f.app.context.terminal.db.prepare("SELECT operator, payload FROM journal WHERE type = 'drawer.open'").all() as { operator: string; payload: string }[];
    expect(opened).toEqual([{ operator: 'Camille', payload: JSON.stringify({ for_receipt: 1, reason: 'sale' }) }]);
    // The X report counts it.
    await f.login('Marie');
    const x = await f.call('cash.x', { print: true });
    expect(JSON.stringify(x)).toContain('"drawer_openings":1');
    expect(f.printer.receipts.at(-1)?.lines.join('\n')).toMatch(/Ouvertures du tiroir\s+1/);
  });

  it('refuses less cash than the total, and a sale without an open cash session', async () => {
    const f = await cashier();
    const before = f.counts();
    expect(await f.refused('sale.complete', { barcodes: [inv(7), inv(8)], tendered_cents: 500 }, 'insufficient-tender')).toMatch(/600 cents \(100 missing\)/);
    expect(f.counts()).toEqual(before);
    const g = await apps.open();
    f.cleanup();
    await g.login('Camille');
    await g.refused('sale.preview', { barcodes: [inv(7)] }, 'no-open-session');
    await g.refused('sale.complete', { barcodes: [inv(7)], tendered_cents: 300 }, 'no-open-session');
  });

  it('keeps the sale when the printer fails, reports it, and reprints a duplicate', async () => {
    const f = await cashier();
    f.printer.failNext('offline');
    const { sale, receipt } = await f.call('sale.complete', { barcodes: [inv(9)], tendered_cents: 300 });
    expect(receipt.printed).toBe(false);
    expect(receipt.error).toMatch(/offline/);
    expect(f.counts().sales).toBe(1);
    // The drawer still opened: the printer came back for the kick.
    expect(f.printer.kicks).toHaveLength(1);
    const again = await f.call('sale.reprint', { receipt_no: sale.receipt_no });
    expect(again).toMatchObject({ printed: true, receipt_no: sale.receipt_no, kind: 'sale' });
    expect(f.printer.receipts.at(-1)?.lines.join('\n')).toMatch(/DUPLICATA/);
    await f.refused('sale.reprint', { receipt_no: 99 }, 'no-such-sale');
  });

  it('lets a manager void a sale of the session; a cashier may not', async () => {
    const f = await cashier();
    const { sale } = await f.call('sale.complete', { barcodes: [inv(10), inv(11)], tendered_cents: 600 });
    const before = f.counts();
    await f.refused('sale.void', { receipt_no: sale.receipt_no, reason: 'mistake' }, 'forbidden');
    expect(f.counts()).toEqual(before);
    await f.login('Marie');
    const { void: v, receipt } = await f.call('sale.void', { receipt_no: sale.receipt_no, reason: 'customer changed mind' });
    expect(v).toMatchObject({ voided_receipt_no: 1, receipt_no: 2, amount_cents: 600 });
    expect(receipt).toMatchObject({ printed: true, kind: 'void', receipt_no: 2 });
    const { sales } = await f.call('sale.list', {});
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ receipt_no: 1, count: 2, total_cents: 600, voided: true, void_receipt_no: 2, operator: 'Camille', digital: false });
    await f.refused('sale.void', { receipt_no: 1, reason: 'again' }, 'already-voided');
    // The voided tickets may be sold again.
    const cart = await f.call('sale.preview', { barcodes: [inv(10)] });
    expect(cart.count).toBe(1);
  });

  it('refuses a technician everything that sells, even called directly', async () => {
    const fx = await apps.open();
    await fx.login('Marie');
    await fx.call('cash.open', { float_cents: 0 });
    await fx.login('Theo');
    const before = fx.counts();
    await fx.refused('sale.preview', { barcodes: [inv(12)] }, 'forbidden');
    await fx.refused('sale.complete', { barcodes: [inv(12)], tendered_cents: 300 }, 'forbidden');
    await fx.refused('sale.list', {}, 'forbidden');
    await fx.refused('sale.void', { receipt_no: 1, reason: 'x' }, 'forbidden');
    expect(fx.counts()).toEqual(before);
  });

  it('asks for a login first and validates input', async () => {
    const fx = await apps.open();
    await fx.refused('sale.preview', { barcodes: [inv(1)] }, 'not-logged-in');
    // Before anyone logs in even a malformed call is refused for the login, not looked at.
    await fx.refused('sale.complete', { barcodes: [], tendered_cents: 0 }, 'not-logged-in');
    await fx.login('Camille');
    await fx.refused('sale.complete', { barcodes: [], tendered_cents: 0 }, 'invalid-input');
    await fx.refused('sale.complete', { barcodes: [inv(1)], tendered_cents: 1.5 }, 'invalid-input');
  });
});
