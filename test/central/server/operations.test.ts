/**
 * Operations you can see (#21): central's structured log (one JSON line per answer: request id, route,
 * terminal, latency, outcome; never a validation code, PIN, enrolment code, signature, token or cookie),
 * its Prometheus metrics (loopback only), /livez and /readyz, and a SIGTERM that lets a request in
 * flight finish before the process exits 0.
 */
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCentralServer } from '../../../central/server/app.js';
import { readiness } from '../../../central/server/health.js';
import { centralMetrics } from '../../../central/server/metrics.js';
import { TOKEN_FILE } from '../../../central/server/holder.js';
import { openPostgres } from '../../../central/store/postgres.js';
import { databaseFor, ENGINES } from '../support/engines.js';
import { spawnCentral, startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

describe('central you can see, on PGlite', () => {
  let c: StartedCentral;
  let t: TestTerminal;
  const lines: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    c = await startCentral({ terminals: ['T1'], logLevel: 'info', logStream: { write: (l: string) => void lines.push(l) } });
    t = newTerminalKey('T1');
    secrets.push(c.codes.T1!);
    expect((await enrol(c.url, c.codes.T1!, t)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await c?.close();
  });

  it('one JSON line per answer, with request id, route, terminal, latency and outcome; no secret in it', async () => {
    const barcode = '9'.repeat(24);
    const pin = '918273';
    const cookie = 'guichet_session=c00kieV4lue0123456789';
    const token = readFileSync(join(c.dataDir, TOKEN_FILE), 'utf8');
    secrets.push(barcode, pin, 'c00kieV4lue0123456789', token);
    // A signed claim carrying a validation code, a cookie on it; a signed push; an enrolment with a PIN and the code in a bad body.
    const claim = await signedRequest<{ verdict: string }>(c.url, t, 'POST', '/v1/claim', { barcode, claim_key: 'claim-key-0001' }, {}, { cookie });
    expect(claim.status).toBe(200);
    const journal = new TestJournal(t);
    const push = await signedRequest(c.url, t, 'POST', '/v1/push', { entries: journal.appendMany(2), events: [] });
    expect(push.status).toBe(200);
    const bad = await fetch(`${c.url}/v1/enrol`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ code: c.codes.T1, pin, barcode }) });
    expect(bad.status).toBe(400);
    const admin = await fetch(`${c.url}/v1/admin/terminal.list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(admin.status).toBe(200);
    const sent = [claim, push].map((a) => a.headers.get('x-request-id'));

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const answered = parsed.filter((l) => l.msg === 'answered');
    const claimLine = answered.find((l) => l.route === '/v1/claim');
    expect(claimLine).toMatchObject({ reqId: sent[0], method: 'POST', status: 200, terminal: 'T1', outcome: claim.json.verdict, ms: expect.any(Number), time: expect.any(String) });
    expect(answered.find((l) => l.route === '/v1/push')).toMatchObject({ reqId: sent[1], terminal: 'T1', outcome: 'ok' });
    expect(answered.find((l) => l.route === '/v1/enrol' && l.status === 400)).toMatchObject({ outcome: 'bad_request' });
    // Every request id is its own.
    expect(new Set(answered.map((l) => l.reqId)).size).toBe(answered.length);
    // Whatever was sent, none of it is in the log: codes, PIN, cookie, token, the signatures of the requests.
    const all = lines.join('\n');
    for (const s of secrets) expect(all).not.toContain(s);
    expect(all).not.toMatch(/x-guichet-signature|authorization|cookie/i);
  });

  it('a log call that would carry a secret has it redacted (headers, bodies, codes, PINs, signatures)', async () => {
    const seen: string[] = [];
    const app = buildCentralServer(c.central, { logger: { level: 'info', stream: { write: (l: string) => void seen.push(l) } } });
    try {
      app.log.info({ headers: { authorization: 'Bearer t0ken-ABC', cookie: 'sid=c00kie-XYZ', 'x-guichet-signature': 's1gnature-QRS' }, pin: '55667788', claim: { barcode: '123456789012345678901234' }, enrol: { code: 'ABCD-EFGH-JKLM' }, body: { anything: 'b0dy-secret' } }, 'careless');
    } finally {
      await app.close();
    }
    const line = seen.join('');
    expect(line).toContain('careless');
    for (const secret of ['t0ken-ABC', 'c00kie-XYZ', 's1gnature-QRS', '55667788', '123456789012345678901234', 'ABCD-EFGH-JKLM', 'b0dy-secret']) expect(line).not.toContain(secret);
  });

  it('metrics on GET /metrics from this machine: requests by route and status, latency, claims by answer, push lag; refused from elsewhere', async () => {
    const text = await (await fetch(`${c.url}/metrics`)).text();
    expect(text).toMatch(/guichet_http_requests_total\{route="\/v1\/claim",method="POST",status="200"\} 1/);
    expect(text).toMatch(/guichet_http_request_duration_seconds_bucket\{le="[^"]+",route="\/v1\/push",method="POST"\} 1/);
    expect(text).toMatch(/guichet_claims_total\{verdict="[a-z_]+"\} 1/);
    expect(text).toMatch(/guichet_push_lag_seconds_count 1/);
    expect(text).toMatch(/guichet_push_lag_worst_seconds\{terminal="T1"\} \d/);
    expect(text).toMatch(/guichet_central_process_cpu_seconds_total \d/);
    expect(text).not.toMatch(/guichet_db_pool_connections\{/); // PGlite has no pool
    expect(text).not.toMatch(/guichet_replication_lag_seconds\{/);
    const app = buildCentralServer(c.central);
    try {
      const far = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.7' });
      expect([far.statusCode, far.json()]).toEqual([403, expect.objectContaining({ reason: 'not_loopback' })]);
    } finally {
      await app.close();
    }
  });

  it('/livez answers; /readyz says ready, and not ready with the reason when the schema is not this central\'s', async () => {
    expect((await fetch(`${c.url}/livez`)).status).toBe(200);
    const ready = await fetch(`${c.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, expect.objectContaining({ ready: true, engine: 'pglite' })]);
    await c.central.db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 'x')");
    try {
      const late = await fetch(`${c.url}/readyz`);
      expect([late.status, await late.json()]).toEqual([503, expect.objectContaining({ ready: false, problem: expect.stringMatching(/schema version 999/) })]);
    } finally {
      await c.central.db.execute('DELETE FROM schema_migrations WHERE version = 999');
    }
    // A database that does not answer: not ready, said so.
    const gone = await readiness({ ...c.central.db, query: () => Promise.reject(new Error('connection refused')) });
    expect(gone).toMatchObject({ ready: false, problem: expect.stringMatching(/cannot be reached: connection refused/) });
  });

  it('SIGTERM: central stops accepting, finishes the request in flight, and exits 0', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'guichet-sigterm-'));
    const folder = join(tmp, 'central');
    const d = await startCentral({ terminals: ['T1'], dataDir: folder });
    await d.close();
    const s = await spawnCentral(folder);
    try {
      const url = new URL(s.url);
      const token = readFileSync(join(folder, TOKEN_FILE), 'utf8');
      // A request in flight: its headers and the first byte of its body sent, the rest not yet.
      let rest: () => void = () => undefined;
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, method: 'POST', path: '/v1/admin/terminal.list', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '2' } },
          (res) => {
            let text = '';
            res.on('data', (b: Buffer) => (text += b.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write('{');
        rest = () => req.end('}');
      });
      await waitUntil(async () => (await fetch(`${s.url}/livez`)).ok);
      s.child.kill('SIGTERM');
      // It stops accepting: a new connection is refused (or told 503 while it closes).
      await waitUntil(async () => {
        try {
          return (await fetch(`${s.url}/livez`)).status === 503;
        } catch {
          return true;
        }
      });
      expect(s.child.exitCode).toBeNull(); // still finishing the request in flight
      rest();
      const a = await answer;
      expect(a.status).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ result: [expect.objectContaining({ terminal_id: 'T1' })] });
      expect(await s.exited).toBe(0);
    } finally {
      if (s.child.exitCode === null) s.child.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});

async function waitUntil(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the condition never held');
}

describe.runIf(ENGINES.includes('postgres'))('metrics of PostgreSQL', () => {
  it("the pool's connections (total, idle, waiting); no replication lag without standbys", async () => {
    const db = await openPostgres((await databaseFor('postgres'))!);
    try {
      const text = await centralMetrics(db).registry.metrics();
      expect(text).toMatch(/guichet_db_pool_connections\{state="total"\} \d+/);
      expect(text).toMatch(/guichet_db_pool_connections\{state="waiting"\} 0/);
      expect(text).not.toMatch(/guichet_replication_lag_seconds\{/);
    } finally {
      await db.close();
    }
  });
});
