/** The service-side permission check, against the session and the database. */
import { operatorById } from '../../../db/queries/operators.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { PermissionError } from './errors.js';
import { checkIdle } from './idle.js';
import { requirePermission, type Permission } from './roles.js';
import { isIssuedSession, type OperatorSession } from './session.js';

/**
 * Throws PermissionError unless the session is genuine, its role holds `permission` (null: any role, for
 * what an operator does to themselves), and the operator is
 * still active in the database (not disabled since it logged in); AuthError('session-expired') when the
 * session was idle longer than the setting (otherwise it counts as activity). Call it inside the service's transaction.
 */
export function authorize(t: LotteryTerminal, session: OperatorSession, permission: Permission | null): void {
  if (permission === null) {
    if (!isIssuedSession(session)) throw new PermissionError('this operator session was not opened with a PIN');
  } else requirePermission(session, permission);
  const row = operatorById(t.db, session.operator_id);
  if (!row || row.active !== 1) throw new PermissionError(`operator '${session.name}' has been disabled`);
  if (row.role !== session.role) throw new PermissionError(`operator '${session.name}' changed role: log in again`);
  checkIdle(t, session);
}
