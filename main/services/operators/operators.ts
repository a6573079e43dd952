/**
 * Managing operators: add, list, disable, unlock, change a PIN. Manager only ('operator.manage') but one's own PIN
 * and an unlock, which a technician may also do ('operator.unlock'); journaled.
 */
import {
  countActiveManagers,
  insertOperator,
  listOperatorRows,
  operatorByName,
  setLoginState,
  setOperatorDisabled,
  setOperatorPin,
  type OperatorRow,
} from '../../../db/queries/operators.js';
import { authorize } from '../auth/authorize.js';
import { locksSinceUnlock } from '../../../db/queries/journal.js';
import { UNTIL_UNLOCKED } from '../auth/lockout.js';
import { isRole, requirePermission, type Role } from '../auth/roles.js';
import type { OperatorSession } from '../auth/session.js';
import { record } from '../../kernel/record.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { OperatorError } from './errors.js';
import { hashPin, verifyPin } from './pin.js';
import { checkPinForRole } from './pin-policy.js';
import { securitySettings } from '../../kernel/settings.js';
import type { OperatorAdminView } from '../../../common/api/methods/operators.js';

export interface NewOperatorInput {
  readonly name: string;
  readonly role: string;
  readonly pin: string;
}

/** What anyone may see of an operator (never the PIN hash): the API's view of an operator. */
export type OperatorInfo = OperatorAdminView;

/** Names: 1 to 32 letters, digits, spaces, dots, dashes, underscores or apostrophes, starting with a letter or digit. */
export function checkOperatorName(name: string): string {
  const trimmed = name.trim();
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ._'-]{0,31}$/u.test(trimmed)) {
    throw new OperatorError('bad-name', `'${name}' is not an operator name: 1 to 32 letters, digits, spaces, '.', '-', '_' or "'"`);
  }
  return trimmed;
}

/**
 * Validates name, role and PIN (6 to 8 digits for a manager or technician, `cashierMin` to 8 for a
 * cashier: main/services/operators/pin-policy.ts); returns the clean name and role.
 */
export function checkNewOperator(input: NewOperatorInput, cashierMin?: number): { name: string; role: Role } {
  const name = checkOperatorName(input.name);
  if (!isRole(input.role)) throw new OperatorError('bad-role', `unknown role '${input.role}': cashier, manager or technician`);
  checkPinForRole(input.pin, input.role, cashierMin);
  return { name, role: input.role };
}

function refuseTaken(t: LotteryTerminal, name: string): void {
  const existing = operatorByName(t.db, name);
  if (existing) {
    throw new OperatorError(
      'name-taken',
      existing.active ? `an operator named '${existing.name}' already exists` : `the name '${existing.name}' belonged to a disabled operator: names are never reused`,
    );
  }
}

export function infoOf(row: OperatorRow): OperatorInfo {
  const forever = row.locked_until === UNTIL_UNLOCKED;
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    active: row.active === 1,
    locked_until: forever ? null : row.locked_until,
    locked_until_unlock: forever,
    created_at: row.created_at,
    disabled_at: row.disabled_at,
  };
}

/**
 * Inserts an operator and journals 'operator.add' inside the caller's transaction. `by` is null only for
 * the first manager made by `guichet init`. The PIN must already be hashed.
 */
export function insertOperatorRecorded(t: LotteryTerminal, by: OperatorSession | null, name: string, role: Role, pinHash: string): OperatorInfo {
  refuseTaken(t, name);
  const row = insertOperator(t.db, { name, role, pin_hash: pinHash, created_at: t.now(), created_by: by?.operator_id ?? null });
  record(t, { type: 'operator.add', operator: by, payload: { operator_id: row.id, name: row.name, role: row.role } });
  return infoOf(row);
}

/** Adds an operator (manager only). Refuses a bad name or role, a PIN too short for the role, or a name ever used. */
export async function addOperator(t: LotteryTerminal, session: OperatorSession, input: NewOperatorInput): Promise<OperatorInfo> {
  requirePermission(session, 'operator.manage');
  const { name, role } = checkNewOperator(input, securitySettings(t).cashier_pin_min_digits);
  refuseTaken(t, name);
  const pinHash = await hashPin(input.pin);
  return inTransaction(t, () => {
    authorize(t, session, 'operator.manage');
    return insertOperatorRecorded(t, session, name, role, pinHash);
  });
}

