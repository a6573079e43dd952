/**
 * A basket of several parts takes its own receipt number, the one receipt printed (#25): reprinting
 * that number reprints the basket's receipt (its tickets, the prize put towards them, the cash, its
 * parts' numbers), from the screen (`sale.reprint`, `receipt.reprint`) and from `guichet print reprint`;
 * a part's own number still reprints that part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { NO_DEVICES } from '../../../../main/services/receipts/after-commit.js';
import { receiptFromJournal, reprintReceipt } from '../../../../main/services/receipts/journal-receipts.js';
import { reprintSale } from '../../../../main/services/sales/acts.js';
import { completeBasket } from '../../../../main/services/sales/basket.js';
import { clientFor } from '../../../../main/services/sync/sync.js';
import { runGuichet } from '../../../support/guichet-runner.js';
import { demoUnits, makeDemo, type DemoFixture } from '../diagnostics/demo-fixture.js';

let f: DemoFixture | undefined;
afterEach(() => f?.cleanup());

const reprints = (fx: DemoFixture) => (fx.t.db.prepare("SELECT payload FROM journal WHERE type = 'receipt.reprint' ORDER BY seq").all() as { payload: string }[]).map((r) => JSON.parse(r.payload) as unknown);

/** Two paper tickets and a small winner's prize put towards them, in one basket. */
async function basket(fx: DemoFixture) {
  openCashSession(fx.t, fx.marie, { float_cents: 10_000 });
  const units = demoUnits(fx.dir, 'annee-chance-2013');
  const winner = units.slice(2, 100).find((u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
  if (!winner) throw new Error('the demo pack has no small winner');
  const noCentral = () => clientFor(fx.t, { client: { maxAttempts: 1, timeoutMs: 200 } });
  return completeBasket(fx.t, fx.camille, { basket_id: 'b0000001-cafe', barcodes: [units[0]!.barcodes.inventory, units[1]!.barcodes.inventory], digital: [], prizes: [winner.barcodes.validation], tendered_cents: 2_000 }, noCentral);
}

describe("a basket's receipt reprinted by its own number", () => {
  it('rebuilds the basket receipt, not a part of it, and reprints it from the screen as a numbered duplicate', async () => {
    f = await makeDemo();
    const done = await basket(f);
    expect(done.receipt.parts).toHaveLength(2);
    expect(done.receipt_no).not.toBe(done.sale_receipt_no);
    // The basket's number: the basket's receipt as it was printed.
    const rebuilt = receiptFromJournal(f.t, done.receipt_no);
    expect(rebuilt.kind).toBe('basket');
    expect(rebuilt.receipt).toEqual(done.receipt);
    expect(reprintReceipt(f.t, f.camille, done.receipt_no)).toEqual({ reprint: 1, receipt: { ...done.receipt, duplicate: true, reprintCount: 1 } });
    // The sell screen's reprint of the finished basket (sale.reprint) takes the basket's number too.
    const view = await reprintSale(f.t, f.camille, done.receipt_no, NO_DEVICES);
    expect(view).toMatchObject({ receipt_no: done.receipt_no });
    // A part's own number still reprints that part.
    expect(reprintReceipt(f.t, f.camille, done.sale_receipt_no!).receipt).toMatchObject({ kind: 'sale', receiptNumber: String(done.sale_receipt_no), totalCents: 600 });
    expect(reprints(f)).toEqual([
      { reprinted_receipt_no: done.receipt_no, kind: 'basket', reprint: 1 },
      { reprinted_receipt_no: done.receipt_no, kind: 'basket', reprint: 2 },
      { reprinted_receipt_no: done.sale_receipt_no, kind: 'sale', reprint: 1 },
    ]);
    // Who may not sell may not reprint it.
    expect(() => reprintReceipt(f!.t, f!.theo, done.receipt_no)).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it('guichet print reprint N prints the basket receipt with its prize and its parts', async () => {
    f = await makeDemo();
    const done = await basket(f);
    f.t.close();
    const out = path.join(f.dir, 'reprints');
    const r = await runGuichet(['print', 'reprint', String(done.receipt_no), '--printer', 'virtual:cli', '--out', out, '--data', f.dir, '--operator', 'Camille'], { GUICHET_PIN: '2222' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`Receipt ${done.receipt_no} (sale) reprinted on virtual:cli: duplicate no. 1.`);
    const bin = readdirSync(out).find((n) => n.endsWith('.bin'));
    const printed = readFileSync(path.join(out, bin!)).toString('latin1');
    expect(printed).toContain('DUPLICATA');
    expect(printed).toMatch(new RegExp(`Reçu n° +${done.receipt_no}\n`));
    expect(printed).toContain('Gain déduit');
    expect(printed).toContain(`Opérations n° ${done.sale_receipt_no}, ${done.prizes[0]!.receipt_no}`);
  });
});
