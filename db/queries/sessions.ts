/** Cash sessions (opening float → Z closing) and the cash moved in and out during them. */
import type { Database } from 'better-sqlite3';

export interface CashSessionRow {
  readonly id: number;
  readonly opened_at: string;
  readonly opened_by: number;
  readonly float_cents: number;
  /** Journal seq of the `session.open` entry. */
  readonly open_seq: number;
  readonly closed_at: string | null;
  readonly closed_by: number | null;
  /** Journal seq of the `session.close` (Z) entry. */
  readonly close_seq: number | null;
  readonly z_number: number | null;
  readonly expected_cents: number | null;
  readonly counted_cents: number | null;
  readonly difference_cents: number | null;
  readonly difference_confirmed_by: number | null;
  /** The Z report as JSON text. */
  readonly z_json: string | null;
}

export interface CashMovementRow {
  readonly id: number;
  readonly session_id: number;
  readonly kind: 'in' | 'out';
  readonly amount_cents: number;
  readonly reason: string;
  readonly at: string;
  readonly operator_id: number;
  readonly journal_seq: number;
}

const COLUMNS =
  'id, opened_at, opened_by, float_cents, open_seq, closed_at, closed_by, close_seq, z_number, expected_cents, counted_cents, difference_cents, difference_confirmed_by, z_json';

/** The open session, if any (there is at most one). */
export function openSessionRow(db: Database): CashSessionRow | undefined {
  return db.prepare<[], CashSessionRow>(`SELECT ${COLUMNS} FROM cash_sessions WHERE closed_at IS NULL`).get();
}

/** Opens a session and returns its row. */
export function insertSession(db: Database, s: Pick<CashSessionRow, 'opened_at' | 'opened_by' | 'float_cents' | 'open_seq'>): CashSessionRow {
  return db
    .prepare<typeof s, CashSessionRow>(
      `INSERT INTO cash_sessions (opened_at, opened_by, float_cents, open_seq) VALUES (@opened_at, @opened_by, @float_cents, @open_seq) RETURNING ${COLUMNS}`,
    )
    .get(s) as CashSessionRow;
}

export type SessionClosing = Pick<
  CashSessionRow,
  'closed_at' | 'closed_by' | 'close_seq' | 'z_number' | 'expected_cents' | 'counted_cents' | 'difference_cents' | 'difference_confirmed_by' | 'z_json'
>;

/** Closes the session `id` (which must be open). */
export function closeSessionRow(db: Database, id: number, c: SessionClosing): void {
  const info = db
    .prepare(
      `UPDATE cash_sessions SET closed_at = @closed_at, closed_by = @closed_by, close_seq = @close_seq, z_number = @z_number,
         expected_cents = @expected_cents, counted_cents = @counted_cents, difference_cents = @difference_cents,
         difference_confirmed_by = @difference_confirmed_by, z_json = @z_json
       WHERE id = @id AND closed_at IS NULL`,
    )
    .run({ ...c, id });
  if (info.changes !== 1) throw new Error(`cash session ${id} is not open`);
}

/** The closed session with that Z number, or the last closed one when `zNumber` is undefined. */
export function closedSessionRow(db: Database, zNumber?: number): CashSessionRow | undefined {
  if (zNumber === undefined) {
    return db.prepare<[], CashSessionRow>(`SELECT ${COLUMNS} FROM cash_sessions WHERE z_number IS NOT NULL ORDER BY z_number DESC LIMIT 1`).get();
  }
  return db.prepare<[number], CashSessionRow>(`SELECT ${COLUMNS} FROM cash_sessions WHERE z_number = ?`).get(zNumber);
}

/** Records cash put in or taken out of the drawer. */
export function insertCashMovement(db: Database, m: Omit<CashMovementRow, 'id'>): CashMovementRow {
  return db
    .prepare<Omit<CashMovementRow, 'id'>, CashMovementRow>(
      `INSERT INTO cash_movements (session_id, kind, amount_cents, reason, at, operator_id, journal_seq)
       VALUES (@session_id, @kind, @amount_cents, @reason, @at, @operator_id, @journal_seq)
       RETURNING id, session_id, kind, amount_cents, reason, at, operator_id, journal_seq`,
    )
    .get(m) as CashMovementRow;
}

/** The cash movements of one session, in order. */
export function sessionMovements(db: Database, sessionId: number): CashMovementRow[] {
  return db
    .prepare<[number], CashMovementRow>(
      'SELECT id, session_id, kind, amount_cents, reason, at, operator_id, journal_seq FROM cash_movements WHERE session_id = ? ORDER BY id',
    )
    .all(sessionId);
}
