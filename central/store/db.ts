/**
 * Central's database: PostgreSQL, one SQL dialect, two engines behind one small interface. PGlite
 * (embedded, a folder in the data folder) when no URL is given; a PostgreSQL server through a `pg` pool
 * otherwise. 64-bit integers come back as JS numbers (seqs and cursors stay far below 2^53); times are
 * stored as UTC ISO text, exactly as written, so a journal entry's `at` hashes the same at both ends.
 */
export interface Queryable {
  /** Runs one statement with `$1…` parameters; returns its rows. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs one statement; returns the number of rows it inserted, updated or deleted. */
  execute(sql: string, params?: readonly unknown[]): Promise<number>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's figures (PostgreSQL; absent on PGlite, which has none): for the metrics, no query. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** Parses an int8 text as a number, refusing what a number cannot hold exactly. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`64-bit integer ${text} is beyond what a JS number holds`);
  return n;
}

/**
 * The database cannot be written to now (a failover under way: no server takes writes, connections cut),
 * and retrying within the request did not help: answered 503 with a retry hint, never a wrong answer.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'GUICHET_DB_UNAVAILABLE';
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = 2;
}
