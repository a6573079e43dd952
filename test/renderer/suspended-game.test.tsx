/**
 * A game the lottery suspended, on the counter's screens as soon as the status says so (#41: "+ Happy
 * 2014" stayed enabled and Valider still said "À payer ici" 15 s after a paper game was suspended):
 * its sell button disabled with the reason, and its winner's verdict — even one given before — says it
 * is suspended and offers no payout. Rendered to HTML with react-dom/server, as the screens' tests do.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi } from '../../common/api/contract.js';
import type { AppInfo, Language, StatusView, VerdictView } from '../../common/api/views.js';
import { ApiProvider } from '../../renderer/src/api/context.js';
import { I18nProvider } from '../../renderer/src/i18n/index.js';
import { ScanProvider } from '../../renderer/src/scan/ScanProvider.js';
import { SellScreen } from '../../renderer/src/screens/sell/SellScreen.js';
import { VerdictPanel } from '../../renderer/src/screens/validate/VerdictPanel.js';
import { verdictStyle } from '../../renderer/src/screens/validate/verdict-style.js';
import { SessionProvider } from '../../renderer/src/shell/session.js';
import { withSuspension } from '../../renderer/src/shell/suspended-games.js';

const api: GuichetApi = { call: () => Promise.reject(new Error('nothing is called on render')), subscribe: () => () => undefined };

const INFO: AppInfo = { terminal_id: 'FAKE-07', version: 'test', host: 'browser', language: 'fr', payout_limit_cents: 30_000, idle_logout_minutes: 5, operators: [{ name: 'Camille', role: 'cashier' }] };
const status = (suspended: string[]): StatusView => ({
  operator: { name: 'Camille', role: 'cashier', since: '2026-12-07T08:00:00.000Z' },
  connection: 'online',
  outbox_waiting: 0,
  central: { state: 'online', seconds_since_contact: 1, problem: null },
  printer: null,
  cash_session_open: true,
  suspended_games: suspended,
});

function render(language: Language, s: StatusView, screen: ReactNode): string {
  return renderToString(
    <ApiProvider api={api}>
      <I18nProvider initial={language}>
        <ScanProvider>
          <SessionProvider info={INFO} status={s}>
            {screen}
          </SessionProvider>
        </ScanProvider>
      </I18nProvider>
    </ApiProvider>,
  ).replace(/<!-- -->/g, '');
}

/** The opening tag of the element with this test id. */
const tagOf = (html: string, id: string) => new RegExp(`<[a-z]+[^>]*data-testid="${id}"[^>]*>`).exec(html)?.[0] ?? '';

const winner: VerdictView = {
  verdict: 'winner',
  barcode: 'W1',
  game: 'annee-chance-2013',
  ticket: '001-0001-042',
  prize_cents: 600,
  winning: null,
  play: null,
  picture_svg: null,
  message: 'wins 6,00 €: pay it here',
};

describe('a suspended game at the counter', () => {
  it('disables its sell button with the reason, and only its own', () => {
    const html = render('fr', status(['happy-2014']), <SellScreen />);
    expect(tagOf(html, 'basket-add-happy-2014')).toMatch(/disabled=""/);
    expect(tagOf(html, 'basket-add-millionnaire')).not.toMatch(/disabled=""/);
    expect(html).toContain('Happy 2014 : suspendu par la loterie, ni vente ni paiement jusqu’à sa reprise.');
    const en = render('en', status(['happy-2014']), <SellScreen />);
    expect(en).toContain('Happy 2014: suspended by the lottery, no sale or payout until it resumes.');
    expect(tagOf(render('fr', status([]), <SellScreen />), 'basket-add-happy-2014')).not.toMatch(/disabled=""/);
  });

  it('turns a winner on screen into "suspended", with no payout offered, once the status says so', () => {
    expect(verdictStyle(withSuspension(winner, status([]))).action).toBe('pay');
    const now = withSuspension(winner, status(['annee-chance-2013']));
    expect(now.suspended).toBe(true);
    expect(verdictStyle(now).action).toBeNull();
    // A prize to claim is not claimed either; a claim already filed, a loser stay what they were.
    expect(verdictStyle(withSuspension({ ...winner, verdict: 'above-limit' }, status(['annee-chance-2013']))).action).toBeNull();
    expect(withSuspension({ ...winner, verdict: 'loser' }, status(['annee-chance-2013'])).suspended).toBeUndefined();

    for (const [language, headline, detail] of [
      ['fr', 'Jeu suspendu par la loterie', 'La loterie a suspendu 2013 Année de la chance : ni paiement ni réclamation'],
      ['en', 'Game suspended by the lottery', 'The lottery suspended 2013 Année de la chance: no payout or claim'],
    ] as const) {
      const html = render(language, status(['annee-chance-2013']), <VerdictPanel verdict={now} language={language} settled={null} />);
      expect(html).toContain(`data-testid="verdict-headline">${headline}<`);
      expect(html).toContain(detail);
      expect(html).toContain('tone-warn');
    }
  });
});
