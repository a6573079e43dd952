/** The host's views as the renderer's tests give them to a screen: a demo-like terminal, offline. */
import type { AppInfo, OperatorView, StatusView } from '../../../common/api/views.js';

/** The terminal's information: FAKE-07 in French, Marie the manager and Camille the cashier. */
export const FAKE_INFO: AppInfo = {
  terminal_id: 'FAKE-07',
  version: 'test',
  host: 'browser',
  language: 'fr',
  payout_limit_cents: 30_000,
  idle_logout_minutes: 5,
  operators: [
    { name: 'Marie', role: 'manager' },
    { name: 'Camille', role: 'cashier' },
  ],
};

/** A status with `operator` logged in, central offline, nothing waiting, the till closed; `more` changes any of it. */
export function fakeStatus(operator: Omit<OperatorView, 'since'>, more: Partial<StatusView> = {}): StatusView {
  return {
    operator: { ...operator, since: '2026-11-30T08:00:00.000Z' },
    connection: 'offline',
    outbox_waiting: 0,
    central: { state: 'offline', seconds_since_contact: null, problem: null },
    printer: null,
    cash_session_open: false,
    ...more,
  };
}
