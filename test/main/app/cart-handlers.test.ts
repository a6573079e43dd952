/** The cart is state kept by the terminal: it survives a new window (and a restart), and abandoning it is journaled. */
import { describe, expect, it } from 'vitest';
import { writeSetting } from '../../../db/queries/terminal.js';
import { createApp } from '../../../main/app/app.js';
import { openLotteryTerminal } from '../../../main/kernel/open.js';
import { demoAppsPerTest, displaysOf, inv, type AppFixture } from './sales-fixture.js';

const apps = demoAppsPerTest();
const cashier = apps.cashier;
const lastJournal = (f: AppFixture) =>
  f.app.context.terminal.db.prepare('SELECT type, operator, payload FROM journal ORDER BY seq DESC LIMIT 1').get() as { type: string; operator: string; payload: string };

describe('the counter cart', () => {
  it('is kept by the terminal: the next cart.get (a reload, another screen) finds it, shown on the customer display', async () => {
    const f = await cashier();
    expect(await f.call('cart.get', {})).toEqual({ lines: [], count: 0, total_cents: 0 });
    await f.call('cart.set', { barcodes: [inv(3)] });
    const cart = await f.call('cart.set', { barcodes: [inv(3), inv(4)] });
    expect(cart).toMatchObject({ count: 2, total_cents: 600 });
    f.events.length = 0;
    const again = await f.call('cart.get', {});
    expect(again.lines.map((l) => l.barcode)).toEqual([inv(3), inv(4)]);
    expect(displaysOf(f).at(-1)).toEqual({ kind: 'cart', count: 2, total_cents: 600 });
  });

  it('survives a restart of the application on the same data folder', async () => {
    const f = await cashier();
    await f.call('cart.set', { barcodes: [inv(7)] });
    f.app.close();
    const app = createApp({ terminal: openLotteryTerminal(f.dir), devices: { printer: f.printer }, host: 'browser', version: 'test', log: () => undefined });
    try {
      const login = await app.call('auth.login', { name: 'Camille', pin: '2222' });
      expect(login.ok).toBe(true);
      const r = await app.call('cart.get', {});
      expect(r.ok && r.value).toMatchObject({ count: 1, total_cents: 300 });
    } finally {
      app.close();
      (f as { app: unknown }).app = { close: () => undefined };
    }
  });

  it('refuses a bad ticket and keeps the previous cart', async () => {
    const f = await cashier();
    await f.call('cart.set', { barcodes: [inv(3)] });
    await f.refused('cart.set', { barcodes: [inv(3), inv(150)] }, 'pack-not-active');
    expect((await f.call('cart.get', {})).count).toBe(1);
  });

  it('is abandoned on purpose only, journaled, and the customer display is cleared', async () => {
    const f = await cashier();
    await f.call('cart.set', { barcodes: [inv(3), inv(4)] });
    const before = f.counts();
    expect(await f.call('cart.abandon', {})).toEqual({ abandoned: true });
    expect(f.counts()).toEqual({ ...before, journal: (before.journal ?? 0) + 1 });
    const entry = lastJournal(f);
    expect(entry.type).toBe('sale.abandoned');
    expect(entry.operator).toBe('Camille');
    expect(JSON.parse(entry.payload)).toMatchObject({ count: 2, total_cents: 600 });
    expect(displaysOf(f).at(-1)).toEqual({ kind: 'idle' });
    expect(await f.call('cart.get', {})).toMatchObject({ count: 0 });
    // Nothing to abandon: nothing journaled.
    expect(await f.call('cart.abandon', {})).toEqual({ abandoned: false });
    expect(f.counts().journal).toBe((before.journal ?? 0) + 1);
  });

  it('is emptied by the sale that takes it', async () => {
    const f = await cashier();
    await f.call('cart.set', { barcodes: [inv(5), inv(6)] });
    await f.call('sale.complete', { barcodes: [inv(5), inv(6)], tendered_cents: 600 });
    expect(await f.call('cart.get', {})).toMatchObject({ count: 0 });
  });

  it('drops a ticket that can no longer be sold since it was scanned', async () => {
    const f = await cashier();
    await f.call('sale.complete', { barcodes: [inv(9)], tendered_cents: 300 });
    // A cart kept before that sale (another window's), holding the ticket now sold.
    writeSetting(f.app.context.terminal.db, 'counter.cart', JSON.stringify({ barcodes: [inv(8), inv(9)], operator: 'Camille', updated_at: '' }), '');
    const cart = await f.call('cart.get', {});
    expect(cart.lines.map((l) => l.barcode)).toEqual([inv(8)]);
  });

  it('is refused to a technician', async () => {
    const fx = await apps.open();
    await fx.login('Theo');
    await fx.refused('cart.set', { barcodes: [inv(3)] }, 'forbidden');
  });
});
