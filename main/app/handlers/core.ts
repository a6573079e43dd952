/** Application info, status bar, login and logout. */
import { listOperatorRows } from '../../../db/queries/operators.js';
import { pendingOutboxCount } from '../../../db/queries/outbox.js';
import { login, logout, switchOperator } from '../../services/auth/login.js';
import { currentCashSession } from '../../services/cash/sessions.js';
import { getSettings } from '../../services/terminal/settings.js';
import { syncStatus } from '../../services/sync/status.js';
import type { OperatorView, StatusView } from '../../api/views.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';

export function operatorView(ctx: AppContext): OperatorView | null {
  const s = ctx.session;
  return s ? { name: s.name, role: s.role, since: s.since } : null;
}

export async function statusOf(ctx: AppContext): Promise<StatusView> {
  const printer = ctx.devices.printer ? { uri: ctx.devices.printer.uri, ...(await ctx.devices.printer.status()) } : null;
  const link = syncStatus(ctx.terminal);
  return {
    operator: operatorView(ctx),
    connection: link.online ? 'online' : 'offline',
    outbox_waiting: pendingOutboxCount(ctx.terminal.db),
    central: { state: link.state, seconds_since_contact: link.seconds_since_contact, problem: link.disabled ?? link.refused },
    printer,
    cash_session_open: currentCashSession(ctx.terminal) !== undefined,
  };
}

export const coreHandlers: Handlers = {
  'app.info': (ctx) => ({
    terminal_id: ctx.terminal.id,
    version: ctx.version,
    host: ctx.host,
    language: ctx.language,
    payout_limit_cents: getSettings(ctx.terminal).payout_limit_cents,
    operators: listOperatorRows(ctx.terminal.db)
      .filter((o) => o.active === 1)
      .map((o) => ({ name: o.name, role: o.role })),
  }),
  'status.get': (ctx) => statusOf(ctx),
  'auth.login': async (ctx, { name, pin }) => {
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
  'scanner.feed': (ctx, { data, name }) => {
    if (!ctx.devices.feedScan?.(data, name)) throw Object.assign(new Error('no virtual scanner is open'), { code: 'no-virtual-scanner' });
    return null;
  },
  'settings.language': (ctx, { language }) => {
    ctx.language = language;
    return null;
  },
};
