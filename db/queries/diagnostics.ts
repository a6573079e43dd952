/** Read-only questions the technician's diagnostics ask the database (counts and checks, never money). */
import type { Database } from 'better-sqlite3';

/** The SQLite library's version (`3.49.1`). */
export function sqliteVersion(db: Database): string {
  return (db.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get() as { v: string }).v;
}

/** `PRAGMA integrity_check`: `['ok']` for a sound database, otherwise one line per problem (at most `max`). */
export function sqliteIntegrityCheck(db: Database, max = 20): string[] {
  return db.prepare<[], { integrity_check: string }>(`PRAGMA integrity_check(${Math.max(1, Math.trunc(max))})`).all().map((r) => r.integrity_check);
}

/** Number of packs received at this terminal (any state). */
export function packCount(db: Database): number {
  return (db.prepare<[], { n: number }>('SELECT count(*) AS n FROM packs').get() as { n: number }).n;
}

/** Number of operators who may log in. */
export function activeOperatorCount(db: Database): number {
  return (db.prepare<[], { n: number }>('SELECT count(*) AS n FROM operators WHERE active = 1').get() as { n: number }).n;
}

/** What happened when, without payloads (no amounts, no tickets): the support bundle's event log. */
export interface JournalHeadline {
  readonly seq: number;
  readonly at: string;
  readonly type: string;
  readonly operator: string | null;
}

/** The last `limit` journal entries, oldest first, as headlines only. */
export function journalHeadlines(db: Database, limit: number): JournalHeadline[] {
  return db
    .prepare<[number], JournalHeadline>('SELECT seq, at, type, operator FROM (SELECT seq, at, type, operator FROM journal ORDER BY seq DESC LIMIT ?) ORDER BY seq')
    .all(limit);
}
