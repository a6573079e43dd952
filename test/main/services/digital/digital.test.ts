/** Selling and playing digital units at the counter, against a real central over loopback. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../../central/emission/export.js';
import { printFileName } from '../../../../central/emission/files.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { DigitalSaleAnswer, ENDPOINTS } from '../../../../common/protocol/index.js';
import { prizeOf } from '../../../../games/index.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { currentDigital, digitalHistoryToday, findDigital, revealDigital } from '../../../../main/services/digital/play.js';
import { voidSale } from '../../../../main/services/sales/void.js';
import { sessionSales } from '../../../../main/services/sales/session-sales.js';
import { sellDigital } from '../../../../main/services/digital/sell.js';
import { receiptFromJournal } from '../../../../main/services/receipts/journal-receipts.js';
import { createCentralClient, type CentralClient } from '../../../../main/services/sync/client.js';
import { clientFor } from '../../../../main/services/sync/sync.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { NO_DEVICES } from '../../../../main/services/receipts/after-commit.js';
import { payOrClaim } from '../../../../main/services/tickets/acts.js';
import { DIGITAL_UNITS, digitalCounter, type DigitalCounter } from './digital-fixture.js';

let fx: DigitalCounter;
const client = (): CentralClient => clientFor(fx.t, { client: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2, timeoutMs: 3000 } });

beforeAll(async () => {
  fx = await digitalCounter();
}, 180_000);
afterAll(async () => fx?.cleanup());

describe('digital sales at the counter', () => {
  it('sells a Happy 2014 unit: journaled, receipt with the number and the validation barcode, nothing revealed yet', async () => {
    const sale = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 500 }, client());
    expect(sale).toMatchObject({ game: 'happy-2014', price_cents: 300, change_cents: 200 });
    expect(sale.validation_barcode).toMatch(/^\d{34}$/);
    expect(sale.receipt.items[0]!.description).toContain(sale.number);
    expect(sale.receipt.items[0]).toMatchObject({ barcode: sale.validation_barcode });
    // The reprint is rebuilt from the journal, with the barcode too.
    expect(receiptFromJournal(fx.t, sale.receipt_no).receipt).toMatchObject({ kind: 'sale', totalCents: 300 });
    expect(JSON.stringify(receiptFromJournal(fx.t, sale.receipt_no).receipt)).toContain(sale.validation_barcode);
    expect(() => voidSale(fx.t, fx.manager, { receipt_no: sale.receipt_no, reason: 'changed mind' })).toThrow(expect.objectContaining({ code: 'digital-sale' }));
    // The session's list says so, so the counter never offers the void (issue 25).
    expect(sessionSales(fx.t, fx.manager).find((s) => s.receipt_no === sale.receipt_no)).toMatchObject({ digital: true, voided: false });
    const view = findDigital(fx.t, sale.number);
    expect(view).toMatchObject({ finished: false, revealed: [], next_zone: 'months:0', prize_cents: null, winning: null });
    expect((view.play as { months: unknown[] }).months.every((m) => m === null)).toBe(true);
    const held = await fx.central.central.db.query<{ unit: number; status: string }>('SELECT unit, status FROM digital_sales');
    expect(held).toEqual([{ unit: expect.any(Number), status: 'sold' }]);
  });

  it('Jouer reveals zone by zone and the play resumes at the same point after the terminal is reopened', async () => {
    const sale = await sellDigital(fx.t, fx.manager, { game: 'millionnaire', tendered_cents: 1000 }, client());
    const one = revealDigital(fx.t, fx.manager, sale.sale_key, { next: true });
    expect(one.revealed).toEqual(['jeu1']);
    expect((one.play as Record<string, unknown>).jeu2).toBeNull();
    revealDigital(fx.t, fx.manager, sale.sale_key, { zone: 'jeu3' });
    // A crash or a closed window: reopen the data folder.
    fx.t.close();
    fx.t = openLotteryTerminal(fx.dir);
    fx.manager = await authenticate(fx.t, 'alice', '123456');
    const resumed = currentDigital(fx.t)!;
    expect(resumed).toMatchObject({ sale_key: sale.sale_key, revealed: ['jeu1', 'jeu3'], next_zone: 'jeu2', finished: false });
    revealDigital(fx.t, fx.manager, sale.sale_key, { next: true });
    const done = revealDigital(fx.t, fx.manager, sale.sale_key, { next: true });
    expect(done.finished).toBe(true);
    expect(done.prize_cents).toBe(prizeOf('millionnaire', done.play).prize_cents);
    expect(() => revealDigital(fx.t, fx.manager, sale.sale_key, { zone: 'months:0' })).not.toThrow(); // finished: nothing changes
  });

  it('Auto reveals everything; a winner is paid through the paper tickets\' payout path, a loser refused by it', async () => {
    // Central hands out units in order: point its next Happy 2014 unit at a winner, then at a loser.
    const print = readPrintFile(path.join(fx.central.dataDir, 'print', printFileName('happy-2014', 1, 1)));
    const next = async (wins: boolean) => {
      const rows = await fx.central.central.db.query<{ next_unit: number }>(`SELECT next_unit FROM digital_blocks WHERE game = 'happy-2014'`);
      const next_unit = rows[0]?.next_unit;
      const units = [...exportUnits(print, next_unit!, DIGITAL_UNITS - next_unit!)];
      const offset = units.findIndex((u) => (u.prize_cents > 0) === wins);
      expect(offset).toBeGreaterThanOrEqual(0);
      await fx.central.central.db.execute(`UPDATE digital_blocks SET next_unit = $1 WHERE game = 'happy-2014'`, [next_unit! + offset]);
    };
    await next(true);
    const win = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, client());
    const v = revealDigital(fx.t, fx.manager, win.sale_key, { all: true });
    expect(v).toMatchObject({ finished: true, next_zone: null });
    expect(v.revealed).toHaveLength(13);
    expect(v.prize_cents).toBeGreaterThan(0);
    expect(v.winning!.length).toBeGreaterThan(0);
    const result = payTicket(fx.t, fx.manager, win.validation_barcode);
    expect(['paid', 'claimed']).toContain(result.status);
    expect(() => payTicket(fx.t, fx.manager, win.validation_barcode)).toThrow(); // never paid twice
    await next(false);
    const lose = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, client());
    expect(revealDigital(fx.t, fx.manager, lose.sale_key, { all: true }).prize_cents).toBe(0);
    expect(() => payTicket(fx.t, fx.manager, lose.validation_barcode)).toThrow(/wins nothing/);
    const history = digitalHistoryToday(fx.t, fx.manager);
    expect(history.map((h) => h.number)).toEqual(expect.arrayContaining([win.number, lose.number]));
    expect(history.find((h) => h.number === win.number)).toMatchObject({ finished: true, prize_cents: v.prize_cents });
  });

  it('a winner central never sold is refused by central (not-sold): nothing paid', async () => {
    const print = readPrintFile(path.join(fx.central.dataDir, 'print', printFileName('happy-2014', 1, 1)));
    const rows = await fx.central.central.db.query<{ next_unit: number }>(`SELECT next_unit FROM digital_blocks WHERE game = 'happy-2014'`);
    // Central hands out units in order: the last winner after its next unit was never sold.
    const unsold = [...exportUnits(print, rows[0]!.next_unit, DIGITAL_UNITS - rows[0]!.next_unit)].filter((u) => u.prize_cents > 0).at(-1);
    expect(unsold).toBeDefined();
    const payouts = () => (fx.t.db.prepare("SELECT count(*) AS n FROM journal WHERE type = 'payout'").get() as { n: number }).n;
    const before = payouts();
    await expect(payOrClaim(fx.t, fx.manager, unsold!.barcodes.validation, NO_DEVICES)).rejects.toMatchObject({ name: 'PayoutError', code: 'not-sold' });
    expect(payouts()).toBe(before);
  });

  it('a retried request sells one unit', async () => {
    // The first answer is lost on the way back; the client asks again with the same sale key.
    const real = client();
    const retrying: CentralClient = {
      ...real,
      async call(method, path, body, schema) {
        if (path === ENDPOINTS.digitalSell) await real.call(method, path, body, DigitalSaleAnswer);
        return real.call(method, path, body, schema);
      },
    };
    const before = await fx.central.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM digital_sales');
    const sale = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, retrying);
    const after = await fx.central.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM digital_sales');
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect(findDigital(fx.t, sale.number).sale_key).toBe(sale.sale_key);
  });

  it('refuses with the reason when central is down, keeps nothing sold, and voids the pending key once central is back', async () => {
    const down = createCentralClient({ url: 'http://127.0.0.1:9', signer: { terminalId: fx.t.id, privateKey: fx.t.privateKey, now: () => fx.t.clock() }, maxAttempts: 1, timeoutMs: 2000 });
    const seqBefore = (fx.t.db.prepare('SELECT max(seq) AS s FROM journal').get() as { s: number }).s;
    await expect(sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, down)).rejects.toMatchObject({ code: 'central-unreachable', message: /online only/ });
    expect((fx.t.db.prepare('SELECT max(seq) AS s FROM journal').get() as { s: number }).s).toBe(seqBefore);
    expect(fx.t.db.prepare(`SELECT count(*) AS n FROM digital_units WHERE state = 'pending'`).get()).toEqual({ n: 1 });
    // Refusals that need no network: not a digital game, not enough cash.
    await expect(sellDigital(fx.t, fx.manager, { game: 'annee-chance-2013', tendered_cents: 500 }, down)).rejects.toMatchObject({ code: 'not-digital' });
    await expect(sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 100 }, down)).rejects.toMatchObject({ code: expect.stringMatching(/tender|cash|short/) });
    // Central back: the next sale voids the pending key first.
    await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, client());
    expect(fx.t.db.prepare(`SELECT count(*) AS n FROM digital_units WHERE state = 'pending'`).get()).toEqual({ n: 0 });
  });
});
