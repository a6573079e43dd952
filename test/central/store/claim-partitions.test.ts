/**
 * Migration 8 on both engines: ticket claims hash-partitioned by the ticket's identity; claims held
 * before the migration keep their state; one ticket is still claimed once; the held-claims index holds
 * only held claims, so a push's hold release does not grow with the year of paid ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../central/store/db.js';
import { migrateCentral } from '../../../central/store/migrate.js';
import { CENTRAL_MIGRATIONS, TICKET_PARTITIONS } from '../../../central/store/migrations/index.js';
import { openPglite } from '../../../central/store/pglite.js';
import { openPostgres } from '../../../central/store/postgres.js';
import { emptyDatabaseFor, ENGINES, releaseDatabase } from '../support/engines.js';

const CLAIM = `INSERT INTO ticket_claims (ticket, state, terminal_id, claimed_at, held_until, paid_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (ticket) DO NOTHING`;

describe.each(ENGINES)('ticket claims partitioned by ticket on %s', (engine) => {
  let tmp: string;
  let db: Db;
  const at = '2026-11-30T10:00:00.000Z';

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-central-claims-'));
    const url = await emptyDatabaseFor(engine);
    db = url ? await openPostgres(url, 2) : await openPglite(join(tmp, 'db'));
    // The schema before migration 8, with a paid claim and a held one already there.
    await migrateCentral(db, CENTRAL_MIGRATIONS.filter((m) => m.version < 8));
    await db.execute(CLAIM, ['annee-chance-2013/1/1/7', 'paid', 'T1', at, null, at]);
    await db.execute(CLAIM, ['annee-chance-2013/1/1/8', 'held', 'T2', at, '2026-11-30T10:02:00.000Z', null]);
    await migrateCentral(db);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  it(`keeps the claims held before, spread over ${TICKET_PARTITIONS} hash partitions of the ticket`, async () => {
    const rows = await db.query<{ ticket: string; state: string; terminal_id: string; p: string }>(
      `SELECT ticket, state, terminal_id, tableoid::regclass::text AS p FROM ticket_claims ORDER BY ticket`,
    );
    expect(rows.map((r) => [r.ticket, r.state, r.terminal_id])).toEqual([
      ['annee-chance-2013/1/1/7', 'paid', 'T1'],
      ['annee-chance-2013/1/1/8', 'held', 'T2'],
    ]);
    for (const r of rows) expect(r.p).toMatch(/^ticket_claims_h\d\d$/);
    const leaves = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_partition_tree('ticket_claims') WHERE isleaf`);
    expect(leaves[0]?.n).toBe(TICKET_PARTITIONS);
    // Many tickets land in many partitions (the hash of the identity, not of a prefix).
    for (let u = 0; u < 200; u++) await db.execute(CLAIM, [`annee-chance-2013/2/1/${u}`, 'paid', 'T3', at, null, at]);
    const used = await db.query<{ n: number }>(`SELECT count(DISTINCT tableoid)::int AS n FROM ticket_claims`);
    expect(used[0]?.n).toBe(TICKET_PARTITIONS);
  });

  it('still claims one ticket once', async () => {
    expect(await db.execute(CLAIM, ['annee-chance-2013/1/1/7', 'held', 'T9', at, at, null])).toBe(0);
    expect((await db.query<{ terminal_id: string }>(`SELECT terminal_id FROM ticket_claims WHERE ticket = 'annee-chance-2013/1/1/7'`))[0]?.terminal_id).toBe('T1');
  });

  it('indexes only the claims being held, by terminal and time (what the hold release asks)', async () => {
    const defs = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'ticket_claims' AND indexname = 'ticket_claims_held'`);
    expect(defs[0]?.indexdef).toMatch(/\(terminal_id, claimed_at\) WHERE \(state = 'held'::text\)/);
    const held = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ticket_claims WHERE terminal_id = 'T2' AND state = 'held' AND claimed_at < '2026-12-01'`);
    expect(held[0]?.n).toBe(1);
  });
});
