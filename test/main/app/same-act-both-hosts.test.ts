/**
 * One application layer for every host: the same acts (a cash sale, a payout, a void, the closing)
 * through the kiosk's API and through the `guichet` commands with `--printer` leave the same journal
 * (drawer openings included) and the same device traffic (receipts printed, drawer kicked).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../central/emission/export.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { openPrinter } from '../../../native/printer/open.js';
import type { VirtualPrinter } from '../../../native/printer/virtual-printer.js';
import { openLotteryTerminal } from '../../../main/kernel/open.js';
import { demoApp, inv, type AppFixture } from './sales-fixture.js';
import { runGuichet } from '../../support/guichet-runner.js';

const fixtures: AppFixture[] = [];
afterAll(() => {
  for (const f of fixtures) f.cleanup();
});

/** A demo winner payable at the counter (same outcome files in every copy of the demo). */
function payableWinner(dir: string): string {
  const print = readPrintFile(path.join(dir, 'demo-lottery', 'happy-2014-1-1.print'));
  const u = [...exportUnits(print, 0, 400)].find((x) => x.prize_cents > 0 && x.prize_cents <= 30_000);
  if (!u) throw new Error('no payable winner in the demo');
  return u.barcodes.validation;
}

interface Entry {
  readonly type: string;
  readonly operator: string | null;
  readonly payload: unknown;
}

/** The journal's cash acts and drawer openings (logins are the kiosk's own: the CLI authenticates per command). */
function acts(dir: string): Entry[] {
  const t = openLotteryTerminal(dir);
  try {
    const rows = t.db.prepare("SELECT type, operator, payload FROM journal WHERE type IN ('session.open', 'sale', 'payout', 'claim', 'void', 'drawer.open') ORDER BY seq").all() as { type: string; operator: string | null; payload: string }[];
    return rows.map((r) => {
      const p = JSON.parse(r.payload) as Record<string, unknown>;
      // Times differ between the two runs; everything else must not.
      for (const k of ['at', 'opened_at', 'closed_at', 'generated_at']) delete p[k];
      return { type: r.type, operator: r.operator, payload: p };
    });
  } finally {
    t.close();
  }
}

/** The Z reports' figures (times left out). */
function closings(dir: string): unknown[] {
  const t = openLotteryTerminal(dir);
  try {
    const rows = t.db.prepare("SELECT payload FROM journal WHERE type = 'session.close'").all() as { payload: string }[];
    return rows.map((r) => {
      const z = (JSON.parse(r.payload) as { z: { totals: unknown; cash: unknown; z_number: unknown } }).z;
      return { totals: z.totals, cash: z.cash, z_number: z.z_number };
    });
  } finally {
    t.close();
  }
}

describe('the same act through the kiosk API and the CLI', () => {
  it('sells, pays, voids and closes alike: receipts, drawer openings journaled and kicked, same journal', async () => {
    const kiosk = await demoApp();
    const cli = await demoApp();
    fixtures.push(kiosk, cli);
    cli.app.close();
    const winner = payableWinner(kiosk.dir);
    expect(payableWinner(cli.dir)).toBe(winner);

    // Through the API, as the kiosk's screens call it.
    await kiosk.login('Marie');
    await kiosk.call('cash.open', { float_cents: 10_000 });
    await kiosk.login('Camille');
    const sale = await kiosk.call('sale.complete', { barcodes: [inv(30)], tendered_cents: 1_000 });
    await kiosk.call('ticket.pay', { barcode: winner });
    await kiosk.login('Marie');
    await kiosk.call('sale.void', { receipt_no: sale.sale.receipt_no, reason: 'customer changed mind' });
    const z = await kiosk.call('cash.close', { counted_cents: 0, confirm_difference: true });
    expect(z.receipt.printed).toBe(true);
    kiosk.app.close();

    // Through the commands, with a printer (and the drawer on its port).
    const printer = openPrinter('virtual:same-act') as VirtualPrinter;
    const data = ['--data', cli.dir];
    const marie = { GUICHET_OPERATOR: 'Marie', GUICHET_PIN: '123456' };
    const camille = { GUICHET_OPERATOR: 'Camille', GUICHET_PIN: '2222' };
    const withPrinter = ['--printer', 'virtual:same-act'];
    const runs = [
      await runGuichet(['session', 'open', '--float-cents', '10000', ...data], marie),
      await runGuichet(['sell', inv(30), '--tendered', '1000', ...withPrinter, ...data], camille),
      await runGuichet(['pay', winner, ...withPrinter, ...data], camille),
      await runGuichet(['void', String(sale.sale.receipt_no), '--reason', 'customer changed mind', ...withPrinter, ...data], marie),
      await runGuichet(['session', 'close', '--counted-cents', '0', '--confirm-difference', ...withPrinter, ...data], marie),
    ];
    for (const r of runs) expect(r.code, r.stderr).toBe(0);

    // The kiosk kicked its drawer after the sale, the payout and the void; so did the CLI.
    expect(kiosk.printer.kicks).toHaveLength(3);
    expect(printer.kicks).toEqual(kiosk.printer.kicks);
    // Sale, payout and void receipts, then the Z report, on both.
    expect(kiosk.printer.receipts).toHaveLength(4);
    expect(printer.receipts).toHaveLength(4);
    expect(printer.receipts.at(-1)?.lines.join('\n')).toMatch(/Z/);

    const viaApi = acts(kiosk.dir);
    const viaCli = acts(cli.dir);
    expect(viaApi.map((e) => e.type)).toEqual(['session.open', 'sale', 'drawer.open', 'payout', 'drawer.open', 'void', 'drawer.open']);
    expect(viaCli).toEqual(viaApi);
    expect(closings(cli.dir)).toEqual(closings(kiosk.dir));
    expect(closings(cli.dir)).toHaveLength(1);
    expect(viaCli.filter((e) => e.type === 'drawer.open').map((e) => (e.payload as { reason: string }).reason)).toEqual(['sale', 'payout', 'void']);
  });
});
