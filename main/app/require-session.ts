import type { MethodName } from '../../common/api/contract.js';
import type { OperatorSession } from '../services/auth/session.js';
import { AuthError } from '../services/auth/errors.js';
import { isIdleExpired } from '../services/auth/idle.js';
import { logout } from '../services/auth/login.js';
import { ServiceError } from '../kernel/errors.js';
import type { AppContext } from './context.js';
import { statusOf } from './status.js';

/**
 * Ends the counter's session when it was idle longer than the terminal's setting: journal
 * 'operator.logout' { reason: 'idle' }, no operator, the customer display back to idle. True when it did.
 * The status events are the caller's (`status.get` answers with no operator; other calls refuse).
 */
export function endIdleSession(ctx: AppContext): boolean {
  const s = ctx.session;
  if (!s || !isIdleExpired(ctx.terminal, s)) return false;
  ctx.session = null;
  logout(ctx.terminal, s, 'idle');
  ctx.emit({ type: 'display', display: { kind: 'idle' } });
  return true;
}

/**
 * The logged-in operator, or a `not-logged-in` refusal; `session-expired` (and the session ended) when it
 * was idle too long. Permissions are then checked by each service.
 */
export function requireSession(ctx: AppContext): OperatorSession {
  const before = ctx.session;
  if (before && endIdleSession(ctx)) {
    void statusOf(ctx).then(
      (status) => ctx.emit({ type: 'status', status }),
      () => undefined,
    );
    throw new AuthError('session-expired', `the session of operator '${before.name}' ended after a time without activity: log in again`);
  }
  if (!ctx.session) throw new ServiceError('not-logged-in', 'log in first');
  return ctx.session;
}

/**
 * The methods answered without anyone logged in: what the login screen needs (the terminal and its
 * operators, the login itself) and the logout, which only ends a session. Every
 * other method is refused `not-logged-in` by `app.call` before its handler runs, on every host.
 * The self-check methods too: no operator ever logs in at a self-check kiosk, and a counter kiosk
 * refuses them (`not-self-check`) whoever calls.
 */
export const SESSIONLESS_METHODS: ReadonlySet<MethodName> = new Set<MethodName>(['app.info', 'auth.login', 'auth.logout', 'selfcheck.status', 'selfcheck.check', 'selfcheck.language']);
