/** Central's migrations through umzug, on both engines: fresh, old-format stores, newer stores, failures, concurrent starts. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../central/store/db.js';
import { migrateCentral } from '../../../central/store/migrate.js';
import { CENTRAL_MIGRATIONS, type CentralMigration } from '../../../central/store/migrations/index.js';
import { openPglite } from '../../../central/store/pglite.js';
import { openPostgres } from '../../../central/store/postgres.js';
import { BOTH_ENGINES, emptyDatabaseFor, releaseDatabase, type Engine } from '../support/engines.js';

const ALL = CENTRAL_MIGRATIONS.map((m) => m.version);

describe.each(BOTH_ENGINES)('central migrations on %s', (engine: Engine) => {
  const opened: Db[] = [];
  let leases = 0;

  /** A fresh, empty database of this engine. */
  async function freshDb(): Promise<{ db: Db; url: string | undefined }> {
    const url = await emptyDatabaseFor(engine);
    if (engine === 'postgres') leases++;
    const db = url ? await openPostgres(url, 2) : await openPglite(undefined);
    opened.push(db);
    return { db, url };
  }

  async function versions(db: Db): Promise<number[]> {
    return (await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
  }

  async function tableExists(db: Db, name: string): Promise<boolean> {
    const rows = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]);
    return (rows[0]?.t ?? null) !== null;
  }

  afterAll(async () => {
    for (const db of opened) await db.close().catch(() => undefined);
    for (let i = 0; i < leases; i++) await releaseDatabase(engine);
  }, 60_000);

  it('migrates a fresh database once, then finds nothing pending', async () => {
    const { db } = await freshDb();
    expect(await migrateCentral(db)).toEqual(ALL);
    expect(await versions(db)).toEqual(ALL);
    const names = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
    expect(names.map((r) => r.name)).toEqual(CENTRAL_MIGRATIONS.map((m) => m.name));
    expect(await migrateCentral(db)).toEqual([]);
    expect(await versions(db)).toEqual(ALL);
  }, 120_000);

  it('continues a store the previous runner migrated part-way, without running anything twice', async () => {
    const { db } = await freshDb();
    // What the home-made runner left: its table, the first two migrations applied, one row per version.
    await db.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)');
    for (const m of CENTRAL_MIGRATIONS.slice(0, 2)) {
      await db.transaction(async (tx) => {
        for (const sql of m.statements) await tx.execute(sql);
        await tx.execute('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, '2026-11-01T00:00:00.000Z']);
      });
    }
    // Migration 1 creates tables without IF NOT EXISTS: running it again would throw.
    expect(await migrateCentral(db)).toEqual(ALL.slice(2));
    expect(await versions(db)).toEqual(ALL);
    const kept = await db.query<{ applied_at: string }>('SELECT applied_at FROM schema_migrations WHERE version <= 2');
    expect(kept.map((r) => r.applied_at)).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(await migrateCentral(db)).toEqual([]);
  }, 120_000);

  it('refuses a database newer than this Guichet, changing nothing', async () => {
    const { db } = await freshDb();
    await migrateCentral(db);
    await db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'from the future', 'x')", [ALL.length + 1]);
    await expect(migrateCentral(db)).rejects.toThrow(
      `the central database is at schema version ${ALL.length + 1}, newer than this Guichet knows (${ALL.length}): update Guichet`,
    );
    expect(await versions(db)).toEqual([...ALL, ALL.length + 1]);
  }, 120_000);

  it('rolls the whole run back when a migration fails', async () => {
    const { db } = await freshDb();
    const broken: CentralMigration[] = [
      ...CENTRAL_MIGRATIONS,
      { version: ALL.length + 1, name: 'broken', statements: ['CREATE TABLE x_half (a int)', 'SELECT no_such_function()'] },
    ];
    await expect(migrateCentral(db, broken)).rejects.toThrow(/no_such_function/);
    expect(await tableExists(db, 'x_half')).toBe(false);
    expect(await tableExists(db, 'journal_entries')).toBe(false);
    // The table umzug's storage reads is created inside the run too: nothing is left behind.
    expect(await tableExists(db, 'schema_migrations')).toBe(false);
    expect(await migrateCentral(db)).toEqual(ALL);
  }, 120_000);

  it('refuses a list whose versions are not 1, 2, 3…', async () => {
    const { db } = await freshDb();
    const gap = [CENTRAL_MIGRATIONS[0]!, { ...CENTRAL_MIGRATIONS[1]!, version: 3 }];
    await expect(migrateCentral(db, gap)).rejects.toThrow(/has version 3, expected 2/);
  });

  it.runIf(engine === 'postgres')('lets two processes start on one server at once: each migration runs once', async () => {
    const { url } = await freshDb();
    // Two pools stand for two processes: separate connections racing for the same fresh database.
    const a = await openPostgres(url!, 2);
    const b = await openPostgres(url!, 2);
    opened.push(a, b);
    for (let round = 0; round < 3; round++) {
      const [ra, rb] = await Promise.all([migrateCentral(a), migrateCentral(b)]);
      // One of them applied everything (on the first round), the other nothing; never both, never an error.
      expect([...ra, ...rb].sort((x, y) => x - y)).toEqual(round === 0 ? ALL : []);
    }
    expect(await versions(a)).toEqual(ALL);
  }, 120_000);
});
