/** The append-only journal table: rows are inserted, read in `seq` order, never updated nor deleted. */
import type { Database } from 'better-sqlite3';

export interface JournalRow {
  readonly seq: number;
  readonly at: string;
  readonly terminal: string;
  readonly type: string;
  readonly operator: string | null;
  /** Canonical JSON text of the payload. */
  readonly payload: string;
  readonly prev_hash: string;
  readonly hash: string;
  readonly signature: string;
}

const COLUMNS = 'seq, at, terminal, type, operator, payload, prev_hash, hash, signature';

/** Appends one sealed row. */
export function insertJournalRow(db: Database, row: JournalRow): void {
  db.prepare(
    `INSERT INTO journal (${COLUMNS}) VALUES (@seq, @at, @terminal, @type, @operator, @payload, @prev_hash, @hash, @signature)`,
  ).run(row);
}

/** The last entry (highest seq), or undefined for an empty journal. */
export function lastJournalRow(db: Database): JournalRow | undefined {
  return db.prepare<[], JournalRow>(`SELECT ${COLUMNS} FROM journal ORDER BY seq DESC LIMIT 1`).get();
}

/** One entry by seq. */
export function journalRow(db: Database, seq: number): JournalRow | undefined {
  return db.prepare<[number], JournalRow>(`SELECT ${COLUMNS} FROM journal WHERE seq = ?`).get(seq);
}

/** Streams every entry in seq order (the order the chain is checked in). */
export function iterateJournal(db: Database, afterSeq = 0): IterableIterator<JournalRow> {
  return db.prepare<[number], JournalRow>(`SELECT ${COLUMNS} FROM journal WHERE seq > ? ORDER BY seq`).iterate(afterSeq);
}

/** Entries of one type after `afterSeq`, in order. */
export function journalRowsOfType(db: Database, type: string, afterSeq = 0): JournalRow[] {
  return db.prepare<[string, number], JournalRow>(`SELECT ${COLUMNS} FROM journal WHERE type = ? AND seq > ? ORDER BY seq`).all(type, afterSeq);
}

/** Number of entries. */
export function journalLength(db: Database): number {
  return (db.prepare<[], { n: number }>('SELECT count(*) AS n FROM journal').get() as { n: number }).n;
}

/** Entries in (afterSeq, uptoSeq] that carry `money` or move cash ('cash.in', 'cash.out'): what X and Z reports add up. */
export function reportRows(db: Database, afterSeq: number, uptoSeq: number): JournalRow[] {
  return db
    .prepare<[number, number], JournalRow>(
      `SELECT ${COLUMNS} FROM journal
        WHERE seq > ? AND seq <= ? AND (type IN ('cash.in', 'cash.out', 'drawer.open') OR json_extract(payload, '$.money') IS NOT NULL)
        ORDER BY seq`,
    )
    .all(afterSeq, uptoSeq);
}

/** A journal row as the journal screen lists it (no chain fields but its hash). */
export type JournalPageRow = Pick<JournalRow, 'seq' | 'at' | 'type' | 'operator' | 'payload' | 'hash'>;

/** Entries newest first before `before`, of one type or (null) any, at most `limit`. */
export function journalPageRows(db: Database, q: { before: number; type: string | null; limit: number }): JournalPageRow[] {
  return db
    .prepare<{ before: number; type: string | null; limit: number }, JournalPageRow>(
      `SELECT seq, at, type, operator, payload, hash FROM journal
        WHERE seq < @before AND (@type IS NULL OR type = @type) ORDER BY seq DESC LIMIT @limit`,
    )
    .all(q);
}

/** Entries of one type, or (null) all of them. */
export function journalCountOfType(db: Database, type: string | null): number {
  return (db.prepare<{ type: string | null }, { n: number }>('SELECT count(*) AS n FROM journal WHERE @type IS NULL OR type = @type').get({ type }) as { n: number }).n;
}

/** The entry types present, in order. */
export function journalTypes(db: Database): string[] {
  return db.prepare<[], { type: string }>('SELECT DISTINCT type FROM journal ORDER BY type').all().map((r) => r.type);
}

/** Every entry. */
export function journalCount(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n;
}

