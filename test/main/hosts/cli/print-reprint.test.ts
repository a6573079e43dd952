/**
 * `guichet print reprint N` is the screen's reprint act (main/services/sales/acts.ts `reprint`, as the
 * kiosk's `receipt.reprint` calls it): journaled with its counter, printed as the numbered duplicate in
 * the language asked, on the printer given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SalesActs from '../../../../main/services/sales/acts.js';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { demoUnits, makeDemo, type DemoFixture } from '../../services/diagnostics/demo-fixture.js';
import { runGuichet } from '../../../support/guichet-runner.js';

const acts = vi.hoisted(() => ({ reprints: [] as { receiptNo: number; language: string }[] }));

// The real act, its calls recorded.
vi.mock('../../../../main/services/sales/acts.js', async (importOriginal) => {
  const real = await importOriginal<typeof SalesActs>();
  return {
    ...real,
    reprint: (...args: Parameters<typeof real.reprint>) => {
      acts.reprints.push({ receiptNo: args[2], language: args[3].language });
      return real.reprint(...args);
    },
  };
});

let f: DemoFixture | undefined;
afterEach(() => f?.cleanup());

describe('guichet print reprint', () => {
  it("goes through the screen's reprint act: journaled, printed as the duplicate in the language asked", async () => {
    f = await makeDemo();
    openCashSession(f.t, f.marie, { float_cents: 10_000 });
    const units = demoUnits(f.dir, 'annee-chance-2013');
    const sale = sellTickets(f.t, f.camille, { barcodes: [units[0]!.barcodes.inventory], tendered_cents: 1000 });
    f.t.close();
    const out = path.join(f.dir, 'reprints');
    const r = await runGuichet(['print', 'reprint', String(sale.receipt_no), '--lang', 'en', '--printer', 'virtual:cli', '--out', out, '--data', f.dir, '--operator', 'Camille'], { GUICHET_PIN: '2222' });
    expect(r.stderr).toBe('');
    expect(acts.reprints).toEqual([{ receiptNo: sale.receipt_no, language: 'en' }]);
    expect(r.stdout).toContain(`Receipt ${sale.receipt_no} (sale) reprinted on virtual:cli: duplicate no. 1.`);
    const bin = readdirSync(out).find((n) => n.endsWith('.bin'));
    expect(readFileSync(path.join(out, bin!)).toString('latin1')).toContain('DUPLICATE - reprint no. 1');
  });

  it('says the reprint was recorded when the printer does not print it', async () => {
    f = await makeDemo();
    openCashSession(f.t, f.marie, { float_cents: 10_000 });
    const sale = sellTickets(f.t, f.camille, { barcodes: [demoUnits(f.dir, 'annee-chance-2013')[0]!.barcodes.inventory], tendered_cents: 1000 });
    f.t.close();
    const r = await runGuichet(['print', 'reprint', String(sale.receipt_no), '--printer', 'tcp://127.0.0.1:1', '--data', f.dir, '--operator', 'Camille'], { GUICHET_PIN: '2222' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`receipt ${sale.receipt_no} not printed: .+ \\(reprint 1 was recorded; run the command again\\)`));
  });
});
