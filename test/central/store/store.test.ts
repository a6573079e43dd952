/** Central's store on both engines: migrations, 64-bit numbers, and exactly-once ingestion under concurrency. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { ingestPush } from '../../../central/store/ingest.js';
import { migrateCentral } from '../../../central/store/migrate.js';
import { CENTRAL_MIGRATIONS } from '../../../central/store/migrations/index.js';
import { openCentral } from '../../../central/store/open.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { databaseFor, ENGINES, initTestCentral, releaseDatabase } from '../support/engines.js';
import { TestJournal } from '../support/terminal-client.js';

describe.each(ENGINES)('central store on %s', (engine) => {
  let tmp: string;
  let url: string | undefined;
  let c: Central;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-central-store-'));
    url = await databaseFor(engine);
    c = (await initTestCentral({ dataDir: join(tmp, 'central'), databaseUrl: url, keyFile: join(tmp, 'lottery.key') })).central;
  }, 180_000);
  afterAll(async () => {
    await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  it('records its migrations once and applies none the second time', async () => {
    expect(await migrateCentral(c.db)).toEqual([]);
    const rows = await c.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(CENTRAL_MIGRATIONS.map((m) => m.version));
    // Every terminal table carries terminal_id first in its primary key (distribution column).
    const pk = await c.db.query<{ table_name: string; column_name: string }>(
      `SELECT tc.table_name, kcu.column_name FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
        WHERE tc.constraint_type = 'PRIMARY KEY' AND kcu.ordinal_position = 1
          AND tc.table_name IN ('journal_entries', 'outbox_events', 'integrity_alerts', 'refused_pushes', 'nonces', 'digital_sales', 'prize_claims')
        ORDER BY tc.table_name`,
    );
    expect(pk.map((r) => r.column_name)).toEqual(Array(7).fill('terminal_id'));
  });

  it('reads 64-bit integers as exact numbers and refuses those a number cannot hold', async () => {
    expect(await c.db.query('SELECT 9007199254740991::bigint AS n')).toEqual([{ n: 9007199254740991 }]);
    await expect(c.db.query('SELECT 9007199254740993::bigint AS n')).rejects.toThrow(/beyond what a JS number holds/);
  });

  it('rolls a transaction back whole when it throws', async () => {
    await expect(
      c.db.transaction(async (tx) => {
        await tx.execute("INSERT INTO config (key, value, updated_at) VALUES ('x_rollback', '1', 'now')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await c.db.query("SELECT * FROM config WHERE key = 'x_rollback'")).toEqual([]);
  });

  it('stores a batch once when the same push arrives many times at once', async () => {
    await addTerminal(c, 'test', 'C1', 'Concurrent');
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await c.db.execute("UPDATE terminals SET status = 'active', public_key = $1, enrolled_at = 'x' WHERE terminal_id = 'C1'", [pem]);
    const j = new TestJournal({ id: 'C1', privateKey, publicKey, publicKeyPem: pem });
    const entries = j.appendMany(50);
    const batch = { entries, events: entries.map((e) => j.eventOf(e)) };
    const results = await Promise.all(Array.from({ length: 6 }, () => ingestPush(c, 'C1', batch)));
    expect(results.every((r) => !r.refused && r.last_seq === 50)).toBe(true);
    expect(results.reduce((n, r) => n + (r.refused ? 0 : r.stored_entries), 0)).toBe(50);
    expect(results.reduce((n, r) => n + (r.refused ? 0 : r.stored_events), 0)).toBe(50);
    const held = await c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries WHERE terminal_id = 'C1'");
    expect(held[0]?.n).toBe(50);
  });

  it('opens again and keeps what it held', async () => {
    await c.db.close();
    c = await openCentral({ dataDir: join(tmp, 'central'), databaseUrl: url });
    const t = await c.db.query<{ last_seq: number }>("SELECT last_seq FROM terminals WHERE terminal_id = 'C1'");
    expect(t).toEqual([{ last_seq: 50 }]);
  });
});
