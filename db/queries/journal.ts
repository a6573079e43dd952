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
