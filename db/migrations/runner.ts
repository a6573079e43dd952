import type { Database } from 'better-sqlite3';
import type { Migration } from './migration.js';

/** A database this code cannot bring to its schema (made by a newer Guichet, or a broken migration list). */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/** The schema version recorded in the database header (`PRAGMA user_version`); 0 for a new database. */
export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the database to the last migration. Each pending migration runs in its own transaction
 * together with the `user_version` bump, so a failure leaves the database at the previous version.
 * Returns the versions applied (empty when already current).
 */
export function migrate(db: Database, migrations: readonly Migration[]): number[] {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`migration '${m.name}' has version ${m.version}, expected ${i + 1}`);
  });
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new MigrationError(
      `the database is at schema version ${current}, newer than this Guichet knows (${migrations.length}): update Guichet`,
    );
  }
  const applied: number[] = [];
  for (const m of migrations.slice(current)) {
    db.transaction(() => {
      m.up(db);
      // PRAGMA cannot take a bound parameter; the version is an integer we control.
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}
