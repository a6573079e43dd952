/** `central serve --tls-cert --tls-key`: https for terminals, and the admin client pinning that certificate. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callService } from '../../../central/admin/client.js';
import { servingRecord } from '../../../central/server/holder.js';
import { serveCentral, type RunningCentral } from '../../../central/server/serve.js';
import { initTestCentral } from '../support/engines.js';

function get(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, checkServerIdentity: () => undefined }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('central over TLS', () => {
  let tmp: string;
  let running: RunningCentral;
  let cert: Buffer;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-central-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=central.test', '-keyout', join(tmp, 'tls.key'), '-out', join(tmp, 'tls.crt')], { stdio: 'pipe' });
    cert = readFileSync(join(tmp, 'tls.crt'));
    const data = join(tmp, 'central');
    await (await initTestCentral({ dataDir: data, keyFile: join(tmp, 'lottery.key') })).central.db.close();
    running = await serveCentral({ dataDir: data, listen: '127.0.0.1:0', tls: { certFile: join(tmp, 'tls.crt'), keyFile: join(tmp, 'tls.key') }, log: () => undefined });
  }, 180_000);
  afterAll(async () => {
    await running?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('serves https, and admin commands reach it through the pinned certificate', async () => {
    expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await get(`${running.url}/v1/health`, cert);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, service: 'guichet-central' });
    await expect(fetch(`${running.url}/v1/health`)).rejects.toThrow(); // not trusted without the certificate
    const rec = servingRecord(join(tmp, 'central'));
    expect(rec?.tls_cert).toBe(join(tmp, 'tls.crt'));
    const added = (await callService(join(tmp, 'central'), { ...rec!, url: rec!.url! }, 'terminal.add', { id: 'T1', retailer: 'R' })) as { code: string };
    expect(added.code).toMatch(/^[A-Z0-9]{4}-/);
  });
});
