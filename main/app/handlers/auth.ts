/** Application info, status bar, login and logout. */
import { login, logout, switchOperator } from '../../services/auth/login.js';
import { authorize } from '../../services/auth/authorize.js';
import { setOperatorLanguage } from '../../services/operators/language.js';
import { ServiceError } from '../../kernel/errors.js';
import { getSettings, securitySettings } from '../../kernel/settings.js';
import { activeOperators } from '../../services/terminal/status.js';
import type { OperatorView } from '../../../common/api/views.js';
import type { Handlers } from '../handler.js';
import { endIdleSession, requireSession } from '../require-session.js';
import { operatorView, statusOf } from '../status.js';

export const authHandlers: Handlers = {
  'app.info': (ctx) => ({
    terminal_id: ctx.terminal.id,
    version: ctx.version,
    host: ctx.host,
    language: ctx.language,
    payout_limit_cents: getSettings(ctx.terminal).payout_limit_cents,
    idle_logout_minutes: securitySettings(ctx.terminal).idle_logout_minutes,
    operators: activeOperators(ctx.terminal),
  }),
  // A session idle past the setting ends here too, so a window that stopped counting still returns to the login.
  'status.get': (ctx) => {
    endIdleSession(ctx);
    return statusOf(ctx);
  },
  'auth.login': async (ctx, { name, pin }) => {
    endIdleSession(ctx);
    // With someone at the counter this is the quick operator switch; the current session stays if it is refused.
    ctx.session = ctx.session ? await switchOperator(ctx.terminal, ctx.session, name, pin) : await login(ctx.terminal, name, pin);
    ctx.emit({ type: 'status', status: await statusOf(ctx) });
    return operatorView(ctx) as OperatorView;
  },
  'auth.logout': async (ctx) => {
    if (ctx.session) logout(ctx.terminal, ctx.session);
    ctx.session = null;
    ctx.emit({ type: 'status', status: await statusOf(ctx) });
    ctx.emit({ type: 'display', display: { kind: 'idle' } });
    return null;
  },
  /** The window saw the operator act (keys, touches) without calling anything: keeps the session alive. */
  'auth.activity': (ctx) => {
    authorize(ctx.terminal, requireSession(ctx), null);
    return null;
  },
  'scanner.feed': (ctx, { data, name }) => {
    if (!ctx.devices.feedScan?.(data, name)) throw new ServiceError('no-virtual-scanner', 'no virtual scanner is open');
    return null;
  },
  // The operator's own screen language (remembered for their next sessions); the terminal's language —
  // login screen, receipts, customer display — is a manager's setting (settings.update, journaled).
  'settings.language': async (ctx, { language }) => {
    setOperatorLanguage(ctx.terminal, requireSession(ctx), language);
    ctx.emit({ type: 'status', status: await statusOf(ctx) });
    return null;
  },
};
