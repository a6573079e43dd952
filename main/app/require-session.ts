import type { OperatorSession } from '../services/auth/session.js';
import { ServiceError } from '../services/terminal/errors.js';
import type { AppContext } from './context.js';

/** The logged-in operator, or a `not-logged-in` refusal. Permissions are then checked by each service. */
export function requireSession(ctx: AppContext): OperatorSession {
  if (!ctx.session) throw new ServiceError('not-logged-in', 'log in first');
  return ctx.session;
}