/** Every operator, active or not (manager only). */
export function listOperators(t: LotteryTerminal, session: OperatorSession): OperatorInfo[] {
  authorize(t, session, 'operator.manage');
  return listOperatorRows(t.db).map(infoOf);
}

function existing(t: LotteryTerminal, name: string): OperatorRow {
  const row = operatorByName(t.db, name.trim());
  if (!row) throw new OperatorError('unknown-operator', `no operator named '${name.trim()}'`);
  return row;
}

/** Disables an operator (manager only); never oneself, never the last active manager. Journal 'operator.disable'. */
export function disableOperator(t: LotteryTerminal, session: OperatorSession, name: string): OperatorInfo {
  return inTransaction(t, () => {
    authorize(t, session, 'operator.manage');
    const row = existing(t, name);
    if (row.active !== 1) throw new OperatorError('already-disabled', `operator '${row.name}' is already disabled`);
    if (row.id === session.operator_id) throw new OperatorError('self', 'an operator cannot disable themselves');
    if (row.role === 'manager' && countActiveManagers(t.db) <= 1) throw new OperatorError('last-manager', `'${row.name}' is the last active manager`);
    const at = t.now();
    setOperatorDisabled(t.db, row.id, at);
    record(t, { type: 'operator.disable', operator: session, payload: { operator_id: row.id, name: row.name } });
    return { ...infoOf(row), active: false, disabled_at: at };
  });
}

/**
 * Lifts a PIN lock (a manager or a technician: 'operator.unlock', the way back for a terminal whose managers
 * are locked out), and resets the count of locks, so that the next lock is again a short
 * one: the only way to do either before a lock ends. Refuses an operator with no lock, no lock counted and
 * no failed try ('not-locked'). Journal 'operator.unlock' { operator_id, name, locks, failed_attempts }.
 */
export function unlockOperator(t: LotteryTerminal, session: OperatorSession, name: string): OperatorInfo {
  return inTransaction(t, () => {
    authorize(t, session, 'operator.unlock');
    const row = existing(t, name);
    const locks = locksSinceUnlock(t.db, row.name);
    if (row.locked_until === null && row.failed_attempts === 0 && locks === 0) throw new OperatorError('not-locked', `operator '${row.name}' is not locked`);
    setLoginState(t.db, row.id, 0, null);
    record(t, { type: 'operator.unlock', operator: session, payload: { operator_id: row.id, name: row.name, locks, failed_attempts: row.failed_attempts } });
    return { ...infoOf(row), locked_until: null, locked_until_unlock: false };
  });
}

export interface PinChange {
  /** Whose PIN (default: the session's own). */
  readonly name?: string;
  readonly pin: string;
  /** The operator's current PIN: required to change one's own PIN (a manager changing another's does not give it). */
  readonly currentPin?: string;
}

/**
 * Changes a PIN: one's own (any role, with the current PIN), or another operator's (manager only). The
 * new PIN must fit the role (pin-policy.ts). Journal 'operator.pin' { operator_id, name, by_manager }.
 */
export async function changePin(t: LotteryTerminal, session: OperatorSession, change: PinChange): Promise<OperatorInfo> {
  const target = change.name === undefined ? session.name : change.name.trim();
  const row = existing(t, target);
  const own = row.id === session.operator_id;
  if (!own) requirePermission(session, 'operator.manage');
  if (row.active !== 1) throw new OperatorError('already-disabled', `operator '${row.name}' is disabled`);
  checkPinForRole(change.pin, row.role, securitySettings(t).cashier_pin_min_digits);
  if (own) {
    if (change.currentPin === undefined || !(await verifyPin(change.currentPin, row.pin_hash))) {
      throw new OperatorError('bad-pin', 'give your current PIN to change it', { problem: 'current-pin' });
    }
  }
  const pinHash = await hashPin(change.pin);
  return inTransaction(t, () => {
    authorize(t, session, own ? null : 'operator.manage');
    setOperatorPin(t.db, row.id, pinHash);
    record(t, { type: 'operator.pin', operator: session, payload: { operator_id: row.id, name: row.name, by_manager: !own } });
    return infoOf(row);
  });
}
