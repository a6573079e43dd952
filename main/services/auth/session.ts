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
/** Last activity of each genuine session, in ms since the epoch (the terminal's clock). */
const lastActive = new WeakMap<object, number>();

/** Makes a frozen session object and remembers it as genuine (internal to main/auth). */
export function issueSession(fields: OperatorSession): OperatorSession {
  const session = Object.freeze({ operator_id: fields.operator_id, name: fields.name, role: fields.role, since: fields.since });
  issued.add(session);
  lastActive.set(session, Date.parse(fields.since));
  return session;
}

/** When the session last did something (ms, the terminal's clock); NaN for a session not issued here. */
export function lastActivityOf(session: OperatorSession): number {
  return lastActive.get(session) ?? Number.NaN;
}

/** Notes activity of a genuine session at `atMs` (never moves backwards). */
export function touchSession(session: OperatorSession, atMs: number): void {
  const last = lastActive.get(session);
  if (last !== undefined && atMs > last) lastActive.set(session, atMs);
}

/** True for a session made by `issueSession` in this process. */
export function isIssuedSession(session: unknown): session is OperatorSession {
  return typeof session === 'object' && session !== null && issued.has(session);
}
