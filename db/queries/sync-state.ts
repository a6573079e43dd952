/** The terminal's link with central: one row (see db/migrations/005-sync-state.ts). */
import type { Database } from 'better-sqlite3';

export interface SyncStateRow {
  readonly central_url: string;
  readonly terminal_id: string;
  readonly enrolled_at: string;
  readonly pushed_seq: number;
  readonly acked_seq: number;
  readonly acked_hash: string;
  readonly feed_cursor: number;
  readonly last_contact_at: string | null;
  readonly last_push_at: string | null;
  readonly last_pull_at: string | null;
  readonly last_error: string | null;
  readonly last_error_at: string | null;
  readonly clock_offset_ms: number | null;
  readonly refused_at: string | null;
  readonly refused_reason: string | null;
  readonly disabled_reason: string | null;
  readonly disabled_at: string | null;
  /** PEM of the certificate authority central's TLS certificate must chain to (null: plain HTTP on loopback). */
  readonly central_ca_pem: string | null;
  /** The last offline allowance central signed (JSON of a SignedAllowance), null before the first push answer carrying one. */
  readonly allowance: string | null;
  /** Central's epoch as last seen (a new one after a restore of central), null before the first answer carrying one. */
  readonly central_epoch: string | null;
  /** The same, as the feed's reader last acted on it. */
  readonly feed_epoch: string | null;
}

const COLUMNS =
  'central_url, terminal_id, enrolled_at, pushed_seq, acked_seq, acked_hash, feed_cursor, last_contact_at, last_push_at, last_pull_at, ' +
  'last_error, last_error_at, clock_offset_ms, refused_at, refused_reason, disabled_reason, disabled_at, central_ca_pem, allowance, central_epoch, feed_epoch';

/** The row, or undefined when this terminal was never enrolled with a central. */
export function syncStateRow(db: Database): SyncStateRow | undefined {
  return db.prepare<[], SyncStateRow>(`SELECT ${COLUMNS} FROM sync_state WHERE singleton = 1`).get();
}

/** The clock offset last measured from central's signed time, ms (null: never measured, or not enrolled). */
export function clockOffsetMs(db: Database): number | null {
  return db.prepare<[], { clock_offset_ms: number | null }>('SELECT clock_offset_ms FROM sync_state WHERE singleton = 1').get()?.clock_offset_ms ?? null;
}

/** Writes the row at enrolment; throws when one already exists. */
export function insertSyncState(db: Database, row: Pick<SyncStateRow, 'central_url' | 'terminal_id' | 'enrolled_at' | 'feed_cursor'> & { central_ca_pem?: string | null }): void {
  db.prepare(
    'INSERT INTO sync_state (singleton, central_url, terminal_id, enrolled_at, feed_cursor, central_ca_pem) VALUES (1, @central_url, @terminal_id, @enrolled_at, @feed_cursor, @central_ca_pem)',
  ).run({ central_ca_pem: null, ...row });
}

type Updatable = Omit<SyncStateRow, 'terminal_id' | 'enrolled_at'>;

/** Updates the given columns. */
export function updateSyncState(db: Database, patch: Partial<Updatable>): void {
  const keys = Object.keys(patch).filter((k) => /^[a-z_]+$/.test(k));
  if (keys.length === 0) return;
  db.prepare(`UPDATE sync_state SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE singleton = 1`).run(patch);
}

/** Marks every event reported by journal entries up to `seq` as delivered (central acknowledged them). */
export function markOutboxSentUpTo(db: Database, seq: number, at: string): number {
  return db
    .prepare('UPDATE outbox SET attempts = attempts + 1, last_attempt_at = ?, last_error = NULL, sent_at = ? WHERE sent_at IS NULL AND journal_seq <= ?')
    .run(at, at, seq).changes;
}

/**
 * Central lost what it acknowledged after entry `seq` (a restore): the events of later entries are
 * to be sent again (their keys make a second delivery harmless). Answers how many.
 */
export function markOutboxUnsentAfter(db: Database, seq: number): number {
  return db.prepare('UPDATE outbox SET sent_at = NULL, last_error = NULL WHERE sent_at IS NOT NULL AND journal_seq > ?').run(seq).changes;
}

/** Records a failed attempt on the events of entries in (afterSeq, uptoSeq]. */
export function recordOutboxFailureBetween(db: Database, afterSeq: number, uptoSeq: number, at: string, error: string): void {
  db.prepare('UPDATE outbox SET attempts = attempts + 1, last_attempt_at = ?, last_error = ? WHERE sent_at IS NULL AND journal_seq > ? AND journal_seq <= ?').run(
    at,
    error.slice(0, 500),
    afterSeq,
    uptoSeq,
  );
}

export interface FeedDownloadRow {
  readonly url: string;
  readonly part_path: string;
  readonly expected_size: number;
  readonly sha256: string;
  readonly started_at: string;
}

export function feedDownload(db: Database, url: string): FeedDownloadRow | undefined {
  return db.prepare<[string], FeedDownloadRow>('SELECT url, part_path, expected_size, sha256, started_at FROM feed_downloads WHERE url = ?').get(url);
}

export function insertFeedDownload(db: Database, row: FeedDownloadRow): void {
  db.prepare('INSERT OR REPLACE INTO feed_downloads (url, part_path, expected_size, sha256, started_at) VALUES (@url, @part_path, @expected_size, @sha256, @started_at)').run(row);
}

export function deleteFeedDownload(db: Database, url: string): void {
  db.prepare('DELETE FROM feed_downloads WHERE url = ?').run(url);
}

/** Points the terminal at central's new address (e.g. the demo central moved to another port); true when it changed. */
export function setCentralUrl(db: Database, url: string): boolean {
  return db.prepare('UPDATE sync_state SET central_url = ? WHERE singleton = 1 AND central_url <> ?').run(url, url).changes > 0;
}

/** Why central disabled this terminal, or null (also when never enrolled). */
export function disabledReason(db: Database): string | null {
  return db.prepare<[], { disabled_reason: string | null }>('SELECT disabled_reason FROM sync_state WHERE singleton = 1').get()?.disabled_reason ?? null;
}
