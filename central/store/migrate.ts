/**
 * Runs central's migrations on either engine.
 *
 * Why not a migration library: the well-kept ones (node-pg-migrate, postgres-migrations, umzug with a
 * pg storage) connect by URL or take a `pg` client, and PGlite is neither; none is installed here
 * either. So this is the smallest runner that does the job: numbered migrations, each in one
 * transaction with its row in `schema_migrations`, under a table lock so two processes starting on
 * one server do not race.
 */
import type { Db } from './db.js';
import { CENTRAL_MIGRATIONS, type CentralMigration } from './migrations.js';

export class CentralMigrationError extends Error {
  override readonly name = 'CentralMigrationError';
}

/** Brings the database to the last migration; returns the versions applied. */
export async function migrateCentral(db: Db, migrations: readonly CentralMigration[] = CENTRAL_MIGRATIONS): Promise<number[]> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new CentralMigrationError(`migration '${m.name}' has version ${m.version}, expected ${i + 1}`);
  });
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`);
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.execute('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length > 0) return false;
      for (const sql of m.statements) await tx.execute(sql);
      await tx.execute('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  const newest = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  const v = newest[0]?.v ?? 0;
  if (v > migrations.length) {
    throw new CentralMigrationError(`the central database is at schema version ${v}, newer than this Guichet knows (${migrations.length}): update Guichet`);
  }
  return applied;
}
