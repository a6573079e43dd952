import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultMode } from './proxy-faults.js';
import { forgedJson, jsonOf, startProxy } from './proxy.js';

let server: http.Server;
let target = '';
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.stringify({ echo: Buffer.concat(chunks).toString('utf8'), pad: 'x'.repeat(2000) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function post(url: string, body: string): Promise<{ status: number; text: string } | 'failed'> {
  try {
    const res = await fetch(`${url}/echo`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    return { status: res.status, text: await res.text() };
  } catch {
    return 'failed';
  }
}

describe('proxy hooks', () => {
  it('lets an attack rewrite a request and forge an answer, counts the forgery and logs central\'s answer', async () => {
    const proxy = await startProxy({ target });
    try {
      proxy.setHook(async (ex, forward) => {
        const real = await forward({ ...ex, body: Buffer.from('rewritten', 'utf8') });
        return forgedJson(200, { forged: (jsonOf(real) as { echo: string }).echo });
      });
      const r = await post(proxy.url, 'hello');
      expect(r !== 'failed' && JSON.parse(r.text)).toEqual({ forged: 'rewritten' });
      expect(proxy.forged()).toBe(1);
      expect(proxy.exchanges().map((e) => (jsonOf(e.central!) as { echo: string }).echo)).toEqual(['rewritten']);
      proxy.setHook(null);
      const plain = await post(proxy.url, 'plain');
      expect(plain !== 'failed' && (JSON.parse(plain.text) as { echo: string }).echo).toBe('plain');
      expect(proxy.forged()).toBe(1);
      expect(proxy.requests()).toBe(2);
    } finally {
      await proxy.close();
    }
  });
});

describe('fault proxy', () => {
  it('passes requests on untouched when the rate is 0', async () => {
    const proxy = await startFaultProxy({ target, seed: 1, rate: 0, maxFaults: 10 });
    try {
      const r = await post(proxy.url, 'hello');
      expect(r).not.toBe('failed');
      if (r === 'failed') return;
      expect(r.status).toBe(200);
      expect((JSON.parse(r.text) as { echo: string }).echo).toBe('hello');
      expect(proxy.faults()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it.each<[FaultMode, (r: Awaited<ReturnType<typeof post>>, hitsDelta: number) => void]>([
    ['reset', (r, d) => { expect(r).toBe('failed'); expect(d).toBe(0); }],
    ['5xx', (r, d) => { expect(r).not.toBe('failed'); expect(r !== 'failed' && r.status >= 502).toBe(true); expect(d).toBe(0); }],
    ['cut', (r, d) => { expect(r).toBe('failed'); expect(d).toBe(1); }],
    ['duplicate', (r, d) => { expect(r !== 'failed' && r.status).toBe(200); expect(d).toBe(2); }],
    ['delay', (r, d) => { expect(r !== 'failed' && r.status).toBe(200); expect(d).toBe(1); }],
    ['drop', (r, d) => { expect(r).toBe('failed'); expect(d).toBeLessThanOrEqual(1); }],
  ])('injects %s', async (mode, check) => {
    const proxy = await startFaultProxy({ target, seed: mode, rate: 1, maxFaults: 1, modes: [mode], maxDelayMs: 20 });
    try {
      const before = hits;
      const r = await post(proxy.url, 'payload');
      check(r, hits - before);
      expect(proxy.counts[mode]).toBe(1);
      // Bounded: the next request passes.
      const next = await post(proxy.url, 'again');
      expect(next !== 'failed' && next.status).toBe(200);
      expect(proxy.faults()).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('draws the same faults from the same seed', async () => {
    const run = async (): Promise<Record<FaultMode, number>> => {
      const proxy = await startFaultProxy({ target, seed: 42, rate: 0.5, maxFaults: 100, modes: ['5xx', 'delay', 'duplicate'], maxDelayMs: 5 });
      for (let i = 0; i < 20; i++) await post(proxy.url, String(i));
      const counts = { ...proxy.counts };
      await proxy.close();
      return counts;
    };
    const a = await run();
    expect(Object.values(a).reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
    expect(await run()).toEqual(a);
  });

  it('refuses a target off loopback', async () => {
    await expect(startFaultProxy({ target: 'http://10.0.0.1:80', seed: 1, rate: 0, maxFaults: 0 })).rejects.toThrow(/loopback/);
  });
});
