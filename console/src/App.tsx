/**
 * The console's shell: the session (login page until there is one), the language switch (fr/en, kept
 * in localStorage), the navigation (hash routes, Alt+1…Alt+0 and Alt+letter keys), the pages.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { currentSession, logout, type Session } from './api.js';
import { I18nContext, translate, type I18n, type Lang, type TextKey } from './i18n.js';
import { AuditPage } from './pages/Audit.js';
import { ClaimsPage } from './pages/Claims.js';
import { ConfigPage } from './pages/Config.js';
import { EmissionsPage } from './pages/Emissions.js';
import { ExceptionsPage } from './pages/Exceptions.js';
import { FleetPage } from './pages/Fleet.js';
import { GamesPage } from './pages/Games.js';
import { LoginPage } from './pages/Login.js';
import { PacksPage } from './pages/Packs.js';
import { RetailersPage } from './pages/Retailers.js';
import { SalesPage } from './pages/Sales.js';
import { StopListPage } from './pages/StopList.js';
import { TerminalPage } from './pages/Terminal.js';
import { Loading } from './parts.js';
import { MayContext } from './may.js';
import { RestoreBanner } from './restore-banner.js';
import { rolesWords } from './role-words.js';

const PAGES: readonly { path: string; label: TextKey; page: () => ReactNode }[] = [
  { path: 'fleet', label: 'nav.fleet', page: () => <FleetPage /> },
  { path: 'sales', label: 'nav.sales', page: () => <SalesPage /> },
  { path: 'exceptions', label: 'nav.exceptions', page: () => <ExceptionsPage /> },
  { path: 'claims', label: 'nav.claims', page: () => <ClaimsPage /> },
  { path: 'packs', label: 'nav.packs', page: () => <PacksPage /> },
  { path: 'stoplist', label: 'nav.stoplist', page: () => <StopListPage /> },
  { path: 'games', label: 'nav.games', page: () => <GamesPage /> },
  { path: 'emissions', label: 'nav.emissions', page: () => <EmissionsPage /> },
  { path: 'retailers', label: 'nav.retailers', page: () => <RetailersPage /> },
  { path: 'config', label: 'nav.config', page: () => <ConfigPage /> },
  { path: 'audit', label: 'nav.audit', page: () => <AuditPage /> },
];

function useRoute(): string {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash.replace(/^#\/?/, '') || 'fleet';
}

function initialLang(): Lang {
  const saved = localStorage.getItem('guichet.console.lang');
  if (saved === 'fr' || saved === 'en') return saved;
  return navigator.language.startsWith('fr') ? 'fr' : 'en';
}

export function App() {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const setLang = useCallback((l: Lang) => {
    localStorage.setItem('guichet.console.lang', l);
    document.documentElement.lang = l;
    setLangState(l);
  }, []);
  const i18n = useMemo<I18n>(() => ({ lang, setLang, t: (k, v) => translate(lang, k, v) }), [lang, setLang]);
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.documentElement.lang = lang;
    currentSession().then(setSession, (e: unknown) => setError(String(e)));
  }, [lang]);
  const route = useRoute();
  const may = useMemo(() => new Set(session?.may ?? []), [session]);

  useEffect(() => {
    // Alt+1…Alt+9, Alt+0: the first ten pages, from anywhere (keyboard-first).
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const i = e.key === '0' ? 9 : Number(e.key) - 1;
      const p = PAGES[i];
      if (Number.isInteger(i) && p) {
        e.preventDefault();
        location.hash = `#/${p.path}`;
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  let body: ReactNode;
  if (session === undefined) body = <Loading error={error} />;
  else if (session === null) body = <LoginPage onSession={setSession} />;
  else {
    const [head, ...rest] = route.split('/');
    const page = head === 'terminal' ? <TerminalPage key={rest.join('/')} id={decodeURIComponent(rest.join('/'))} /> : (PAGES.find((p) => p.path === head) ?? PAGES[0]!).page();
    body = (
      <div className="shell">
        <header className="top no-print">
          <strong>{i18n.t('app.title')}</strong>
          <span className="muted" data-testid="operator">
            {i18n.t('app.operator', { name: session.operator, roles: rolesWords(session.roles, i18n.t) })}
          </span>
          <button type="button" onClick={() => setLang(lang === 'fr' ? 'en' : 'fr')} data-testid="lang" lang={lang === 'fr' ? 'en' : 'fr'}>
            {i18n.t('app.lang')}
          </button>
          <button type="button" onClick={() => void logout().then(() => setSession(null))}>
            {i18n.t('app.logout')}
          </button>
        </header>
        <nav className="side no-print" aria-label="console">
          <ul>
            {PAGES.map((p, i) => (
              <li key={p.path}>
                <a href={`#/${p.path}`} aria-current={head === p.path || (head === 'terminal' && p.path === 'fleet') ? 'page' : undefined} title={`Alt+${(i + 1) % 10}`}>
                  {i18n.t(p.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="content">
          <MayContext.Provider value={may}>
            <RestoreBanner roles={session.roles} />
            {page}
          </MayContext.Provider>
        </main>
      </div>
    );
  }
  return <I18nContext.Provider value={i18n}>{body}</I18nContext.Provider>;
}
