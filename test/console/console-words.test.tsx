/**
 * The console's French (issue 41 #29): the glossary's words (docs/reference/glossary.md) (« ticket », never « billet »; « liste
 * d’opposition », never « liste d’arrêt »; no « (s) »), counts that agree with their number
 * (Intl.PluralRules: « 1 terminal affiché », « 0 carnet livré »), roles in words, a pack's state in the
 * singular on its row and its settlement in words, game names in the sales legend, and the note a
 * payout exception is settled with by policy in the page's language.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { POLICY_SETTLE_REASONS, type ExceptionsView } from '../../common/console/exceptions.js';
import { I18nContext, TEXTS, translate, type Lang } from '../../console/src/i18n.js';
import { MayContext } from '../../console/src/may.js';
import { ExceptionsTable } from '../../console/src/pages/Exceptions.js';
import { PacksTable, PackTiles } from '../../console/src/pages/Packs.js';
import { SalesChart } from '../../console/src/pages/Sales.js';
import { rolesWords } from '../../console/src/role-words.js';
import { glossary, termPattern } from '../support/glossary.js';

const t = (lang: Lang) => (k: Parameters<typeof translate>[1], v?: Parameters<typeof translate>[2]) => translate(lang, k, v);

function render(lang: Lang, node: React.ReactNode): string {
  const html = renderToString(
    <I18nContext.Provider value={{ lang, t: t(lang), setLang: () => undefined }}>
      <MayContext.Provider value={new Set<string>()}>{node}</MayContext.Provider>
    </I18nContext.Provider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
}

describe('the console’s words', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`says no word the glossary forbids (${lang})`, () => {
      const found: string[] = [];
      for (const row of glossary()) {
        for (const term of lang === 'fr' ? row.notFr : row.notEn) {
          const p = termPattern(term);
          for (const [key, text] of Object.entries(TEXTS[lang])) if (p.test(text)) found.push(`${key}: « ${text} » says « ${term} », the glossary says « ${lang === 'fr' ? row.fr : row.en} »`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('calls the stop list « liste d’opposition »', () => {
    expect([translate('fr', 'nav.stoplist'), translate('fr', 'stop.title')]).toEqual(['Liste d’opposition', 'Liste d’opposition']);
    expect(translate('fr', 'exc.title')).toBe('Tickets payés deux fois');
  });

  it('agrees a count with its number, by the language’s plural rules', () => {
    expect(translate('fr', 'fleet.shown', { shown: 1, total: 1 })).toBe('1 terminal affiché sur 1');
    expect(translate('fr', 'fleet.shown', { shown: 0, total: 3 })).toBe('0 terminal affiché sur 3');
    // A count already formatted ("1 234" with a narrow no-break space) is read as its number.
    expect(translate('fr', 'fleet.shown', { shown: '1\u202f234', total: '1\u202f234' })).toBe('1\u202f234 terminaux affichés sur 1\u202f234');
    expect(translate('en', 'fleet.shown', { shown: 1, total: 1 })).toBe('1 of 1 terminal shown');
    expect(translate('en', 'fleet.shown', { shown: 0, total: 2 })).toBe('0 of 2 terminals shown');
    expect(translate('fr', 'packs.shipped', { n: 1, retailer: 'Tabac' })).toBe('1 carnet livré à Tabac.');
    expect(translate('fr', 'packs.shipped', { n: 2, retailer: 'Tabac' })).toBe('2 carnets livrés à Tabac.');
    expect(translate('fr', 'em.published', { n: 1 })).toBe('1 bloc publié.');
    expect(translate('en', 'em.blocks', { published: 0, total: 1 })).toBe('0 / 1 block published');
    expect(translate('fr', 'restore.more', { n: 2 })).toBe('… et 2 autres');
  });

  it('names the operator’s roles in words', () => {
    expect(rolesWords(['administrator'], t('fr'))).toBe('administrateur');
    expect(rolesWords(['security', 'auditor'], t('fr'))).toBe('sécurité, auditeur');
    expect(rolesWords(['administrator'], t('en'))).toBe('administrator');
    expect(translate('fr', 'app.operator', { name: 'alice', roles: rolesWords(['administrator'], t('fr')) })).toBe('Opérateur alice (administrateur)');
  });

  it('says a pack’s state in the singular on its row, its settlement in words, the tiles agreeing with their count', () => {
    const pack = (n: number, state: 'active' | 'returned' | 'settled', settle_reason: string | null) => ({
      number: `213-001-01-0000${n}`,
      game: 'annee-chance-2013',
      emission: 1,
      block: 1,
      pack: n,
      state,
      terminal: 'T1',
      shipped_to: null,
      shipped_at: null,
      settled_at: settle_reason ? '2026-12-02T09:00:00.000Z' : null,
      settle_reason,
    });
    const rows = render('fr', <PacksTable rows={[pack(1, 'active', null), pack(2, 'returned', 'returned'), pack(3, 'settled', 'share'), pack(4, 'settled', 'days')]} />);
    expect(rows).toContain('213-001-01-00001 activé T1');
    expect(rows).toContain('213-001-01-00002 retourné T1 — 02/12/2026 10:00:00 (après son retour)');
    expect(rows).toContain('(part des petits lots payés atteinte)');
    expect(rows).toContain('(délai depuis l’activation écoulé)');
    expect(rows).not.toMatch(/\((returned|share|days)\)|activés|retournés/);
    const tiles = render('fr', <PackTiles byState={{ shipped: 0, received: 1, active: 2, settled: 1, returned: 0 }} />);
    expect(tiles).toBe('0 en route 1 reçu 2 activés 1 réglé 0 retourné');
  });

  it('names the games in the sales legend, not their codes', () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const answer = { from: day, days: [{ day, game: 'happy-2014', kind: 'sale' as const, cents: 500 }] };
    const legend = render('fr', <SalesChart answer={answer} names={{ 'happy-2014': 'Happy 2014' }} />).split('€').at(-1)!;
    expect(legend).toContain('Happy 2014');
    expect(legend).not.toContain('happy-2014');
  });

  it('says in the page’s language the note an exception is settled with by policy; an operator’s own reason as typed', () => {
    const AT = '2026-12-02T09:00:00.000Z';
    const payout = (terminal: string) => ({ terminal, retailer: `Shop ${terminal}`, at: AT, amount_cents: 4_000 });
    const row = (id: number, state: 'charged_back' | 'written_off', reason: string): ExceptionsView[number] => ({
      id,
      ticket: `annee-chance-2013/1/1/${id}`,
      at: AT,
      first: payout('A'),
      second: { ...payout('B'), journal_seq: id, offline: true },
      state,
      settled_at: AT,
      charged_at: state === 'charged_back' ? AT : null,
      settle_reason: reason,
      investigating_at: null,
      investigating_by: null,
      note: null,
      closed_at: null,
      closed_by: null,
      close_reason: null,
    });
    const none = (): Promise<void> => Promise.resolve();
    const rows = [row(1, 'charged_back', POLICY_SETTLE_REASONS.charged_back), row(2, 'written_off', POLICY_SETTLE_REASONS.written_off), row(3, 'written_off', 'geste commercial')];
    const html = render('fr', <ExceptionsTable rows={rows} acts={{ writeOff: none, chargeBack: none, investigate: none, close: none }} />);
    expect(html).toContain('payé en second : refacturé à son détaillant (politique « chargeback »)');
    expect(html).toContain('la loterie le prend à sa charge (politique « lottery_bears »)');
    expect(html).toContain('geste commercial');
    expect(html).not.toMatch(/paid second|the lottery bears it/);
  });
});
