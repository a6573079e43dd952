/** Opening the terminal's SQLite database with the settings every connection needs. */
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from './migrations/index.js';

export interface OpenOptions {
  /** Milliseconds to wait for another connection's lock before failing (default 5000). */
  readonly busyTimeoutMs?: number;
  /** Skip migrations (for tools that inspect a database as it is). Default false. */
  readonly noMigrate?: boolean;
}

/**
 * Opens (creating if needed) the database file, in WAL mode with foreign keys enforced, full
 * synchronous commits (the terminal records money) and a busy timeout, then applies pending migrations.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Database.Database {
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    if (!options.noMigrate) migrate(db, MIGRATIONS);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
