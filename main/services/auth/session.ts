/** An authenticated operator. Only the login functions make one; services refuse any other object. */
import type { RoleName } from '../../../db/queries/operators.js';

export interface OperatorSession {
  readonly operator_id: number;
  readonly name: string;
  readonly role: RoleName;
  /** UTC ISO time of authentication. */
  readonly since: string;
}

const issued = new WeakSet<object>();

/** Makes a frozen session object and remembers it as genuine (internal to main/auth). */
export function issueSession(fields: OperatorSession): OperatorSession {
  const session = Object.freeze({ operator_id: fields.operator_id, name: fields.name, role: fields.role, since: fields.since });
  issued.add(session);
  return session;
}

/** True for a session made by `issueSession` in this process. */
export function isIssuedSession(session: unknown): session is OperatorSession {
  return typeof session === 'object' && session !== null && issued.has(session);
}
