/**
 * ticket.check / ticket.pay / ticket.claim on a real demo terminal (SQLite in a temp folder, the real
 * outcome files, a virtual printer): verdict views, the ticket picture, receipts printed after commit,
 * customer-display events, and refusals that change nothing.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportUnits, type ExportedUnit } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { formatEuros } from '../../../games/money.js';
import type { AppEvent } from '../../../common/api/events.js';
import { demoApp, type AppFixture } from './sales-fixture.js';

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

function unitsOf(dir: string, game: string): ExportedUnit[] {
  const print = readPrintFile(path.join(dir, 'demo-lottery', `${game}-1-1.print`));
  return [...exportUnits(print, 0, 400)];
}

function pick(units: ExportedUnit[], test: (u: ExportedUnit) => boolean): ExportedUnit {
  const u = units.find(test);
  if (!u) throw new Error('no such demo unit');
  return u;
}

function displays(events: AppEvent[]) {
  return events.flatMap((e) => (e.type === 'display' ? [e.display] : []));
}

describe('ticket handlers on the demo terminal', () => {
  it('checks a loser and a winner: verdict, picture with winning zones, and the same verdict on the customer display', async () => {
    fx = await demoApp();
    const units = unitsOf(fx.dir, 'happy-2014');
    const loser = pick(units, (u) => u.prize_cents === 0);
    const winner = pick(units, (u) => u.prize_cents > 0 && u.prize_cents <= 30_000);

    await fx.refused('ticket.check', { barcode: loser.barcodes.validation }, 'not-logged-in');
    await fx.login('Theo');
    await fx.refused('ticket.check', { barcode: loser.barcodes.validation }, 'forbidden');
    await fx.login('Camille');

    const l = await fx.call('ticket.check', { barcode: loser.barcodes.validation });
    expect(l).toMatchObject({ verdict: 'loser', game: 'happy-2014', ticket: loser.unit, prize_cents: 0, barcode: loser.barcodes.validation });
    expect(l.picture_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(displays(fx.events).at(-1)).toEqual({ kind: 'verdict', verdict: 'loser', prize_cents: 0, ticket: loser.unit });

    const w = await fx.call('ticket.check', { barcode: ` ${winner.barcodes.validation} ` });
    expect(w).toMatchObject({ verdict: 'winner', prize_cents: winner.prize_cents, barcode: winner.barcodes.validation, payout_limit_cents: 30_000 });
    expect(w.winning?.length).toBeGreaterThan(0);
    expect(w.play).toEqual(winner.play);
    // The winning picture differs from a plain one: it highlights zones and states the prize.
    expect(w.picture_svg).not.toBe(l.picture_svg);
    expect(displays(fx.events).at(-1)).toEqual({ kind: 'verdict', verdict: 'winner', prize_cents: winner.prize_cents, ticket: winner.unit });
    // The customer display never gets a barcode.
    expect(JSON.stringify(displays(fx.events))).not.toContain(winner.barcodes.validation);

    // The inventory barcode: the display says so, as the cashier's screen does, not "misread" (issue 25).
    await fx.call('ticket.check', { barcode: winner.barcodes.inventory });
    expect(displays(fx.events).at(-1)).toMatchObject({ kind: 'verdict', verdict: 'malformed', scratch_first: true });
    await fx.call('ticket.check', { barcode: '12345' });
    expect(displays(fx.events).at(-1)).not.toHaveProperty('scratch_first');
  });

  it('pays a winner once, prints the receipt after the commit, and then says already paid', async () => {
    fx = await demoApp();
    const winner = pick(unitsOf(fx.dir, 'millionnaire'), (u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
    await fx.login('Camille');

    const before = fx.counts();
    expect(await fx.refused('ticket.pay', { barcode: winner.barcodes.validation }, 'no-open-session')).toMatch(/session/);
    expect(fx.counts()).toEqual(before);

    await fx.call('cash.open', { float_cents: 50_000 });
    fx.events.length = 0;
    const paid = await fx.call('ticket.pay', { barcode: winner.barcodes.validation });
    expect(paid.verdict).toMatchObject({ verdict: 'winner', prize_cents: winner.prize_cents });
    expect(paid.receipt).toMatchObject({ kind: 'payout', printed: true });
    expect(paid.receipt.receipt_no).toBeGreaterThan(0);
    expect(paid.receipt.picture).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(fx.printer.receipts).toHaveLength(1);
    const text = fx.printer.receipts[0]?.lines.join('\n') ?? '';
    expect(text).toContain(formatEuros(winner.prize_cents));
    expect(text).toContain(winner.unit);
    expect(displays(fx.events)).toContainEqual({ kind: 'paid', prize_cents: winner.prize_cents });
    const row = fx.app.context.terminal.db.prepare('SELECT amount_cents, receipt_no FROM payouts').all();
    expect(row).toEqual([{ amount_cents: winner.prize_cents, receipt_no: paid.receipt.receipt_no }]);

    const again = await fx.call('ticket.check', { barcode: winner.barcodes.validation });
    expect(again.verdict).toBe('already-paid');
    expect(again.paid).toMatchObject({ terminal: 'DEMO-01', receipt_no: paid.receipt.receipt_no });
    const mid = fx.counts();
    await fx.refused('ticket.pay', { barcode: winner.barcodes.validation }, 'already-paid');
    await fx.refused('ticket.claim', { barcode: winner.barcodes.validation }, 'already-paid');
    expect(fx.counts()).toEqual(mid);
  });

  it('a printer failure never undoes the payment: the receipt view says so', async () => {
    fx = await demoApp();
    const winner = pick(unitsOf(fx.dir, 'happy-2014'), (u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
    await fx.login('Camille');
    await fx.call('cash.open', { float_cents: 50_000 });
    fx.printer.setStatus({ paperOut: true });
    const paid = await fx.call('ticket.pay', { barcode: winner.barcodes.validation });
    expect(paid.receipt.printed).toBe(false);
    expect(paid.receipt.error).toMatch(/paper out/);
    expect(paid.receipt.picture).toBeUndefined();
    expect((await fx.call('ticket.check', { barcode: winner.barcodes.validation })).verdict).toBe('already-paid');

    // Paper back in: the receipt is reprinted as a numbered duplicate, and the reprint is journaled.
    fx.printer.setStatus({ paperOut: false });
    const receiptNo = paid.receipt.receipt_no as number;
    const again = await fx.call('receipt.reprint', { receipt_no: receiptNo });
    expect(again).toMatchObject({ receipt_no: receiptNo, printed: true });
    expect(fx.printer.receipts.at(-1)?.lines.join('\n')).toMatch(/DUPLICATA/);
    const second = await fx.call('receipt.reprint', { receipt_no: receiptNo });
    expect(second.printed).toBe(true);
    const counts = fx.app.context.terminal.db
      .prepare("SELECT json_extract(payload, '$.reprint') AS n FROM journal WHERE type = 'receipt.reprint' ORDER BY seq")
      .all() as { n: number }[];
    expect(counts.map((c) => c.n)).toEqual([1, 2]);
    // A technician may not reprint a receipt with money on it.
    await fx.login('Theo');
    await fx.refused('receipt.reprint', { receipt_no: receiptNo }, 'forbidden');
  });

  it('never keeps the screen waiting on a slow printer: the answer says printing, the outcome follows as an event', async () => {
    fx = await demoApp();
    const f = fx;
    const winner = pick(unitsOf(f.dir, 'happy-2014'), (u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
    await f.login('Camille');
    await f.call('cash.open', { float_cents: 50_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const printLayout = f.printer.printLayout.bind(f.printer);
    f.printer.printLayout = async (layout) => {
      await gate;
      return printLayout(layout);
    };
    const paid = await f.call('ticket.pay', { barcode: winner.barcodes.validation });
    expect(paid.receipt).toMatchObject({ printed: false, pending: true });
    expect(paid.receipt.job).toBeTruthy();
    // The payment is recorded already.
    expect((await f.call('ticket.check', { barcode: winner.barcodes.validation })).verdict).toBe('already-paid');
    release();
    await expect.poll(() => f.events.find((e) => e.type === 'receipt')).toBeTruthy();
    const done = f.events.find((e) => e.type === 'receipt');
    expect(done).toMatchObject({ type: 'receipt', receipt: { job: paid.receipt.job, printed: true, receipt_no: paid.receipt.receipt_no } });
  });

  it('files a claim for a prize above the payout limit, once; pay and claim refuse the wrong verdicts', async () => {
    fx = await demoApp();
    const units = unitsOf(fx.dir, 'happy-2014');
    const big = pick(units, (u) => u.prize_cents >= 2_000);
    const small = pick(units, (u) => u.prize_cents > 0 && u.prize_cents < 1_000);
    const loser = pick(units, (u) => u.prize_cents === 0);
    await fx.login('Marie');
    await fx.call('settings.update', { payout_limit_cents: 1_000 });
    await fx.call('cash.open', { float_cents: 50_000 });

    const v = await fx.call('ticket.check', { barcode: big.barcodes.validation });
    expect(v).toMatchObject({ verdict: 'above-limit', prize_cents: big.prize_cents, payout_limit_cents: 1_000 });
    expect(v.claimed).toBeUndefined();
    const before = fx.counts();
    await fx.refused('ticket.pay', { barcode: big.barcodes.validation }, 'above-limit');
    await fx.refused('ticket.claim', { barcode: small.barcodes.validation }, 'winner');
    await fx.refused('ticket.claim', { barcode: loser.barcodes.validation }, 'loser');
    await fx.refused('ticket.pay', { barcode: loser.barcodes.validation }, 'loser');
    expect(fx.counts()).toEqual(before);

    const claimed = await fx.call('ticket.claim', { barcode: big.barcodes.validation });
    expect(claimed.receipt).toMatchObject({ kind: 'claim', printed: true });
    expect(claimed.receipt.picture).toMatch(/^data:image\/png;base64,/);
    expect(fx.app.context.terminal.db.prepare('SELECT count(*) AS n FROM payouts').get()).toEqual({ n: 0 });
    const after = await fx.call('ticket.check', { barcode: big.barcodes.validation });
    expect(after.verdict).toBe('above-limit');
    expect(after.claimed?.receipt_no).toBe(claimed.receipt.receipt_no);
    await fx.refused('ticket.claim', { barcode: big.barcodes.validation }, 'already-claimed');
  });

  it('hides the prize and the picture of a ticket whose pack is not active, and reads bad barcodes plainly', async () => {
    fx = await demoApp();
    const paper = unitsOf(fx.dir, 'annee-chance-2013');
    const inactive = pick(paper, (u) => u.unit.startsWith('213-001-01-00001-') && u.prize_cents > 0);
    await fx.login('Camille');
    const v = await fx.call('ticket.check', { barcode: inactive.barcodes.validation });
    expect(v).toMatchObject({ verdict: 'pack-not-active', prize_cents: null, play: null, picture_svg: null, winning: null });
    expect(v.pack).toEqual({ number: '213-001-01-00001', state: 'received' });
    expect(displays(fx.events).at(-1)).toMatchObject({ kind: 'verdict', verdict: 'pack-not-active', prize_cents: null });

    const digits = inactive.barcodes.validation;
    const last = Number(digits.at(-1));
    const wrongCheck = digits.slice(0, -1) + String((last + 1) % 10);
    expect((await fx.call('ticket.check', { barcode: wrongCheck })).verdict).toBe('bad-check-digit');
    expect((await fx.call('ticket.check', { barcode: 'HELLO-WORLD' })).verdict).toBe('malformed');
    await fx.refused('ticket.check', { barcode: '   ' }, 'invalid-input');
  });
});
