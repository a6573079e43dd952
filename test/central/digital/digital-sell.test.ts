/** POST /v1/digital/sell, /finalise and /void: allocation once across the network, retries, voids. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmission } from '../../../central/emission/create.js';
import { publishEmission } from '../../../central/store/publish.js';
import { exportUnits } from '../../../central/emission/export.js';
import { printFileName } from '../../../central/emission/files.js';
import { readPrintFile } from '../../../central/emission/print-file.js';
import { DigitalSaleAnswer, DigitalUnitAnswer, type ClaimAnswer } from '../../../common/protocol/index.js';
import { parseBarcode } from '../../../games/ticket-id.js';
import { prizeOf } from '../../../games/index.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, type TestTerminal } from '../support/terminal-client.js';

const UNITS = 12;
let c: StartedCentral;
let emissions: string;
let t1: TestTerminal;
let t2: TestTerminal;

const sell = (t: TestTerminal, sale_key: string, game = 'happy-2014') => signedRequest<DigitalSaleAnswer & { reason?: string; error?: string }>(c.url, t, 'POST', '/v1/digital/sell', { sale_key, game });
const finalise = (t: TestTerminal, sale_key: string) => signedRequest<DigitalUnitAnswer & { reason?: string; error?: string }>(c.url, t, 'POST', '/v1/digital/finalise', { sale_key });
const printed = (unit: number) => [...exportUnits(readPrintFile(join(emissions, printFileName('happy-2014', 1, 1))), unit, 1)][0]!;

beforeAll(async () => {
  c = await startCentral({ terminals: ['T1', 'T2'] });
  emissions = mkdtempSync(join(tmpdir(), 'guichet-digital-em-'));
  await createEmission({ game: 'happy-2014', emission: 1, units: UNITS, outDir: emissions, keyFile: c.lotteryKeyFile, workers: 0 });
  await publishEmission(c.central, 'test', emissions);
  t1 = newTerminalKey();
  t2 = newTerminalKey();
  expect((await enrol(c.url, c.codes.T1!, t1)).status).toBe(200);
  expect((await enrol(c.url, c.codes.T2!, t2)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await c?.close();
  rmSync(emissions, { recursive: true, force: true });
});

describe('digital sell at central', () => {
  it('refuses the claim of a unit central never sold (not_sold), winner or not', async () => {
    const units = [...exportUnits(readPrintFile(join(emissions, printFileName('happy-2014', 1, 1))), 0, UNITS)];
    const last = units.at(-1)!;
    const claim = await signedRequest<ClaimAnswer>(c.url, t1, 'POST', '/v1/claim', { barcode: last.barcodes.validation, claim_key: 'claim-unsold-0001' });
    expect(claim).toMatchObject({ status: 200, json: { verdict: 'not_sold', ticket: `happy-2014/1/1/${UNITS - 1}`, prize_cents: null } });
    expect(claim.json.message).toMatch(/never sold/);
  });

  // Changed by #19: the sale answers the unit without its validation barcode, prize or play; finalise answers them.
  it('hands out a unit, its validation barcode and play once final, and the same unit to a retry', async () => {
    const a = await sell(t1, 'sale-key-0001');
    expect(a.status).toBe(200);
    const sold = DigitalSaleAnswer.parse(a.json);
    expect(sold).toMatchObject({ game: 'happy-2014', emission: 1, block: 1, status: 'sold', price_cents: 300 });
    expect(a.json).not.toHaveProperty('validation_barcode');
    expect(a.json).not.toHaveProperty('prize_cents');
    expect(a.json).not.toHaveProperty('play');
    const f = await finalise(t1, 'sale-key-0001');
    expect(f.status).toBe(200);
    const unit = DigitalUnitAnswer.parse(f.json);
    expect(unit).toMatchObject({ unit: sold.unit, status: 'final' });
    const parsed = parseBarcode(unit.validation_barcode);
    expect(parsed).toMatchObject({ kind: 'validation', id: { game: 'happy-2014', unit: unit.unit } });
    expect(prizeOf('happy-2014', unit.play).prize_cents).toBe(unit.prize_cents);
    expect((await finalise(t1, 'sale-key-0001')).json).toEqual(f.json);
    const again = await sell(t1, 'sale-key-0001');
    expect(again.json).toEqual({ ...a.json, status: 'final' });
    // The same key from another terminal is another sale.
    const other = await sell(t2, 'sale-key-0001');
    expect(other.status).toBe(200);
    expect(other.json.unit).not.toBe(unit.unit);
    // The same key for another game is refused.
    const reused = await sell(t1, 'sale-key-0001', 'millionnaire');
    expect(reused).toMatchObject({ status: 409, json: { reason: 'sale_key_reused' } });
  });

  it('concurrent sales from two terminals get distinct units, concurrent retries one unit', async () => {
    const keys = Array.from({ length: 6 }, (_, i) => `conc-${i}-abcdef`);
    const answers = await Promise.all(keys.flatMap((k, i) => [sell(i % 2 ? t1 : t2, k), sell(i % 2 ? t1 : t2, k)]));
    for (const a of answers) expect(a.status).toBe(200);
    for (let i = 0; i < keys.length; i++) expect(answers[2 * i]!.json.unit).toBe(answers[2 * i + 1]!.json.unit);
    const units = answers.filter((_, i) => i % 2 === 0).map((a) => a.json.unit);
    expect(new Set(units).size).toBe(keys.length);
    const held = await c.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM digital_sales');
    expect(held[0]!.n).toBe(2 + keys.length);
    const distinct = await c.central.db.query<{ n: number }>('SELECT count(DISTINCT unit)::int AS n FROM digital_sales');
    expect(distinct[0]!.n).toBe(2 + keys.length);
  });

  it('voids a sale once; its unit is never handed out again; unknown keys and paper games are refused', async () => {
    const a = await sell(t1, 'to-void-0001');
    const v = await signedRequest<{ already: boolean; reason?: string }>(c.url, t1, 'POST', '/v1/digital/void', { sale_key: 'to-void-0001', reason: 'printer jam' });
    expect(v).toMatchObject({ status: 200, json: { status: 'voided', already: false } });
    const v2 = await signedRequest(c.url, t1, 'POST', '/v1/digital/void', { sale_key: 'to-void-0001', reason: 'again' });
    expect(v2).toMatchObject({ status: 200, json: { already: true } });
    expect((await sell(t1, 'to-void-0001')).json).toMatchObject({ unit: a.json.unit, status: 'voided' });
    const next = await sell(t1, 'after-void-01');
    expect(next.json.unit).not.toBe(a.json.unit);
    expect(await signedRequest(c.url, t2, 'POST', '/v1/digital/void', { sale_key: 'to-void-0001', reason: 'not mine' })).toMatchObject({ status: 404, json: { reason: 'no_such_sale' } });
    expect(await sell(t1, 'paper-game-01', 'annee-chance-2013')).toMatchObject({ status: 400, json: { reason: 'not_digital' } });
  });

  it('refuses the claim of a voided unit, and claims a sold one', async () => {
    const voided = DigitalSaleAnswer.parse((await sell(t1, 'void-claim-0001')).json);
    expect((await signedRequest(c.url, t1, 'POST', '/v1/digital/void', { sale_key: 'void-claim-0001', reason: 'never completed' })).status).toBe(200);
    expect(await finalise(t1, 'void-claim-0001')).toMatchObject({ status: 409, json: { reason: 'sale_voided' } });
    const refused = await signedRequest<ClaimAnswer>(c.url, t2, 'POST', '/v1/claim', { barcode: printed(voided.unit).barcodes.validation, claim_key: 'claim-voided-0001' });
    expect(refused).toMatchObject({ status: 200, json: { verdict: 'not_sold', ticket: `happy-2014/1/1/${voided.unit}` } });
    expect(refused.json.message).toMatch(/voided/);
    // A sold unit's claim goes on as for paper: claimed when it wins, not_winner when it does not.
    expect((await sell(t1, 'sold-claim-0001')).status).toBe(200);
    const sold = DigitalUnitAnswer.parse((await finalise(t1, 'sold-claim-0001')).json);
    const claim = await signedRequest<ClaimAnswer>(c.url, t1, 'POST', '/v1/claim', { barcode: sold.validation_barcode, claim_key: 'claim-sold-00001' });
    expect(claim.json.verdict).toBe(sold.prize_cents > 0 ? 'claimed' : 'not_winner');
  });

  it('refuses when the block is sold out, and unsigned requests', async () => {
    let last = await sell(t2, 'fill-0-abcdef');
    for (let i = 1; last.status === 200 && i < UNITS + 2; i++) last = await sell(t2, `fill-${i}-abcdef`);
    expect(last).toMatchObject({ status: 409, json: { reason: 'sold_out' } });
    const sold = await c.central.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM digital_sales WHERE game = 'happy-2014'`);
    expect(sold[0]!.n).toBe(UNITS);
    const res = await fetch(`${c.url}/v1/digital/sell`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sale_key: 'unsigned-0001', game: 'happy-2014' }) });
    expect(res.status).toBe(401);
  });
});
