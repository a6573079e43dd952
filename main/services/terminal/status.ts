/** What the status bar shows: who is at the counter, the outbox backlog, the printer, the cash session. */
import { listOperatorRows } from '../../../db/queries/operators.js';
import { pendingOutboxCount } from '../../../db/queries/outbox.js';
import type { OperatorView, PrinterView, StatusView } from '../../../common/api/views.js';
import type { Printer } from '../../devices/printer.js';
import type { OperatorSession } from '../auth/session.js';
import { currentCashSession } from '../cash/sessions.js';
import { syncStatus } from '../sync/status.js';
import { suspendedGames } from './enabled.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export function operatorView(session: OperatorSession | null): OperatorView | null {
  return session ? { name: session.name, role: session.role, since: session.since } : null;
}

/** The printer as the status bar shows it: its URI and what it says of itself. */
export async function printerStatusView(printer: Printer | null): Promise<PrinterView | null> {
  return printer ? { uri: printer.uri, ...(await printer.status()) } : null;
}

export async function terminalStatus(t: LotteryTerminal, session: OperatorSession | null, printer: Printer | null): Promise<StatusView> {
  const link = syncStatus(t);
  return {
    operator: operatorView(session),
    connection: link.online ? 'online' : 'offline',
    outbox_waiting: pendingOutboxCount(t.db),
    central: { state: link.state, seconds_since_contact: link.seconds_since_contact, problem: link.disabled ?? link.refused },
    printer: await printerStatusView(printer),
    cash_session_open: currentCashSession(t) !== undefined,
    suspended_games: suspendedGames(t),
  };
}

/** The active operators' names and roles, for the login screen (no PIN, no state). */
export function activeOperators(t: LotteryTerminal): { name: string; role: OperatorView['role'] }[] {
  return listOperatorRows(t.db)
    .filter((o) => o.active === 1)
    .map((o) => ({ name: o.name, role: o.role }));
}
