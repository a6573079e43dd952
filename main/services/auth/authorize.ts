/** The service-side permission check, against the session and the database. */
import { operatorById } from '../../../db/queries/operators.js';
import type { LotteryTerminal } from '../terminal/terminal.js';
import { PermissionError } from './errors.js';
import { requirePermission, type Permission } from './roles.js';
import type { OperatorSession } from './session.js';

/**
 * Throws PermissionError unless the session is genuine, its role holds `permission`, and the operator is
 * still active in the database (not disabled since it logged in). Call it inside the service's transaction.
 */
export function authorize(t: LotteryTerminal, session: OperatorSession, permission: Permission): void {
  requirePermission(session, permission);
  const row = operatorById(t.db, session.operator_id);
  if (!row || row.active !== 1) throw new PermissionError(`operator '${session.name}' has been disabled`);
  if (row.role !== session.role) throw new PermissionError(`operator '${session.name}' changed role: log in again`);
}
