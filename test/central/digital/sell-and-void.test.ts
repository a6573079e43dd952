/**
 * #19: a retailer holding the terminal's key cannot cherry-pick digital units. The loop that kept 51
 * winners out of 200 "sales" and voided the rest: every request here is signed with the terminal's own
 * key, as a script with the data folder would send it, on PGlite and on PostgreSQL. Central answers no
 * prize before the sale is final, refuses a void once it is final or its window is over, bills every
 * unit it handed out (whatever the terminal journals), and caps each terminal's sales and voids a day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmission } from '../../../central/emission/create.js';
import { exportUnits } from '../../../central/emission/export.js';
import { printFileName } from '../../../central/emission/files.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { setConfig } from '../../../central/store/feed.js';
import { publishEmission } from '../../../central/store/publish.js';
import { isoWeekOf, type DigitalSaleAnswer, type DigitalUnitAnswer, type StatementAnswer } from '../../../common/protocol/index.js';
import { databaseFor, ENGINES } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

const UNITS = 260;
const LOOP = 200;

type Refusal = { reason?: string; error?: string };

describe.each(ENGINES)('the sell-and-void loop on %s', (engine) => {
  let c: StartedCentral;
  let t: TestTerminal;
  let other: TestTerminal;
  let emissions: string;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['C1', 'C2'], ...(databaseUrl ? { databaseUrl } : {}) });
    emissions = mkdtempSync(join(tmpdir(), 'guichet-cherry-em-'));
    await createEmission({ game: 'happy-2014', emission: 1, units: UNITS, outDir: emissions, keyFile: c.lotteryKeyFile, workers: 0 });
    await publishEmission(c.central, 'test', emissions);
    t = newTerminalKey();
    other = newTerminalKey();
    expect((await enrol(c.url, c.codes.C1!, t)).status).toBe(200);
    expect((await enrol(c.url, c.codes.C2!, other)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    if (emissions) rmSync(emissions, { recursive: true, force: true });
  }, 60_000);

  // Signed at central's clock (the tests move it).
  const at = () => ({ timestamp: c.central.now() });
  const sell = (who: TestTerminal, sale_key: string) => signedRequest<DigitalSaleAnswer & Refusal>(c.url, who, 'POST', '/v1/digital/sell', { sale_key, game: 'happy-2014' }, at());
  const finalise = (sale_key: string) => signedRequest<DigitalUnitAnswer & Refusal>(c.url, t, 'POST', '/v1/digital/finalise', { sale_key }, at());
  const voidSale = (sale_key: string) => signedRequest<{ status?: string } & Refusal>(c.url, t, 'POST', '/v1/digital/void', { sale_key, reason: 'customer changed their mind' }, at());
  const print = () => readPrintFile(join(emissions, printFileName('happy-2014', 1, 1)));

  it('200 sells, the losers voided: no prize before final, every void refused, every sale billed', async () => {
    const units = [...exportUnits(print(), 0, UNITS)];
    let winners = 0;
    let losers = 0;
    for (let i = 0; i < LOOP; i++) {
      const key = `cherry-${String(i).padStart(4, '0')}`;
      const s = await sell(t, key);
      expect(s.status, JSON.stringify(s.json)).toBe(200);
      // Nothing in the sale's answer tells its prize, nor opens the terminal's sealed record.
      const printed = units[s.json.unit]!;
      expect(s.json).not.toHaveProperty('prize_cents');
      expect(s.json).not.toHaveProperty('play');
      expect(JSON.stringify(s.json)).not.toContain(printed.barcodes.validation);
      // The only way to the prize is to make the sale final …
      const f = await finalise(key);
      expect(f.status).toBe(200);
      expect(f.json.prize_cents).toBe(printed.prize_cents);
      if (f.json.prize_cents > 0) {
        winners++;
        continue;
      }
      losers++;
      // … after which it is never voided.
      expect(await voidSale(key)).toMatchObject({ status: 409, json: { reason: 'sale_final' } });
    }
    expect(winners).toBeGreaterThan(0);
    expect(losers).toBeGreaterThan(0);
    const voided = await c.central.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM digital_sales WHERE terminal_id = $1 AND status = 'voided'`, [t.id]);
    expect(voided[0]!.n).toBe(0);
    // The terminal journaled none of them: central bills every one all the same.
    const st = await signedRequest<StatementAnswer>(c.url, t, 'GET', `/v1/statement?week=${isoWeekOf(c.central.now())}`, undefined, at());
    expect(st.status).toBe(200);
    expect(st.json.current.digital_sales).toEqual({ count: LOOP, amount_cents: LOOP * 300 });
    expect(st.json.current.sales).toEqual({ count: LOOP, amount_cents: LOOP * 300 });
    expect(st.json.current.exceptions.digital_not_journaled).toBe(LOOP);
    expect(st.json.current.amount_due_cents).toBe(LOOP * 300 - st.json.current.commissions.total_cents);
  }, 240_000);

  it("bills central's sales, never the terminal's digital lines: a line central never sold is listed, not billed", async () => {
    const before = (await signedRequest<StatementAnswer>(c.url, other, 'GET', `/v1/statement?week=${isoWeekOf(c.central.now())}`, undefined, at())).json.current;
    const j = new TestJournal(other);
    // Ten units journaled as sold, under a sale key central never handed out, with their money.
    const line = { ticket: 'x', game: 'happy-2014', emission: 1, block: 1, unit: 0, price_cents: 300, digital: true, sale_key: 'never-sold-0001' };
    const forged = j.append('sale', { sale_id: 1, lines: [line], total_cents: 3_000, receipt_no: 1, money: { kind: 'sale', lines: [{ game: 'happy-2014', count: 10, amount_cents: 3_000 }] } });
    expect((await signedRequest(c.url, other, 'POST', '/v1/push', { entries: [forged], events: [] }, at())).status).toBe(200);
    const after = (await signedRequest<StatementAnswer>(c.url, other, 'GET', `/v1/statement?week=${isoWeekOf(c.central.now())}`, undefined, at())).json.current;
    expect(after.sales).toEqual(before.sales);
    expect(after.exceptions.digital_not_sold).toBe(before.exceptions.digital_not_sold + 1);
  });

  it('voids a sale not final within the window only; after it the sale is final', async () => {
    expect((await sell(t, 'window-in-0001')).status).toBe(200);
    expect(await voidSale('window-in-0001')).toMatchObject({ status: 200, json: { status: 'voided' } });
    const s = await sell(t, 'window-out-0001');
    expect(s.json).toMatchObject({ status: 'sold' });
    expect(Date.parse(s.json.void_until) - Date.parse(s.json.sold_at)).toBe(60_000);
    c.setClockOffset(61_000);
    try {
      expect(await voidSale('window-out-0001')).toMatchObject({ status: 409, json: { reason: 'sale_final' } });
      expect((await sell(t, 'window-out-0001')).json).toMatchObject({ status: 'final' });
    } finally {
      c.setClockOffset(0);
    }
  });

  it('counts voids and sales per terminal and day: 429 quota_exceeded beyond the configured limits', async () => {
    await setConfig(c.central, 'test', 'digital_daily_voids', 3); // one used by the test above
    for (const k of ['quota-void-0001', 'quota-void-0002']) {
      expect((await sell(t, k)).status).toBe(200);
      expect((await voidSale(k)).status).toBe(200);
    }
    expect((await sell(t, 'quota-void-0003')).status).toBe(200);
    const refused = await voidSale('quota-void-0003');
    expect(refused).toMatchObject({ status: 429, json: { reason: 'quota_exceeded' } });
    expect(refused.json.error).toMatch(/digital_daily_voids/);
    const sold = (await c.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM digital_sales WHERE terminal_id = $1', [t.id]))[0]!.n;
    await setConfig(c.central, 'test', 'digital_daily_sales', sold + 1);
    expect((await sell(t, 'quota-sale-0001')).status).toBe(200);
    const over = await sell(t, 'quota-sale-0002');
    expect(over).toMatchObject({ status: 429, json: { reason: 'quota_exceeded' } });
    expect(over.json.error).toMatch(/digital_daily_sales/);
    // The refused sale took no unit; another terminal still sells.
    expect((await c.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM digital_sales WHERE terminal_id = $1', [t.id]))[0]!.n).toBe(sold + 1);
    expect((await sell(other, 'other-sale-0001')).status).toBe(200);
  });
});
