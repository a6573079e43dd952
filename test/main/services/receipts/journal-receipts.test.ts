import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { fileUnreachableClaim } from '../../../../main/services/tickets/claim-receipt.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { receiptFromJournal, reprintReceipt } from '../../../../main/services/receipts/journal-receipts.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { runGuichet } from '../../../support/guichet-runner.js';
import { demoUnits, makeDemo, type DemoFixture } from '../diagnostics/demo-fixture.js';

let f: DemoFixture | undefined;
afterEach(() => f?.cleanup());

const reprints = (fx: DemoFixture) => fx.t.db.prepare("SELECT operator, payload FROM journal WHERE type = 'receipt.reprint' ORDER BY seq").all() as { operator: string; payload: string }[];

/** A sale of the two first tickets of the active demo pack, and the payout of a small winner of that pack. */
async function saleAndPayout(fx: DemoFixture) {
  openCashSession(fx.t, fx.marie, { float_cents: 10_000 });
  const units = demoUnits(fx.dir, 'annee-chance-2013');
  const sale = sellTickets(fx.t, fx.camille, { barcodes: [units[0]!.barcodes.inventory, units[1]!.barcodes.inventory], tendered_cents: 2000 });
  const winner = units.slice(0, 100).find((u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
  if (!winner) throw new Error('the demo pack has no small winner');
  const paid = payTicket(fx.t, fx.camille, winner.barcodes.validation);
  if (paid.status !== 'paid') throw new Error(`not paid: ${paid.status}`);
  return { sale, paid };
}

describe('receipts rebuilt from the journal and reprinted', () => {
  it('rebuilds a sale and a payout receipt as printed, and reprints them as numbered duplicates', async () => {
    f = await makeDemo();
    const { sale, paid } = await saleAndPayout(f);
    const rebuilt = receiptFromJournal(f.t, sale.receipt_no);
    expect(rebuilt.kind).toBe('sale');
    expect({ ...rebuilt.receipt, time: '' }).toEqual({ ...sale.receipt, time: '' });
    expect(receiptFromJournal(f.t, paid.payout.receipt_no).receipt).toEqual(paid.receipt);

    const first = reprintReceipt(f.t, f.camille, sale.receipt_no);
    expect(first).toMatchObject({ reprint: 1, receipt: { kind: 'sale', duplicate: true, reprintCount: 1, receiptNumber: String(sale.receipt_no) } });
    expect(reprintReceipt(f.t, f.marie, sale.receipt_no).reprint).toBe(2);
    expect(reprintReceipt(f.t, f.camille, paid.payout.receipt_no)).toMatchObject({ reprint: 1, receipt: { ...paid.receipt, duplicate: true, reprintCount: 1 } });
    expect(reprints(f).map((r) => [r.operator, JSON.parse(r.payload)])).toEqual([
      ['Camille', { reprinted_receipt_no: sale.receipt_no, kind: 'sale', reprint: 1 }],
      ['Marie', { reprinted_receipt_no: sale.receipt_no, kind: 'sale', reprint: 2 }],
      ['Camille', { reprinted_receipt_no: paid.payout.receipt_no, kind: 'payout', reprint: 1 }],
    ]);
  });

  it('rebuilds and reprints the claim receipt of a winner refused while central was unreachable, with the limit reached', async () => {
    f = await makeDemo();
    await saleAndPayout(f); // pays the first small winner of the pack: take the next one
    const units = demoUnits(f.dir, 'annee-chance-2013');
    const winner = units.slice(0, 100).filter((u) => u.prize_cents > 0 && u.prize_cents <= 30_000)[1];
    const v = checkAtCounter(f.t, f.camille, winner!.barcodes.validation);
    expect(v.verdict).toBe('winner');
    const filed = fileUnreachableClaim(f.t, f.camille, v, { limit: 'count', max: 3, used: 3 }, '3 tickets already paid offline since the last contact (limit 3)');
    expect(filed.receipt).toMatchObject({ kind: 'claim', reason: 'central-unreachable', offlineLimit: { limit: 'count', max: 3, used: 3 } });
    const rebuilt = receiptFromJournal(f.t, filed.receipt_no);
    expect(rebuilt.kind).toBe('claim.receipt');
    expect(rebuilt.receipt).toEqual(filed.receipt);
    // Only who may pay may reprint it (a technician may not); each reprint is numbered and journaled.
    expect(() => reprintReceipt(f!.t, f!.theo, filed.receipt_no)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(reprintReceipt(f.t, f.camille, filed.receipt_no)).toEqual({ reprint: 1, receipt: { ...filed.receipt, duplicate: true, reprintCount: 1 } });
    expect(reprintReceipt(f.t, f.marie, filed.receipt_no).reprint).toBe(2);
    expect(reprints(f).map((r) => JSON.parse(r.payload) as unknown)).toEqual([
      { reprinted_receipt_no: filed.receipt_no, kind: 'claim.receipt', reprint: 1 },
      { reprinted_receipt_no: filed.receipt_no, kind: 'claim.receipt', reprint: 2 },
    ]);
  });

  it('refuses a technician (money on it), an unknown number and a bad one, recording nothing', async () => {
    f = await makeDemo();
    const { sale } = await saleAndPayout(f);
    expect(() => reprintReceipt(f!.t, f!.theo, sale.receipt_no)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => reprintReceipt(f!.t, f!.camille, 999)).toThrow(expect.objectContaining({ code: 'no-such-receipt', message: 'no receipt number 999 at this terminal' }));
    expect(() => reprintReceipt(f!.t, f!.camille, 0)).toThrow(expect.objectContaining({ code: 'bad-input' }));
    expect(reprints(f)).toEqual([]);
  });

  it('guichet print reprint N prints the duplicate on the printer', async () => {
    f = await makeDemo();
    const { sale } = await saleAndPayout(f);
    f.t.close();
    const out = path.join(f.dir, 'reprints');
    const args = ['print', 'reprint', String(sale.receipt_no), '--printer', 'virtual:cli', '--out', out, '--data', f.dir, '--operator', 'Camille'];
    const r = await runGuichet(args, { GUICHET_PIN: '2222' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`Receipt ${sale.receipt_no} (sale) reprinted on virtual:cli: duplicate no. 1.`);
    const bin = readdirSync(out).find((n) => n.endsWith('.bin'));
    expect(readdirSync(out).some((n) => n.endsWith('.png'))).toBe(true);
    expect(readFileSync(path.join(out, bin!)).toString('latin1')).toContain('DUPLICATA - r');
    const refused = await runGuichet(['print', 'reprint', String(sale.receipt_no), '--printer', 'virtual:cli', '--out', out, '--data', f.dir, '--operator', 'Theo'], { GUICHET_PIN: '333333' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Theo.*may not/);
  });
});
