/** Events waiting to be sent to the lottery; each with an idempotency key that never changes. */
import type { Database } from 'better-sqlite3';

export interface OutboxRow {
  readonly id: number;
  readonly idempotency_key: string;
  readonly type: string;
  readonly journal_seq: number;
  /** JSON text. */
  readonly payload: string;
  readonly created_at: string;
  readonly attempts: number;
  readonly last_attempt_at: string | null;
  readonly last_error: string | null;
  readonly sent_at: string | null;
}

export type NewOutboxRow = Pick<OutboxRow, 'idempotency_key' | 'type' | 'journal_seq' | 'payload' | 'created_at'>;

const COLUMNS = 'id, idempotency_key, type, journal_seq, payload, created_at, attempts, last_attempt_at, last_error, sent_at';

/** Inserts an event; returns false (and inserts nothing) when the key is already there. */
export function insertOutboxRow(db: Database, row: NewOutboxRow): boolean {
  const info = db
    .prepare(
      `INSERT INTO outbox (idempotency_key, type, journal_seq, payload, created_at)
       VALUES (@idempotency_key, @type, @journal_seq, @payload, @created_at)
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .run(row);
  return info.changes === 1;
}

/** Events not sent yet, oldest first. */
export function pendingOutboxRows(db: Database, limit = -1): OutboxRow[] {
  return db.prepare<[number], OutboxRow>(`SELECT ${COLUMNS} FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?`).all(limit);
}

/** Number of events not sent yet. */
export function pendingOutboxCount(db: Database): number {
  return (db.prepare<[], { n: number }>('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL').get() as { n: number }).n;
}

/** Number of pack operations (receive, activate, return…) not sent yet. */
export function pendingPackEventCount(db: Database): number {
  return (db.prepare<[], { n: number }>("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND type LIKE 'pack.%'").get() as { n: number }).n;
}

/** One event by its idempotency key. */
export function outboxRowByKey(db: Database, key: string): OutboxRow | undefined {
  return db.prepare<[string], OutboxRow>(`SELECT ${COLUMNS} FROM outbox WHERE idempotency_key = ?`).get(key);
}

/** Records a failed send attempt (the key stays the same for the next retry). */
export function recordOutboxFailure(db: Database, id: number, at: string, error: string): void {
  db.prepare('UPDATE outbox SET attempts = attempts + 1, last_attempt_at = ?, last_error = ? WHERE id = ?').run(at, error, id);
}

/** Marks an event as delivered. */
export function markOutboxSent(db: Database, id: number, at: string): void {
  db.prepare('UPDATE outbox SET attempts = attempts + 1, last_attempt_at = ?, last_error = NULL, sent_at = ? WHERE id = ?').run(at, at, id);
}

/** Marks an event central received and refused for good (a queued pack operation): delivered, never sent again, with the reason. */
export function markOutboxRefused(db: Database, key: string, at: string, reason: string): void {
  db.prepare('UPDATE outbox SET last_error = ?, sent_at = coalesce(sent_at, ?) WHERE idempotency_key = ?').run(reason, at, key);
}

/** Unsent events of entries up to `uptoSeq`, oldest first, at most `limit` (what one push carries). */
export function unsentOutboxUpTo(db: Database, uptoSeq: number, limit: number): Pick<OutboxRow, 'idempotency_key' | 'type' | 'journal_seq' | 'payload' | 'created_at'>[] {
  return db
    .prepare<[number, number], Pick<OutboxRow, 'idempotency_key' | 'type' | 'journal_seq' | 'payload' | 'created_at'>>(
      'SELECT idempotency_key, type, journal_seq, payload, created_at FROM outbox WHERE sent_at IS NULL AND journal_seq <= ? ORDER BY id LIMIT ?',
    )
    .all(uptoSeq, limit);
}

/** The journal entry of every event, sent or not. */
export function outboxJournalSeqs(db: Database): number[] {
  return db.prepare<[], { journal_seq: number }>('SELECT journal_seq FROM outbox').pluck().all() as unknown as number[];
}
