/**
 * What the whole kiosk knows about the terminal: app info (terminal id, operators, payout limit) and
 * the live status (operator, connection, events waiting to sync, printer). The status is polled every
 * few seconds and updated at once by the host's `status` and `printer` events. A logged-in operator
 * idle for the terminal's `idle_logout_minutes` is logged out on every screen (the login comes back).
 * While nobody is logged in, each poll reads the info again, so the login screen lists new operators.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../../common/api/errors.js';
import type { AppInfo, OperatorView, PrinterView, StatusView } from '../../../common/api/views.js';
import type { GuichetApi } from '../../../common/api/contract.js';
import { useApi } from '../api/context.js';
import { watchIdle } from './idle.js';

/** The status shown while nobody is logged in (the terminal tells its status to a logged-in operator only). */
export const LOGGED_OUT_STATUS: StatusView = {
  operator: null,
  connection: 'offline',
  outbox_waiting: 0,
  central: { state: 'offline', seconds_since_contact: null, problem: null },
  printer: null,
  cash_session_open: false,
};

/** The terminal's status, or the logged-out one when nobody is logged in. */
export async function fetchStatus(api: GuichetApi): Promise<StatusView> {
  try {
    return await api.call('status.get', {});
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not-logged-in') return LOGGED_OUT_STATUS;
    throw err;
  }
}

/**
 * The status, and while nobody is logged in the terminal's info too: the operators may have changed since
 * it was read (a manager added a cashier then logged out, `guichet operator add` at the command line), and
 * the login screen lists them from it (#41). Both are read before either is shown.
 */
export async function fetchSession(api: GuichetApi): Promise<{ status: StatusView; info: AppInfo | null }> {
  const status = await fetchStatus(api);
  return { status, info: status.operator === null ? await api.call('app.info', {}) : null };
}

/** The newer info, or the one shown when nothing changed (no new render every poll). */
function newerInfo(shown: AppInfo, read: AppInfo): AppInfo {
  return JSON.stringify(shown) === JSON.stringify(read) ? shown : read;
}

export const STATUS_POLL_MS = 4000;

export interface SessionState {
  readonly info: AppInfo;
  readonly status: StatusView;
  /** False when the last status request failed (host gone). */
  readonly reachable: boolean;
  readonly operator: OperatorView | null;
  /** Reloads app info (operators, payout limit) — after a settings change, for instance. */
  refreshInfo(): Promise<void>;
  /** Reloads the status at once (after an action that changes the outbox, the cash session …). */
  refreshStatus(): Promise<void>;
  /** Who was logged out for inactivity, and after how long: the login screen says so until the next login. */
  readonly idleLogout: { readonly operator: string; readonly minutes: number } | null;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider(props: { info: AppInfo; status: StatusView; children: ReactNode }) {
  const api = useApi();
  const [info, setInfo] = useState(props.info);
  const [status, setStatus] = useState(props.status);
  const [reachable, setReachable] = useState(true);
  const [idleLogout, setIdleLogout] = useState<SessionState['idleLogout']>(null);

  const refreshStatus = useCallback(async () => {
    try {
      const { status: read, info: readInfo } = await fetchSession(api);
      setStatus(read);
      if (readInfo) setInfo((shown) => newerInfo(shown, readInfo));
      setReachable(true);
    } catch {
      setReachable(false);
    }
  }, [api]);
  const refreshInfo = useCallback(async () => {
    const read = await api.call('app.info', {});
    setInfo((shown) => newerInfo(shown, read));
  }, [api]);

  useEffect(() => {
    const timer = setInterval(() => void refreshStatus(), STATUS_POLL_MS);
    const off = api.subscribe((event) => {
      if (event.type === 'status') {
        setStatus(event.status);
        setReachable(true);
        if (event.status.operator === null) void refreshInfo().catch(() => undefined); // the login screen's operators
      } else if (event.type === 'printer') {
        const printer: PrinterView = event.printer;
        setStatus((s) => ({ ...s, printer }));
      }
    });
    return () => {
      clearInterval(timer);
      off();
    };
  }, [refreshStatus, refreshInfo]);

  // Idle logout: the window's timer (the services refuse an idle session too, and status.get ends it).
  const loggedIn = status.operator !== null;
  const idleMs = info.idle_logout_minutes * 60_000;
  const operatorName = status.operator?.name;
  useEffect(() => {
    if (loggedIn) setIdleLogout(null);
  }, [loggedIn]);
  useEffect(() => {
    if (!loggedIn || !(idleMs > 0)) return undefined;
    return watchIdle(window, {
      limitMs: idleMs,
      onActivity: () => void api.call('auth.activity', {}).catch(() => undefined),
      onIdle: () => {
        if (operatorName) setIdleLogout({ operator: operatorName, minutes: info.idle_logout_minutes });
        void api.call('auth.logout', {}).catch(() => undefined).then(refreshStatus);
      },
    });
  }, [api, loggedIn, idleMs, operatorName, status.operator?.since, refreshStatus, info.idle_logout_minutes]);

  const value = useMemo<SessionState>(
    () => ({ info, status, reachable, operator: status.operator, refreshInfo, refreshStatus, idleLogout }),
    [info, status, reachable, refreshInfo, refreshStatus, idleLogout],
  );
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

/** The terminal's info and live status; only inside the shell. */
export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
