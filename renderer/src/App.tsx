/**
 * The kiosk: loads the terminal's info and status, then shows the login (PIN pad) or the shell with
 * the operator's screens. Global keys: F-keys open screens, F12 switches operator, Escape goes back.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AppInfo, Language, StatusView } from '../../main/api/views.js';
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

export function App() {
  const api = useApi();
  const saveLanguage = useCallback((language: Language) => void api.call('settings.language', { language }).catch(() => undefined), [api]);
  const [boot, setBoot] = useState<{ info: AppInfo; status: StatusView } | { provisioning: { data_dir: string } } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    // The status first (a logged-out one until someone logs in): a terminal not set up answers nothing
    // else, and the kiosk shows its provisioning screen.
    fetchStatus(api)
      .then(async (status) => (status.provisioning ? { provisioning: status.provisioning } : { info: await api.call('app.info', {}), status }))
      .then(setBoot, (err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, [api]);
  useEffect(load, [load]);

  if (error)
    return (
      <main className="boot boot-error" role="alert">
        <p>Le terminal ne répond pas — The terminal does not answer</p>
        <pre>{error}</pre>
        <button type="button" className="btn btn-primary" onClick={load}>
          Réessayer / Retry
        </button>
      </main>
    );
  if (!boot) return <main className="boot">…</main>;
  if ('provisioning' in boot)
    return (
      <I18nProvider onChange={saveLanguage}>
        <ProvisioningScreen dataDir={boot.provisioning.data_dir} />
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
  const { info, operator, refreshStatus, refreshInfo } = useSession();
  const [switching, setSwitching] = useState(false);
  const showLanguage = useShowLanguage();

  // Language is per operator session: the operator's own choice while logged in, the terminal's otherwise.
  const shown = operator?.language ?? info.language;
  useEffect(() => showLanguage(shown), [shown, showLanguage]);

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

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

  const loggedIn = async (role: AppInfo['operators'][number]['role']) => {
    setSwitching(false);
    // Home first, then show the shell: an F-key pressed as soon as the shell appears is never overridden.
    const home = homeFor(SCREENS, role);
    if (home) navigate(home.id);
    await refreshStatus();
  };

  if (!operator)
    return <LoginScreen key="login" operators={info.operators} terminalId={info.terminal_id} mode="login" onDone={(op) => void refreshInfo().then(() => loggedIn(op.role))} />;
  return (
    <>
      <Shell operator={operator} onSwitch={() => setSwitching(true)} />
      {switching && (
        <LoginScreen
          key="switch"
          operators={info.operators}
          mode="switch"
          current={operator}
          onDone={(op) => void loggedIn(op.role)}
          onCancel={() => setSwitching(false)}
        />
      )}
    </>
  );
}
