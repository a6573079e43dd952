/**
 * The frame around every screen once an operator is logged in: navigation built from SCREENS for the
 * operator's role (each with its F-key), the language switch, operator switch and logout, the screen
 * itself, and the status bar.
 */
import { useEffect } from 'react';
import type { OperatorView } from '../../../common/api/views.js';
import { useApi } from '../api/context.js';
import { useLanguage, useT } from '../i18n/index.js';
import { SCREENS } from '../screens/registry.js';
import { CrashNotice } from './CrashNotice.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { navigate, routeId, useRoute } from './route.js';
import { homeFor, screensFor, SHELL_HOTKEYS } from './screens.js';
import { StatusBar } from './StatusBar.js';
import { useSession } from './session.js';

export interface ShellProps {
  readonly operator: OperatorView;
  onSwitch(): void;
}

export function Shell(props: ShellProps) {
  const api = useApi();
  const { refreshStatus } = useSession();
  const t = useT();
  const [language, setLanguage] = useLanguage();
  const route = useRoute();
  const mine = screensFor(SCREENS, props.operator.role);
  const home = homeFor(SCREENS, props.operator.role);
  const current = mine.find((s) => routeId(s.id) === route);

  // An unknown route, or one this role may not see: go home.
  useEffect(() => {
    if (!current && home) navigate(home.id);
  }, [current, home]);

  const Screen = current?.component;
  return (
    <div className="shell">
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">G</span>
          <span className="brand-name">{t('app.name')}</span>
        </div>
        <nav className="nav" aria-label={t('nav.menu')}>
          {mine.map((s) => {
            const id = routeId(s.id);
            const active = id === route;
            return (
              <a
                key={id}
                href={`#/${id}`}
                className={active ? 'nav-item active' : 'nav-item'}
                aria-current={active ? 'page' : undefined}
                data-testid={`nav-${id}`}
                onClick={(e) => {
                  // Through navigate(): a screen with a sale in progress asks first.
                  e.preventDefault();
                  navigate(id);
                }}
              >
                <span className="nav-label">{t(s.label)}</span>
                {s.hotkey && <kbd className="nav-key">{s.hotkey}</kbd>}
              </a>
            );
          })}
        </nav>
        <div className="topbar-actions">
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="language-switch"
            lang={language === 'fr' ? 'en' : 'fr'}
            title={t('nav.language')}
            aria-label={t('nav.language')}
            onClick={() => setLanguage(language === 'fr' ? 'en' : 'fr')}
          >
            {language === 'fr' ? 'EN' : 'FR'}
          </button>
          <button type="button" className="btn btn-ghost btn-small" data-testid="switch-operator" title={t('nav.switch')} aria-label={t('nav.switch')} onClick={props.onSwitch}>
            <span className="action-icon" aria-hidden="true">
              ⇄
            </span>
            <kbd>{SHELL_HOTKEYS.switchOperator}</kbd>
          </button>
          {/* The login comes back from the call's own answer, not only from the host's status event (whose stream the logout's cookie rotation closes). */}
          <button type="button" className="btn btn-ghost btn-small" data-testid="logout" onClick={() => void api.call('auth.logout', {}).then(refreshStatus, refreshStatus)}>
            {t('nav.logout')}
          </button>
        </div>
      </header>
      <main className="screen" data-testid={current ? `screen-${routeId(current.id)}` : 'screen-none'}>
        {Screen ? (
          <ErrorBoundary
            key={route}
            fallback={(error, reset) => <CrashNotice error={error} reset={reset} />}
          >
            <Screen />
          </ErrorBoundary>
        ) : (
          !home && <p className="empty">{t('nav.nothing')}</p>
        )}
      </main>
      <StatusBar />
    </div>
  );
}
