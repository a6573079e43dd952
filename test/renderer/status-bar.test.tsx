/**
 * The status bar's hover text about central is worded from the link's state and details, in the
 * screen's language: central's own English (why it refused the journal, why the terminal is disabled)
 * never reaches it.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi } from '../../common/api/contract.js';
import type { AppInfo, CentralLinkView, Language, StatusView } from '../../common/api/views.js';
import { ApiProvider } from '../../renderer/src/api/context.js';
import { I18nProvider } from '../../renderer/src/i18n/index.js';
import { connectionHint } from '../../renderer/src/shell/connection-hint.js';
import { SessionProvider } from '../../renderer/src/shell/session.js';
import { StatusBar } from '../../renderer/src/shell/StatusBar.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';

const api: GuichetApi = { call: () => Promise.reject(new Error('no call on render')), subscribe: () => () => undefined };
const INFO: AppInfo = { terminal_id: 'FAKE-07', version: 'test', host: 'browser', language: 'fr', payout_limit_cents: 30_000, idle_logout_minutes: 5, operators: [] };
const CENTRAL_SAYS = 'journal refused by central: chain broken at seq 12 (expected hash 9f3a)';

function status(central: CentralLinkView, outbox_waiting = 0): StatusView {
  return { operator: null, connection: central.state === 'online' ? 'online' : 'offline', outbox_waiting, central, printer: null, cash_session_open: false };
}

/** The status bar's connection item, as rendered. */
function connectionItem(language: Language, s: StatusView): string {
  const html = renderToString(
    <ApiProvider api={api}>
      <I18nProvider initial={language}>
        <SessionProvider info={INFO} status={s}>
          <StatusBar />
        </SessionProvider>
      </I18nProvider>
    </ApiProvider>,
  );
  return /<span[^>]*data-testid="status-connection"[^>]*>/.exec(html)?.[0] ?? '';
}

/** The connection item's hover text, as rendered. */
function hoverText(language: Language, s: StatusView): string {
  return (/title="([^"]*)"/.exec(connectionItem(language, s))?.[1] ?? '').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
}

describe("the status bar's hover text about central", () => {
  it('never shows central’s message: a refused journal and a disabled terminal are worded, in French and English', () => {
    const refused = status({ state: 'refused', seconds_since_contact: 30, problem: CENTRAL_SAYS });
    const disabled = status({ state: 'disabled', seconds_since_contact: 30, problem: 'terminal disabled: contract ended' });
    expect(hoverText('fr', refused)).toBe('Le central refuse le journal de ce terminal : appelez le technicien (le détail est dans Diagnostics).');
    expect(hoverText('en', refused)).toBe('Central refuses this terminal’s journal: call the technician (details in Diagnostics).');
    expect(hoverText('fr', disabled)).toBe('La loterie a désactivé ce terminal : appelez la loterie (le détail est dans Diagnostics).');
    expect(hoverText('en', disabled)).toBe('The lottery disabled this terminal: call the lottery (details in Diagnostics).');
    for (const l of ['fr', 'en'] as const) for (const s of [refused, disabled]) expect(hoverText(l, s)).not.toMatch(/chain broken|contract ended|refused by central/);
  });

  it('says how long central has been silent and what waits, or that it answers', () => {
    expect(hoverText('fr', status({ state: 'offline', seconds_since_contact: 150, problem: null }, 3))).toBe(
      'Le central ne répond plus depuis 2 min : le terminal continue seul et lui enverra tout au retour de la liaison. Opérations en attente : 3.',
    );
    expect(hoverText('en', status({ state: 'offline', seconds_since_contact: null, problem: null }))).toBe('Central has not answered yet: the terminal carries on alone and will send everything once it answers.');
    expect(hoverText('en', status({ state: 'online', seconds_since_contact: 2, problem: null }))).toBe('Central answers: operations reach it.');
    expect(hoverText('fr', status({ state: 'not-enrolled', seconds_since_contact: null, problem: null }))).toBe('Ce terminal n’est pas inscrit auprès du central : appelez le technicien.');
  });

  it('has a worded text for every state, and for a screen that lost the terminal, in both languages', () => {
    const dict = mergeDictionaries(DICTIONARIES);
    for (const l of ['fr', 'en'] as const) {
      const t = makeTranslate(dict, l);
      for (const state of ['not-enrolled', 'online', 'offline', 'refused', 'disabled'] as const) {
        const text = connectionHint(t, l, true, status({ state, seconds_since_contact: 5, problem: CENTRAL_SAYS }, 1));
        expect(text).not.toMatch(/status\.|\{\w+\}|chain broken/);
      }
      expect(connectionHint(t, l, false, status({ state: 'online', seconds_since_contact: 5, problem: null }))).toMatch(l === 'fr' ? /rechargez la page/ : /reload the page/);
    }
  });

  it('is reachable by keyboard: the item takes the focus (Tab) and carries the same words for it', () => {
    const item = connectionItem('en', status({ state: 'refused', seconds_since_contact: 30, problem: CENTRAL_SAYS }));
    expect(item).toContain('tabindex="0"');
    expect(item).toContain('data-hint="Central refuses this terminal’s journal: call the technician (details in Diagnostics)."');
    expect(item).not.toContain('chain broken');
  });
});
