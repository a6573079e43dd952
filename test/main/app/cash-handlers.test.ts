import { afterEach, describe, expect, it } from 'vitest';
import { demoApp, inv, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

describe('cash handlers on the demo terminal', () => {
  it('opens with a float, moves cash, shows and prints the X, and closes with a printed Z', async () => {
    fx = await demoApp();
    await fx.login('Camille');
    expect(await fx.call('cash.status', {})).toEqual({ open: null, last_z: null });
    const opened = await fx.call('cash.open', { float_cents: 15_000 });
    expect(opened.open).toMatchObject({ opened_by: 'Camille', float_cents: 15_000 });
    await fx.refused('cash.open', { float_cents: 0 }, 'session-open');
    await fx.call('sale.complete', { barcodes: [inv(20), inv(21)], tendered_cents: 1000 });
    await fx.refused('cash.move', { kind: 'in', amount_cents: 500, reason: 'change' }, 'forbidden');
    await fx.refused('cash.x', {}, 'forbidden');
    await fx.login('Marie');
    expect(await fx.call('cash.move', { kind: 'in', amount_cents: 2_000, reason: 'coins' })).toMatchObject({ kind: 'in', amount_cents: 2_000, reason: 'coins' });
    await fx.call('cash.move', { kind: 'out', amount_cents: 500, reason: 'bank' });
    await fx.refused('cash.move', { kind: 'out', amount_cents: 1_000_000, reason: 'bank' }, 'insufficient-cash');
    // The screen's sentence comes from data: the amount asked and the cash the drawer should hold, in cents.
    const short = await fx.app.call('cash.move', { kind: 'out', amount_cents: 1_000_000, reason: 'bank' });
    expect(short.ok ? null : short.error.details).toEqual({ amount_cents: 1_000_000, available_cents: 17_100 });
    const printedBefore = fx.printer.receipts.length;
    const x = await fx.call('cash.x', {});
    expect(x.receipt).toBeNull();
    expect(fx.printer.receipts).toHaveLength(printedBefore);
    expect(x.report.kind).toBe('X');
    expect(x.report.cash).toMatchObject({ float_cents: 15_000, sales_cents: 600, cash_in_cents: 2_000, cash_out_cents: 500, expected_cents: 17_100 });
    const xp = await fx.call('cash.x', { print: true });
    expect(xp.receipt).toMatchObject({ printed: true, kind: 'report' });
    const xText = fx.printer.receipts.at(-1)?.lines.join('\n') ?? '';
    expect(xText).toMatch(/Fond de caisse/);
    expect(xText).toMatch(/171,00 €/);

    const before = fx.counts();
    expect(await fx.refused('cash.close', { counted_cents: 17_000 }, 'difference-unconfirmed')).toMatch(/difference/);
    expect(fx.counts()).toEqual(before);
    const z = await fx.call('cash.close', { counted_cents: 17_000, confirm_difference: true });
    expect(z.report).toMatchObject({ kind: 'Z', z_number: 1, cash: { counted_cents: 17_000, difference_cents: -100, difference_confirmed_by: 'Marie' } });
    expect(z.receipt).toMatchObject({ printed: true, kind: 'report' });
    const zText = fx.printer.receipts.at(-1)?.lines.join('\n') ?? '';
    expect(zText).toMatch(/-1,00 €/);
    expect(zText).toMatch(/Marie/);
    expect(await fx.call('cash.status', {})).toEqual({ open: null, last_z: 1 });
    const again = await fx.call('cash.z', { print: true });
    expect(again.report.z_number).toBe(1);
    expect(fx.printer.receipts.at(-1)?.lines.join('\n')).toMatch(/DUPLICATA/);
    await fx.refused('cash.z', { number: 2 }, 'no-z');
    await fx.refused('cash.x', {}, 'no-open-session');
  });

  it('refuses a technician every cash operation', async () => {
    fx = await demoApp();
    await fx.login('Theo');
    const before = fx.counts();
    await fx.refused('cash.open', { float_cents: 0 }, 'forbidden');
    await fx.refused('cash.close', { counted_cents: 0 }, 'forbidden');
    await fx.refused('cash.z', {}, 'forbidden');
    expect(fx.counts()).toEqual(before);
  });
});
