/**
 * Issue 39 (low 14): central's answers over TLS tell browsers to come back over TLS only
 * (Strict-Transport-Security, never over plain http), and no answer of the back office (sessions,
 * enrolment secrets, admin results) may be kept by a browser or a proxy (Cache-Control: no-store),
 * whether it succeeds or is refused.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCentralServer } from '../../../central/server/app.js';
import { makeTlsFiles } from '../../../central/server/tls-files.js';
import type { Central } from '../../../central/store/context.js';

// These answers read no store, or fail reading it: a central whose every use throws (a 500 is an answer
// too); the metrics keep a handle on the database, used only when scraped.
const refuse = (what: string) => new Proxy({}, { get: (_t, p) => { throw new Error(`asked ${what} for ${String(p)}`); } });
const noStore = new Proxy({}, { get: (_t, p) => (p === 'db' ? refuse('the database') : refuse('central')[p as never]) }) as Central;
const tmp = mkdtempSync(join(tmpdir(), 'guichet-security-headers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BACK_OFFICE = [
  { method: 'GET', url: '/v1/console/session' },
  { method: 'POST', url: '/v1/console/login', payload: {} },
  { method: 'POST', url: '/v1/console/enrol', payload: {} },
  { method: 'POST', url: '/v1/console/logout', payload: {} },
  { method: 'POST', url: '/v1/admin/terminal.list', payload: {} },
] as const;

describe("central's security headers", () => {
  it('marks every back-office answer no-store, refused or not', async () => {
    const app = buildCentralServer(noStore, { log: () => undefined });
    for (const r of BACK_OFFICE) {
      const res = await app.inject(r);
      expect([r.url, res.headers['cache-control']]).toEqual([r.url, 'no-store']);
    }
    await app.close();
  });

  it('sends Strict-Transport-Security over TLS only', async () => {
    const tls = makeTlsFiles(join(tmp, 'central'), ['127.0.0.1']);
    const https = buildCentralServer(noStore, { log: () => undefined, https: { cert: readFileSync(tls.files.serverCert), key: readFileSync(tls.files.serverKey) } });
    for (const url of ['/v1/console/session', '/v1/health', '/console/']) {
      expect([url, (await https.inject({ method: 'GET', url })).headers['strict-transport-security']]).toEqual([url, expect.stringMatching(/^max-age=\d{8,}$/)]);
    }
    await https.close();
    const plain = buildCentralServer(noStore, { log: () => undefined });
    expect((await plain.inject({ method: 'GET', url: '/v1/console/session' })).headers['strict-transport-security']).toBeUndefined();
    await plain.close();
  });
});
