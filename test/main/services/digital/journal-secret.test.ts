/**
 * A digital unit's validation barcode pays its prize: it goes to the buyer (the receipt, the play
 * screen), never to the journal, which the terminal's journal screen shows and central keeps. After a
 * digital sale and a basket with digital units, neither the journal nor the outbox holds a validation
 * barcode or its hidden code; the receipts, their reprints and a replayed basket still carry it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseBarcode } from '../../../../games/ticket-id.js';
import { sellDigital } from '../../../../main/services/digital/sell.js';
import { receiptFromJournal } from '../../../../main/services/receipts/journal-receipts.js';
import { completeBasket, completedBasket } from '../../../../main/services/sales/basket.js';
import type { CentralClient } from '../../../../main/services/sync/client.js';
import { clientFor } from '../../../../main/services/sync/sync.js';
import { digitalCounter, type DigitalCounter } from './digital-fixture.js';

let fx: DigitalCounter;
const client = (): CentralClient => clientFor(fx.t, { client: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2, timeoutMs: 3000 } });

beforeAll(async () => {
  fx = await digitalCounter();
}, 180_000);
afterAll(async () => fx?.cleanup());

it('a digital sale journals no code that pays; its receipt, reprint and replay keep it', async () => {
  const sale = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 500 }, client());
  const basket = await completeBasket(fx.t, fx.manager, { basket_id: '5ec2e7-0001', barcodes: [], digital: ['happy-2014', 'millionnaire'], prizes: [], tendered_cents: 2000 }, client);
  const codes = [sale.validation_barcode, ...basket.digital.map((d) => d.validation_barcode)];
  expect(codes).toHaveLength(3);
  for (const c of codes) expect(c).toMatch(/^\d{34}$/);

  // What every reader of the journal gets (the journal screen, the push to central): no code, no hidden code.
  const stored = [
    ...(fx.t.db.prepare('SELECT payload FROM journal').all() as { payload: string }[]),
    ...(fx.t.db.prepare('SELECT payload FROM outbox').all() as { payload: string }[]),
  ].map((r) => r.payload);
  expect(stored.length).toBeGreaterThan(3);
  for (const c of codes) {
    const hidden = (parseBarcode(c) as { hiddenCode: string }).hiddenCode;
    expect(stored.filter((p) => p.includes(c) || p.includes(hidden))).toEqual([]);
  }

  // The buyer's papers keep it: the receipts, their duplicates, and a basket answered again.
  expect(JSON.stringify(sale.receipt)).toContain(sale.validation_barcode);
  expect(JSON.stringify(receiptFromJournal(fx.t, sale.receipt_no).receipt)).toContain(sale.validation_barcode);
  const reprint = JSON.stringify(receiptFromJournal(fx.t, basket.receipt_no).receipt);
  for (const d of basket.digital) {
    expect(reprint).toContain(d.validation_barcode);
    expect(JSON.stringify(receiptFromJournal(fx.t, d.receipt_no).receipt)).toContain(d.validation_barcode);
  }
  expect(JSON.stringify(receiptFromJournal(fx.t, basket.receipt_no).receipt)).toEqual(JSON.stringify(basket.receipt));
  expect(completedBasket(fx.t, '5ec2e7-0001')?.digital).toEqual(basket.digital);
});
