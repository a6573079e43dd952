/** A basket with digital units and a digital prize, against a real central over loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xReport } from '../../../../main/services/cash/sessions.js';
import { revealDigital } from '../../../../main/services/digital/play.js';
import { sellDigital } from '../../../../main/services/digital/sell.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { completeBasket } from '../../../../main/services/sales/basket.js';
import { askCentral, currentBasket, setBasket, setBasketAsking } from '../../../../main/services/sales/basket-acts.js';
import { NO_DEVICES } from '../../../../main/services/receipts/after-commit.js';
import { syncStatus } from '../../../../main/services/sync/status.js';
import { createCentralClient, type CentralClient } from '../../../../main/services/sync/client.js';
import { clientFor } from '../../../../main/services/sync/sync.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { digitalCounter, type DigitalCounter } from '../digital/digital-fixture.js';

let fx: DigitalCounter;
const client = (): CentralClient => clientFor(fx.t, { client: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2, timeoutMs: 3000 } });
const down = (): CentralClient => createCentralClient({ url: 'http://127.0.0.1:9', signer: { terminalId: fx.t.id, privateKey: fx.t.privateKey, now: () => fx.t.clock() }, maxAttempts: 1, timeoutMs: 2000 });
const rows = (sql: string): unknown => fx.t.db.prepare(sql).all();
const snapshot = () => ({ journal: rows('SELECT count(*) AS n FROM journal'), sales: rows('SELECT * FROM sales'), payouts: rows('SELECT * FROM payouts'), sold: rows("SELECT count(*) AS n FROM digital_units WHERE state = 'sold'") });

beforeAll(async () => {
  fx = await digitalCounter();
}, 180_000);
afterAll(async () => fx?.cleanup());

describe('one basket with digital units', () => {
  it('sells two digital units and pays a digital prize towards them: one basket, till exact', async () => {
    // Sell units until one wins, played to the end: its prize goes in the next basket.
    let prize: { barcode: string; cents: number } | null = null;
    for (let i = 0; i < 20 && !prize; i++) {
      const s = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, client());
      revealDigital(fx.t, fx.manager, s.sale_key, { all: true });
      const v = checkAtCounter(fx.t, fx.manager, s.validation_barcode);
      if (v.verdict === 'winner') prize = { barcode: s.validation_barcode, cents: v.prize_cents! };
    }
    expect(prize).not.toBeNull();
    const before = xReport(fx.t, fx.manager).cash.expected_cents;
    const done = await completeBasket(fx.t, fx.manager, { basket_id: 'd0000001-aaaa', barcodes: [], digital: ['happy-2014', 'millionnaire'], prizes: [prize!.barcode], tendered_cents: 5000 }, client);
    const purchases = done.digital.reduce((s, d) => s + d.price_cents, 0);
    expect(done.digital).toHaveLength(2);
    expect(done).toMatchObject({ purchases_cents: purchases, prizes_cents: prize!.cents, change_cents: 5000 + prize!.cents - purchases });
    expect(xReport(fx.t, fx.manager).cash.expected_cents - before).toBe(purchases - prize!.cents);
    expect(done.receipt.items.map((i) => i.barcode)).toContain(done.digital[0]!.validation_barcode);
    expect(verifyJournal(fx.t).ok).toBe(true);
  });

  it('central down: a basket with a digital line is refused and changes nothing; without one it completes', async () => {
    const snap = snapshot();
    await expect(completeBasket(fx.t, fx.manager, { basket_id: 'd0000002-aaaa', barcodes: [], digital: ['happy-2014'], prizes: [], tendered_cents: 1000 }, down)).rejects.toMatchObject({ code: 'central-unreachable' });
    expect(snapshot()).toEqual(snap);
    // Too little cash is refused before central is asked: no key left pending.
    const pending = rows("SELECT count(*) AS n FROM digital_units WHERE state = 'pending'");
    await expect(completeBasket(fx.t, fx.manager, { basket_id: 'd0000003-aaaa', barcodes: [], digital: ['happy-2014'], prizes: [], tendered_cents: 10 }, down)).rejects.toMatchObject({ code: 'insufficient-tender' });
    expect(rows("SELECT count(*) AS n FROM digital_units WHERE state = 'pending'")).toEqual(pending);
  });

  it('adding a digital line asks central then and there: down since the last contact, refused central-unreachable, the basket unchanged and the status offline at once', async () => {
    // The last contact says online (a minute's grace), yet central no longer answers.
    expect(await askCentral(fx.t, client())).toBe(true);
    expect(syncStatus(fx.t).online).toBe(true);
    setBasket(fx.t, fx.manager, { barcodes: [], digital: ['happy-2014'], prizes: [] }, NO_DEVICES);
    const before = currentBasket(fx.t, fx.manager, NO_DEVICES);
    await expect(setBasketAsking(fx.t, fx.manager, { barcodes: [], digital: ['happy-2014', 'millionnaire'], prizes: [] }, NO_DEVICES, () => askCentral(fx.t, down()))).rejects.toMatchObject({ code: 'central-unreachable' });
    expect(currentBasket(fx.t, fx.manager, NO_DEVICES)).toEqual(before);
    expect(syncStatus(fx.t)).toMatchObject({ online: false, state: 'offline' });
    // Removing a digital line needs no central; once it answers again, adding one is accepted.
    expect(await askCentral(fx.t, client())).toBe(true);
    const more = await setBasketAsking(fx.t, fx.manager, { barcodes: [], digital: ['happy-2014', 'millionnaire'], prizes: [] }, NO_DEVICES, () => askCentral(fx.t, client()));
    expect(more.digital).toEqual(['happy-2014', 'millionnaire']);
    setBasket(fx.t, fx.manager, { barcodes: [], digital: [], prizes: [] }, NO_DEVICES);
  });
});
