/**
 * PIN login with a growing lockout (main/services/auth/lockout.ts), and the quick operator switch. A wrong
 * PIN changes nothing but the operator's failure counter; the last try before a lock is announced; after
 * MAX_FAILURES in a row the operator is locked (journaled 'operator.locked'), longer each time.
 */
import { listOperatorRows, operatorByName, operatorById, setLoginState, type OperatorRow } from '../../../db/queries/operators.js';
import { record } from '../../kernel/record.js';
import { verifyPin } from '../operators/pin.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { AuthError } from './errors.js';
import { lockLength, lockUntil, MAX_FAILURES, UNTIL_UNLOCKED } from './lockout.js';
import { locksSinceUnlock } from '../../../db/queries/journal.js';
import { isIssuedSession, issueSession, type OperatorSession } from './session.js';

export { MAX_FAILURES, LOCK_STEPS_MINUTES, UNTIL_UNLOCKED } from './lockout.js';
/** How long the first lock lasts. */
export const LOCK_MINUTES = 5;

function lockedError(row: OperatorRow, until: string, nowMs: number, prefix = ''): AuthError {
  const details = { locked_until: until, until_unlocked: until === UNTIL_UNLOCKED };
  if (until === UNTIL_UNLOCKED) {
    return new AuthError('locked', `${prefix}operator '${row.name}' is locked after too many wrong PINs until a manager or a technician unlocks it`, until, details);
  }
  const left = Math.max(1, Math.ceil((Date.parse(until) - nowMs) / 1000));
  const wait = left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`;
  return new AuthError('locked', `${prefix}operator '${row.name}' is locked after ${MAX_FAILURES} wrong PINs until ${until} (${wait} left)`, until, details);
}

/** Whether `row` is a manager with no other active manager who is not locked for good: their locks always end. */
function isLastManager(t: LotteryTerminal, row: OperatorRow): boolean {
  if (row.role !== 'manager') return false;
  return !listOperatorRows(t.db).some((o) => o.id !== row.id && o.role === 'manager' && o.active === 1 && o.locked_until !== UNTIL_UNLOCKED);
}

function isLocked(row: OperatorRow, nowMs: number): boolean {
  return row.locked_until !== null && Date.parse(row.locked_until) > nowMs;
}

function findActive(t: LotteryTerminal, name: string): OperatorRow {
  const trimmed = name.trim();
  if (trimmed === '') throw new AuthError('unknown-operator', 'no operator name given');
  const row = operatorByName(t.db, trimmed);
  if (!row) throw new AuthError('unknown-operator', `no operator named '${trimmed}' on terminal ${t.id}`);
  if (row.active !== 1) throw new AuthError('disabled', `operator '${row.name}' is disabled`);
  const now = t.clock().getTime();
  if (isLocked(row, now)) throw lockedError(row, row.locked_until as string, now);
  return row;
}

/**
 * Checks the operator's PIN and returns a session; writes no journal entry but a lock (each CLI command
 * uses this). Throws AuthError: 'unknown-operator', 'disabled', 'locked', 'malformed-pin' (not counted) or
 * 'wrong-pin' (counted; details `{ tries_left, last_try }`; the failure that reaches MAX_FAILURES gives
 * 'locked': 5 minutes, then 15, then an hour, then until a manager or a technician unlocks; the last manager's
 * locks stay an hour).
 */
export async function authenticate(t: LotteryTerminal, name: string, pin: string): Promise<OperatorSession> {
  const row = findActive(t, name);
  if (!/^\d{4,8}$/.test(pin)) throw new AuthError('malformed-pin', 'a PIN has 4 to 8 digits');
  const good = await verifyPin(pin, row.pin_hash);
  const outcome = inTransaction(t, (): { session: OperatorSession } | { error: AuthError } => {
    // Read again: another window or process may have locked or disabled the operator meanwhile.
    const fresh = operatorById(t.db, row.id);
    const nowMs = t.clock().getTime();
    if (!fresh || fresh.active !== 1) return { error: new AuthError('disabled', `operator '${row.name}' is disabled`) };
    if (isLocked(fresh, nowMs)) return { error: lockedError(fresh, fresh.locked_until as string, nowMs) };
    if (good) {
      if (fresh.failed_attempts !== 0 || fresh.locked_until !== null) setLoginState(t.db, fresh.id, 0, null);
      return { session: issueSession({ operator_id: fresh.id, name: fresh.name, role: fresh.role, since: t.now() }) };
    }
    const failures = fresh.failed_attempts + 1;
    const priorLocks = locksSinceUnlock(t.db, fresh.name);
    const lastManager = isLastManager(t, fresh);
    if (failures < MAX_FAILURES) {
      setLoginState(t.db, fresh.id, failures, null);
      const left = MAX_FAILURES - failures;
      const lock = lockLength(priorLocks, lastManager);
      const message =
        left === 1
          ? `wrong PIN for operator '${fresh.name}': last try before lockout (${lock.startsWith('until') ? `a lock ${lock}` : `a ${lock}`})`
          : `wrong PIN for operator '${fresh.name}' (${left} more tries before ${lock.startsWith('until') ? `a lock ${lock}` : `a ${lock}`})`;
      return { error: new AuthError('wrong-pin', message, undefined, { tries_left: left, last_try: left === 1 }) };
    }
    const until = lockUntil(priorLocks, nowMs, lastManager);
    setLoginState(t.db, fresh.id, 0, until);
    record(t, { type: 'operator.locked', operator: null, payload: { operator_id: fresh.id, name: fresh.name, failures, locked_until: until, lock: priorLocks + 1 } });
    return { error: lockedError(fresh, until, nowMs, `wrong PIN for operator '${fresh.name}': `) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** Opens an operator's shift at the counter: authenticate, then journal 'operator.login'. */
export async function login(t: LotteryTerminal, name: string, pin: string): Promise<OperatorSession> {
  const session = await authenticate(t, name, pin);
  inTransaction(t, () => record(t, { type: 'operator.login', operator: session, payload: { role: session.role } }));
  return session;
}

/**
 * Quick operator switch: another operator takes the counter with their PIN. The current session stays
 * valid if the switch is refused. Journaled as 'operator.switch' { from }.
 */
export async function switchOperator(t: LotteryTerminal, current: OperatorSession | null, name: string, pin: string): Promise<OperatorSession> {
  if (current !== null && !isIssuedSession(current)) throw new AuthError('unknown-operator', 'the current operator session was not opened with a PIN');
  const next = await authenticate(t, name, pin);
  inTransaction(t, () => record(t, { type: 'operator.switch', operator: next, payload: { from: current?.name ?? null, role: next.role } }));
  return next;
}

/** Ends an operator's shift at the counter (journal 'operator.logout'; `{ reason: 'idle' }` when the idle timeout ended it). */
export function logout(t: LotteryTerminal, session: OperatorSession, reason?: 'idle'): void {
  if (!isIssuedSession(session)) throw new AuthError('unknown-operator', 'this operator session was not opened with a PIN');
  inTransaction(t, () => record(t, { type: 'operator.logout', operator: session, payload: reason ? { reason } : {} }));
}
