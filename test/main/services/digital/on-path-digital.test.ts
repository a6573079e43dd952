/**
 * A digital sale through an on-path attacker (issue #20): an answer rewritten in transit (here its sale
 * time, a field nothing else checks) is no answer: nothing is sold at the counter, and the next sale,
 * the proxy behaving, goes through (voiding the unanswered key first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellDigital } from '../../../../main/services/digital/sell.js';
import { terminalClient } from '../../../../main/services/sync/terminal-client.js';
import { forgedJson, startProxy, type Proxy } from '../../../support/proxy.js';
import { digitalCounter, type DigitalCounter } from './digital-fixture.js';

let fx: DigitalCounter;
let proxy: Proxy;
beforeAll(async () => {
  fx = await digitalCounter();
  proxy = await startProxy({ target: fx.central.url });
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await fx?.cleanup();
});

describe('a digital sale through an on-path attacker', () => {
  it('a rewritten unit answer is no answer: nothing sold; the proxy behaving, the next sale goes through', async () => {
    const client = terminalClient(fx.t, { url: proxy.url, maxAttempts: 1, timeoutMs: 3000 });
    proxy.setHook(async (ex, forward) => {
      const real = await forward();
      if (ex.path !== '/v1/digital/sell' || real.status !== 200) return real;
      const unit = JSON.parse(real.body.toString('utf8')) as { sold_at: string };
      return forgedJson(200, { ...unit, sold_at: new Date(Date.parse(unit.sold_at) - 1000).toISOString() }, real);
    });
    const seq = (): number => (fx.t.db.prepare('SELECT max(seq) AS s FROM journal').get() as { s: number }).s;
    const before = seq();
    await expect(sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, client)).rejects.toMatchObject({ code: 'central-unreachable' });
    expect(proxy.forged()).toBeGreaterThan(0);
    expect(seq()).toBe(before);
    expect(fx.t.db.prepare(`SELECT count(*) AS n FROM digital_units WHERE state = 'sold'`).get()).toEqual({ n: 0 });
    proxy.setHook(null);
    const sale = await sellDigital(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, client);
    expect(sale.validation_barcode).toMatch(/^\d{34}$/);
    expect(fx.t.db.prepare(`SELECT count(*) AS n FROM digital_units WHERE state = 'pending'`).get()).toEqual({ n: 0 });
  });
});
