/**
 * `GET /livez` (the process answers) and `GET /readyz` (central can serve: its database answers, accepts
 * writes — not a standby, not read-only — and is at the schema this central knows). Only the probes
 * query the database; no other request does so for them.
 */
import type { Db } from '../store/db.js';
import { CENTRAL_MIGRATIONS } from '../store/migrations/index.js';

export interface Readiness {
  ready: boolean;
  /** What is wrong, when not ready (a sentence). */
  problem?: string;
  engine: Db['engine'];
  schema_version: number | null;
  expected_schema_version: number;
}

/** How long /readyz waits for the database before it says not ready. */
export const READY_TIMEOUT_MS = 2000;

export async function readiness(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const expected = CENTRAL_MIGRATIONS.length;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const rows = await Promise.race([
      db.query<{ recovery: boolean; read_only: string; version: number | null }>(
        `SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only, (SELECT max(version) FROM schema_migrations) AS version`,
      ),
      late,
    ]);
    const r = rows[0];
    const version = r?.version ?? null;
    const base = { engine: db.engine, schema_version: version, expected_schema_version: expected };
    if (!r) return { ready: false, problem: 'the database answered nothing', ...base };
    if (r.recovery) return { ready: false, problem: 'the database is a standby (in recovery): it accepts no writes', ...base };
    if (r.read_only === 'on') return { ready: false, problem: 'the database is read-only (transaction_read_only)', ...base };
    if (version !== expected) return { ready: false, problem: `the database is at schema version ${version ?? 'none'}, this central needs ${expected}`, ...base };
    return { ready: true, ...base };
  } catch (err) {
    return { ready: false, problem: `the database cannot be reached: ${(err as Error).message}`, engine: db.engine, schema_version: null, expected_schema_version: expected };
  } finally {
    clearTimeout(timer);
  }
}
