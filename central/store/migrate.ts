/**
 * Runs central's migrations on either engine, through umzug (the migration framework; issue 10 forbids
 * a home-made runner).
 *
 * umzug decides what is pending and runs it in order; what it needs from us is a storage (where the
 * applied migrations are recorded) and the migrations themselves. Its stock storages take a Sequelize,
 * MongoDB or JSON file, and PGlite is none of these, so `SchemaMigrationsStorage` below records them in
 * our own `schema_migrations` table (integer version, name, time) through the `Db` interface: the same
 * table the previous runner wrote, so a store it migrated is read as is and nothing runs twice.
 *
 * One run is one transaction: it first takes a transaction-scoped advisory lock (so two processes
 * starting on one PostgreSQL server take turns, and the second finds nothing pending), then umzug applies
 * every pending migration and its `schema_migrations` row inside that transaction. A failing migration
 * rolls the whole run back: the database stays at the version it had.
 */
import { Umzug, type MigrationParams, type RunnableMigration, type UmzugStorage } from 'umzug';
import type { Db, Queryable } from './db.js';
import { CENTRAL_MIGRATIONS, type CentralMigration } from './migrations/index.js';

export class CentralMigrationError extends Error {
  override readonly name = 'CentralMigrationError';
}

/** Key of the advisory lock held while migrating (any constant shared by every Guichet: "GUICHETM"). */
const MIGRATION_LOCK = 0x4755_4943_4845_544dn;

/** What umzug's migrations and storage receive: the open transaction. */
interface Ctx {
  tx: Queryable;
}

/** umzug identifies a migration by a name; ours is its zero-padded version, then its title. */
function umzugName(m: CentralMigration): string {
  return `${String(m.version).padStart(4, '0')} ${m.name}`;
}

function versionOf(name: string): number {
  return Number(name.slice(0, name.indexOf(' ')));
}

/** umzug's storage over `schema_migrations`; versions unknown to `migrations` are listed by number alone. */
export class SchemaMigrationsStorage implements UmzugStorage<Ctx> {
  constructor(private readonly migrations: readonly CentralMigration[]) {}

  async executed({ context }: Pick<MigrationParams<Ctx>, 'context'>): Promise<string[]> {
    const rows = await context.tx.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    return rows.map((r) => {
      const m = this.migrations[r.version - 1];
      return m ? umzugName(m) : String(r.version);
    });
  }

  async logMigration({ name, context }: MigrationParams<Ctx>): Promise<void> {
    const version = versionOf(name);
    const title = this.migrations[version - 1]?.name ?? name;
    await context.tx.execute('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [version, title, new Date().toISOString()]);
  }

  async unlogMigration({ name, context }: MigrationParams<Ctx>): Promise<void> {
    await context.tx.execute('DELETE FROM schema_migrations WHERE version = $1', [versionOf(name)]);
  }
}

/** Brings the database to the last migration; returns the versions applied. */
export async function migrateCentral(db: Db, migrations: readonly CentralMigration[] = CENTRAL_MIGRATIONS): Promise<number[]> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new CentralMigrationError(`migration '${m.name}' has version ${m.version}, expected ${i + 1}`);
  });
  const runnable: RunnableMigration<Ctx>[] = migrations.map((m) => ({
    name: umzugName(m),
    up: async ({ context }) => {
      for (const sql of m.statements) await context.tx.execute(sql);
    },
  }));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK.toString()]);
    await tx.execute(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`);
    const newest = (await tx.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations'))[0]?.v ?? 0;
    if (newest > migrations.length) {
      throw new CentralMigrationError(`the central database is at schema version ${newest}, newer than this Guichet knows (${migrations.length}): update Guichet`);
    }
    const umzug = new Umzug<Ctx>({ migrations: runnable, context: { tx }, storage: new SchemaMigrationsStorage(migrations), logger: undefined });
    const applied = await umzug.up();
    return applied.map((m) => versionOf(m.name));
  });
}