/** Entries after `seq` (those central has not acknowledged when `seq` is its acknowledgement). */
export function journalCountAfter(db: Database, seq: number): number {
  return (db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM journal WHERE seq > ?').get(seq) as { n: number }).n;
}

/** Up to `limit` entries after `afterSeq`, in seq order. */
export function journalRowsAfter(db: Database, afterSeq: number, limit: number): JournalRow[] {
  return db.prepare<[number, number], JournalRow>(`SELECT ${COLUMNS} FROM journal WHERE seq > ? ORDER BY seq LIMIT ?`).all(afterSeq, limit);
}

/** An entry's seq, type and payload (the invariants read no more). */
export type JournalPayloadRow = Pick<JournalRow, 'seq' | 'type' | 'payload'>;

/** Payouts and claims in seq order. */
export function settlementEntries(db: Database): IterableIterator<JournalPayloadRow> {
  return db.prepare<[], JournalPayloadRow>(`SELECT seq, type, payload FROM journal WHERE type IN ('payout', 'claim') ORDER BY seq`).iterate();
}

/** Entries carrying a receipt number, in seq order. */
export function receiptEntries(db: Database): IterableIterator<JournalPayloadRow> {
  return db.prepare<[], JournalPayloadRow>(`SELECT seq, type, payload FROM journal WHERE json_extract(payload, '$.receipt_no') IS NOT NULL ORDER BY seq`).iterate();
}

/** Entries that move money (a `money` part), in seq order. */
export function moneyEntries(db: Database): IterableIterator<Pick<JournalRow, 'seq' | 'type'>> {
  return db.prepare<[], { seq: number; type: string }>(`SELECT seq, type FROM journal WHERE json_extract(payload, '$.money') IS NOT NULL ORDER BY seq`).iterate();
}

/** Locks of an operator since their last manager unlock ('operator.locked' after the last 'operator.unlock', by name). */
export function locksSinceUnlock(db: Database, name: string): number {
  const row = db
    .prepare<{ name: string }, { n: number }>(
      `SELECT count(*) AS n FROM journal
        WHERE type = 'operator.locked' AND json_extract(payload, '$.name') = @name COLLATE NOCASE
          AND seq > coalesce((SELECT max(seq) FROM journal WHERE type = 'operator.unlock' AND json_extract(payload, '$.name') = @name COLLATE NOCASE), 0)`,
    )
    .get({ name }) as { n: number };
  return row.n;
}

/** Entries of a type by an operator after a time. */
export function journalCountByOperatorSince(db: Database, type: string, operator: string, sinceIso: string): number {
  return (
    db.prepare<[string, string, string], { n: number }>('SELECT count(*) AS n FROM journal WHERE type = ? AND operator = ? AND at > ?').get(type, operator, sinceIso) as {
      n: number;
    }
  ).n;
}

/** Entries of a type whose payload names an operator (`$.operator`) after a time. */
export function journalCountAboutOperatorSince(db: Database, type: string, operator: string, sinceIso: string): number {
  return (
    db
      .prepare<[string, string, string], { n: number }>(`SELECT count(*) AS n FROM journal WHERE type = ? AND json_extract(payload, '$.operator') = ? AND at > ?`)
      .get(type, operator, sinceIso) as { n: number }
  ).n;
}

/** Entries of a type after a time, counted per operator, most first. */
export function journalCountsPerOperatorSince(db: Database, type: string, sinceIso: string): { operator: string; count: number }[] {
  return db
    .prepare<[string, string], { operator: string; count: number }>(
      'SELECT operator, count(*) AS count FROM journal WHERE type = ? AND at > ? AND operator IS NOT NULL GROUP BY operator ORDER BY count DESC, operator',
    )
    .all(type, sinceIso);
}

/** The latest entries of a type, newest first. */
export function latestJournalOfType(db: Database, type: string, limit: number): Pick<JournalRow, 'seq' | 'at' | 'payload'>[] {
  return db.prepare<[string, number], { seq: number; at: string; payload: string }>('SELECT seq, at, payload FROM journal WHERE type = ? ORDER BY seq DESC LIMIT ?').all(type, limit);
}

/** Offline payouts after entry `seq` (central's acknowledgement), their count and total: what an allowance counted from `seq` has used. */
export function offlinePayoutsAfterSeq(db: Database, seq: number): { n: number; total: number } {
  return db
    .prepare(
      `SELECT count(*) AS n, coalesce(sum(json_extract(payload, '$.amount_cents')), 0) AS total
         FROM journal WHERE type = 'payout' AND json_extract(payload, '$.offline') = 1 AND seq > ?`,
    )
    .get(seq) as { n: number; total: number };
}

/** Offline payouts after `seq` (central's acknowledgement): those still pending. */
export function offlinePayoutsAfter(db: Database, seq: number): number {
  return (db.prepare(`SELECT count(*) AS n FROM journal WHERE type = 'payout' AND json_extract(payload, '$.offline') = 1 AND seq > ?`).get(seq) as { n: number }).n;
}
