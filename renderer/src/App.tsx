/**
 * The kiosk: loads the terminal's info and status, then shows the login (PIN pad) or the shell with
 * the operator's screens. Global keys: F-keys open screens, F12 switches operator, Escape goes back.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AppInfo, Language, StatusView } from '../../common/api/views.js';
import { useApi } from './api/context.js';
import { I18nProvider, useShowLanguage, useT } from './i18n/index.js';
import { LoginScreen } from './screens/login/LoginScreen.js';
import { ProvisioningScreen } from './screens/provisioning/ProvisioningScreen.js';
import { SCREENS } from './screens/registry.js';
import { ScanProvider } from './scan/ScanProvider.js';
import { runEscape, useGlobalKeys } from './shell/hotkeys.js';
import { navigate } from './shell/route.js';
import { homeFor, screenByHotkey, SHELL_HOTKEYS } from './shell/screens.js';
import { fetchStatus, SessionProvider, useSession } from './shell/session.js';
import { Shell } from './shell/Shell.js';
import { BootError, bootErrorKind, type BootErrorKind } from './shell/BootError.js';

export function App() {
  const api = useApi();
  const saveLanguage = useCallback((language: Language) => void api.call('settings.language', { language }).catch(() => undefined), [api]);
  const [boot, setBoot] = useState<{ info: AppInfo; status: StatusView } | { provisioning: NonNullable<StatusView['provisioning']> } | null>(null);
  const [error, setError] = useState<{ kind: BootErrorKind; detail: string } | null>(null);
  const load = useCallback(() => {
    setError(null);
    // The status first (a logged-out one until someone logs in): a terminal not set up answers nothing
    // else, and the kiosk shows its provisioning screen.
    fetchStatus(api)
      .then(async (status) => (status.provisioning ? { provisioning: status.provisioning } : { info: await api.call('app.info', {}), status }))
      .then(setBoot, (err: unknown) => setError({ kind: bootErrorKind(err), detail: err instanceof Error ? err.message : String(err) }));
  }, [api]);
  useEffect(load, [load]);

  if (error) return <BootError kind={error.kind} detail={error.detail} onRetry={load} />;
  if (!boot) return <main className="boot">…</main>;
  if ('provisioning' in boot)
    return (
      <I18nProvider onChange={saveLanguage}>
        <ProvisioningScreen dataDir={boot.provisioning.data_dir} canEnroll={boot.provisioning.can_enroll} onEnrolled={load} />
      </I18nProvider>
    );
  return (
    <I18nProvider initial={boot.info.language} onChange={saveLanguage}>
      <ScanProvider>
        <SessionProvider info={boot.info} status={boot.status}>
          <Kiosk />
        </SessionProvider>
      </ScanProvider>
    </I18nProvider>
  );
}

function Kiosk() {
  const t = useT();
  const { info, operator, refreshStatus, refreshInfo, idleLogout } = useSession();
  const [switching, setSwitching] = useState(false);
  const showLanguage = useShowLanguage();

  // Language is per operator session: the operator's own choice while logged in, the terminal's otherwise.
  // Shown again at every change of session, not only when the resolved language differs: an operator's
  // EN press shows English at once, before any status says so; after a logout the terminal's language
  // must come back even when no status had reported the operator's choice yet.
  const shown = operator?.language ?? info.language;
  const sessionKey = operator ? `${operator.name}@${operator.since}` : null;
  useLayoutEffect(() => showLanguage(shown), [shown, sessionKey, showLanguage]);

  // A new operator session (a login, an operator switch) starts on the operator's home screen, decided
  // here, in the same commit that shows their shell: an F-key pressed as soon as the shell appears is
  // never overridden by a late "go home" (the session may be known from the host's status event before
  // the login call itself has answered). A reload keeps the screen it was on.
  const lastSession = useRef(sessionKey);
  useLayoutEffect(() => {
    if (lastSession.current === sessionKey) return;
    lastSession.current = sessionKey;
    const home = operator ? homeFor(SCREENS, operator.role) : undefined;
    if (home) navigate(home.id);
  }, [sessionKey, operator]);

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  // The switch panel lists the operators as they are now (one may have just been added in Réglages).
  useEffect(() => {
    if (switching) void refreshInfo().catch(() => undefined);
  }, [switching, refreshInfo]);

  // Someone else logged out (or the host restarted): close the switch panel.
  useEffect(() => {
    if (!operator) setSwitching(false);
  }, [operator]);

  useGlobalKeys((key) => {
    if (key === 'Escape') {
      if (runEscape()) return true;
      const home = operator ? homeFor(SCREENS, operator.role) : undefined;
      if (home) navigate(home.id);
      return true;
    }
    if (!operator || switching) return true; // F-keys do nothing of the browser's, ever
    if (key === SHELL_HOTKEYS.switchOperator) {
      setSwitching(true);
      return true;
    }
    const target = screenByHotkey(SCREENS, operator.role, key);
    if (target) navigate(target.id);
    return true;
  });

  // The home screen is opened by the session change above, whichever of this answer or the host's status
  // event comes first.
  const loggedIn = async () => {
    setSwitching(false);
    await refreshStatus();
  };

  if (!operator)
    return (
      <LoginScreen key="login" operators={info.operators} terminalId={info.terminal_id} mode="login" idleLogout={idleLogout} onDone={() => void refreshInfo().then(loggedIn)} />
    );
  return (
    <>
      <Shell operator={operator} onSwitch={() => setSwitching(true)} />
      {switching && (
        <LoginScreen
          key="switch"
          operators={info.operators}
          mode="switch"
          current={operator}
          onDone={() => void loggedIn()}
          onCancel={() => setSwitching(false)}
        />
      )}
    </>
  );
}
