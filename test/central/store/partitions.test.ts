/**
 * Migration 7 on both engines: journal entries and events partitioned by the month of their own time,
 * each month hash-partitioned by terminal; rows held before the migration keep their place; the same
 * entry or event still cannot be stored twice; the store creates the coming months ahead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../central/store/db.js';
import { migrateCentral } from '../../../central/store/migrate.js';
import { CENTRAL_MIGRATIONS, MONTH_HASH_PARTITIONS } from '../../../central/store/migrations/index.js';
import { ensureMonthPartitions, monthStart } from '../../../central/store/partitions.js';
import { openPglite } from '../../../central/store/pglite.js';
import { openPostgres } from '../../../central/store/postgres.js';
import { emptyDatabaseFor, ENGINES, releaseDatabase } from '../support/engines.js';

const ENTRY = `INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at)
               VALUES ($1, $2, $3, 'sale', 'alice', '{}', 'p', 'h', 's', $3)`;
const EVENT = `INSERT INTO outbox_events (terminal_id, event_key, type, journal_seq, payload, created_at, received_at) VALUES ($1, $2, 'sale', $3, '{}', $4, $4)`;
const ym = (iso: string): string => iso.slice(0, 7).replace('-', '');

describe.each(ENGINES)('month partitions of journals and events on %s', (engine) => {
  let tmp: string;
  let db: Db;
  const now = new Date().toISOString();
  const lastYear = `${Number(now.slice(0, 4)) - 1}-03-15T10:00:00.000Z`;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-central-parts-'));
    const url = await emptyDatabaseFor(engine);
    db = url ? await openPostgres(url, 2) : await openPglite(join(tmp, 'db'));
    // The schema before migration 7, with rows of this month and of last March already held.
    await migrateCentral(db, CENTRAL_MIGRATIONS.filter((m) => m.version < 7));
    await db.execute(ENTRY, ['P1', 1, lastYear]);
    await db.execute(ENTRY, ['P1', 2, now]);
    await db.execute(EVENT, ['P1', 'P1/sale-1', 1, lastYear]);
    await migrateCentral(db);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  const placeOf = async (table: string, where: string): Promise<string[]> =>
    (await db.query<{ p: string }>(`SELECT tableoid::regclass::text AS p FROM ${table} WHERE ${where} ORDER BY 1`)).map((r) => r.p);

  it('keeps the rows held before, each in its month, hash-partitioned by terminal', async () => {
    const rows = await db.query<{ seq: number; p: string }>(`SELECT seq, tableoid::regclass::text AS p FROM journal_entries WHERE terminal_id = 'P1' ORDER BY seq`);
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    expect(rows[0]!.p).toMatch(new RegExp(`^journal_entries_m${ym(lastYear)}_h0[0-${MONTH_HASH_PARTITIONS - 1}]$`));
    expect(rows[1]!.p).toMatch(new RegExp(`^journal_entries_m${ym(now)}_h0[0-${MONTH_HASH_PARTITIONS - 1}]$`));
    expect(await placeOf('outbox_events', "terminal_id = 'P1'")).toEqual([expect.stringMatching(new RegExp(`^outbox_events_m${ym(lastYear)}_h`))]);
    // This month and the next exist for both tables.
    const next = monthStart(now, 1);
    for (const t of ['journal_entries', 'outbox_events']) {
      for (const m of [ym(now), ym(next)]) expect((await db.query(`SELECT to_regclass($1) AS r`, [`${t}_m${m}`]))[0]).toEqual({ r: expect.any(String) });
    }
  });

  it('still refuses the very same entry or event twice, and keeps a row of a month without partition in the default one', async () => {
    await expect(db.execute(ENTRY, ['P1', 2, now])).rejects.toThrow(/duplicate key/);
    await expect(db.execute(EVENT, ['P1', 'P1/sale-1', 1, lastYear])).rejects.toThrow(/duplicate key/);
    expect(await db.execute(`${EVENT} ON CONFLICT (terminal_id, event_key, created_at) DO NOTHING`, ['P1', 'P1/sale-1', 1, lastYear])).toBe(0);
    await db.execute(ENTRY, ['P2', 1, '2091-01-01T00:00:00.000Z']);
    expect(await placeOf('journal_entries', "terminal_id = 'P2'")).toEqual(['journal_entries_default']);
  });

  it('creates the coming months ahead once, and reports a month whose rows already sit in the default partition', async () => {
    const from = monthStart(now, 2);
    const first = await ensureMonthPartitions(db, from, 2);
    expect(first).toEqual({ created: [`journal_entries_m${ym(from)}`, `outbox_events_m${ym(from)}`, `journal_entries_m${ym(monthStart(now, 3))}`, `outbox_events_m${ym(monthStart(now, 3))}`], failed: [] });
    expect(await ensureMonthPartitions(db, from, 2)).toEqual({ created: [], failed: [] });
    await db.execute(ENTRY, ['P3', 1, `${from.slice(0, 7)}-20T08:00:00.000Z`]);
    expect(await placeOf('journal_entries', "terminal_id = 'P3'")).toEqual([expect.stringMatching(new RegExp(`^journal_entries_m${ym(from)}_h`))]);
    const blocked = await ensureMonthPartitions(db, '2091-01-01T00:00:00.000Z', 1);
    expect(blocked.created).toEqual(['outbox_events_m209101']);
    expect(blocked.failed).toEqual([expect.stringMatching(/^journal_entries 2091-01: .*default partition/)]);
  });
});
