/** Operators of the terminal: names unique for ever (case-insensitive), PINs stored as scrypt hashes. */
import type { Database } from 'better-sqlite3';

export type RoleName = 'cashier' | 'manager' | 'technician';

export interface OperatorRow {
  readonly id: number;
  readonly name: string;
  readonly role: RoleName;
  readonly pin_hash: string;
  /** 1 active, 0 disabled. */
  readonly active: number;
  /** Consecutive wrong PINs since the last good one or the last lock. */
  readonly failed_attempts: number;
  /** UTC ISO time until which the operator is locked, or null. */
  readonly locked_until: string | null;
  readonly created_at: string;
  readonly created_by: number | null;
  readonly disabled_at: string | null;
}

export type NewOperator = Pick<OperatorRow, 'name' | 'role' | 'pin_hash' | 'created_at' | 'created_by'>;

const COLUMNS = 'id, name, role, pin_hash, active, failed_attempts, locked_until, created_at, created_by, disabled_at';

/** Inserts an operator and returns its row; throws on a name already used (even by a disabled operator). */
export function insertOperator(db: Database, op: NewOperator): OperatorRow {
  return db
    .prepare<NewOperator, OperatorRow>(
      `INSERT INTO operators (name, role, pin_hash, created_at, created_by)
       VALUES (@name, @role, @pin_hash, @created_at, @created_by) RETURNING ${COLUMNS}`,
    )
    .get(op) as OperatorRow;
}

/** The operator of that name (case-insensitive), or undefined. */
export function operatorByName(db: Database, name: string): OperatorRow | undefined {
  return db.prepare<[string], OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE name = ?`).get(name);
}

/** The operator of that id, or undefined. */
export function operatorById(db: Database, id: number): OperatorRow | undefined {
  return db.prepare<[number], OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE id = ?`).get(id);
}

/** Every operator, by id (creation order). */
export function listOperatorRows(db: Database): OperatorRow[] {
  return db.prepare<[], OperatorRow>(`SELECT ${COLUMNS} FROM operators ORDER BY id`).all();
}

/** Active managers, for "never disable the last manager". */
export function countActiveManagers(db: Database): number {
  return (db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM operators WHERE role = 'manager' AND active = 1`).get() as { n: number }).n;
}

/** Records the outcome of a PIN check: the failure counter and the lock. */
export function setLoginState(db: Database, id: number, failedAttempts: number, lockedUntil: string | null): void {
  db.prepare('UPDATE operators SET failed_attempts = ?, locked_until = ? WHERE id = ?').run(failedAttempts, lockedUntil, id);
}

/** Marks the operator disabled (it can no longer log in; its name stays taken). */
export function setOperatorDisabled(db: Database, id: number, at: string): void {
  db.prepare('UPDATE operators SET active = 0, disabled_at = ? WHERE id = ?').run(at, id);
}

/** Replaces an operator's PIN hash. */
export function setOperatorPin(db: Database, id: number, pinHash: string): void {
  db.prepare('UPDATE operators SET pin_hash = ? WHERE id = ?').run(pinHash, id);
}
