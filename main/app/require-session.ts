import type { MethodName } from '../api/contract.js';
import type { OperatorSession } from '../services/auth/session.js';
import { ServiceError } from '../services/terminal/errors.js';
import type { AppContext } from './context.js';

/** The logged-in operator, or a `not-logged-in` refusal. Permissions are then checked by each service. */
export function requireSession(ctx: AppContext): OperatorSession {
  if (!ctx.session) throw new ServiceError('not-logged-in', 'log in first');
  return ctx.session;
}

/**
 * The methods answered without anyone logged in: what the login screen needs (the terminal and its
 * operators, the login itself, the language switch) and the logout, which only ends a session. Every
 * other method is refused `not-logged-in` by `app.call` before its handler runs, on every host.
 * The self-check methods too: no operator ever logs in at a self-check kiosk, and a counter kiosk
 * refuses them (`not-self-check`) whoever calls.
 */
export const SESSIONLESS_METHODS: ReadonlySet<MethodName> = new Set<MethodName>(['app.info', 'auth.login', 'auth.logout', 'settings.language', 'selfcheck.status', 'selfcheck.check', 'selfcheck.language']);
