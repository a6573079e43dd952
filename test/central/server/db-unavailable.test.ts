/**
 * A request central cannot serve because its database takes no writes (a failover under way) is
 * answered 503 `database_unavailable` with a retry hint, signed like every answer — never a wrong answer
 * nor a 500 — and central serves again once a server takes writes (#21). The database is made read-only
 * (as a demoted primary is) and its connections cut.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseFor, ENGINES } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, type TestTerminal } from '../support/terminal-client.js';

vi.hoisted(() => {
  // The request's own retry budget, shortened (default 5 s).
  process.env.GUICHET_PG_RETRY_MS = '1500';
});

describe.skipIf(!ENGINES.includes('postgres'))('central while its database takes no writes', () => {
  let c: StartedCentral;
  let url: string;
  let t: TestTerminal;

  beforeAll(async () => {
    url = (await databaseFor('postgres'))!;
    c = await startCentral({ terminals: ['T1'], databaseUrl: url });
    t = newTerminalKey();
    expect((await enrol(c.url, c.enrolmentCode, t)).status).toBe(200);
  }, 120_000);
  afterAll(() => c?.close());

  async function admin(sql: string): Promise<void> {
    // Through the cluster's own database: the store's is read-only meanwhile.
    const client = new pg.Client({ connectionString: url.replace(/\/[a-z0-9_]+(\?|$)/, '/postgres$1') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  it('answers 503 with Retry-After while no server takes writes, then serves again', async () => {
    const claim = () => signedRequest<{ reason?: string; verdict?: string }>(c.url, t, 'POST', '/v1/claim', { barcode: '2130070100000090375553863194039145', claim_key: `k-${Math.random()}` });
    const before = await claim();
    expect(before.status).not.toBe(503);
    const db = /\/([a-z0-9_]+)(?:\?|$)/.exec(url)![1]!;
    await admin(`ALTER DATABASE ${db} SET default_transaction_read_only = on`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${db}' AND pid <> pg_backend_pid()`);
    try {
      for (let i = 0; i < 2; i++) {
        const during = await claim();
        expect([during.status, during.json.reason, during.headers.get('retry-after')]).toEqual([503, 'database_unavailable', '2']);
      }
    } finally {
      await admin(`ALTER DATABASE ${db} RESET default_transaction_read_only`);
    }
    const after = await claim();
    expect(after.status).toBe(before.status);
    expect(after.json.verdict ?? after.json.reason).toBe(before.json.verdict ?? before.json.reason);
  });
});
