/**
 * Idle logout on the service side: a session that did nothing for longer than the terminal's
 * `idle_logout_minutes` (5 by default) is refused as expired, whatever the host or the window does.
 * Every authorised action counts as activity (`authorize` calls `checkIdle`).
 */
import { securitySettings } from '../../kernel/settings.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { AuthError } from './errors.js';
import { lastActivityOf, touchSession, type OperatorSession } from './session.js';

/** The idle time after which a session ends, in ms. */
export function idleLimitMs(t: LotteryTerminal): number {
  return securitySettings(t).idle_logout_minutes * 60_000;
}

/** True when the session has been idle longer than the setting. */
export function isIdleExpired(t: LotteryTerminal, session: OperatorSession): boolean {
  const last = lastActivityOf(session);
  return Number.isFinite(last) && t.clock().getTime() - last > idleLimitMs(t);
}

/** Throws AuthError('session-expired') for a session idle too long; otherwise notes the activity now. */
export function checkIdle(t: LotteryTerminal, session: OperatorSession): void {
  if (isIdleExpired(t, session)) {
    const minutes = securitySettings(t).idle_logout_minutes;
    throw new AuthError('session-expired', `the session of operator '${session.name}' ended after ${minutes} minute${minutes === 1 ? '' : 's'} without activity: log in again`);
  }
  touchSession(session, t.clock().getTime());
}
