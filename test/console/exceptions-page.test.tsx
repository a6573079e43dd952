/**
 * The console's exceptions (#22): each row says where the exception stands in French and English (open,
 * under investigation, charged back, written off, closed with its money's decision), who investigates
 * it and its closing in Paris time, and offers only what the server would take: close once the money
 * is decided, nothing at all once closed; and only the acts the operator's roles may run (the session's
 * `may`): an auditor is offered none, a support operator only to investigate.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ExceptionsView } from '../../common/console/exceptions.js';
import { I18nContext, translate, type Lang } from '../../console/src/i18n.js';
import { MayContext } from '../../console/src/may.js';
import { ExceptionsTable, type ExceptionActs } from '../../console/src/pages/Exceptions.js';

const AT = '2026-12-02T09:00:00.000Z';
const payout = (terminal: string) => ({ terminal, retailer: `Shop ${terminal}`, at: AT, amount_cents: 4_000 });
const row = (id: number, o: Partial<ExceptionsView[number]>): ExceptionsView[number] => ({
  id,
  ticket: `annee-chance-2013/1/1/${id}`,
  at: AT,
  first: payout('SHOP-A'),
  second: { ...payout('SHOP-B'), journal_seq: id, offline: true },
  state: 'open',
  settled_at: null,
  charged_at: null,
  settle_reason: null,
  investigating_at: null,
  investigating_by: null,
  note: null,
  closed_at: null,
  closed_by: null,
  close_reason: null,
  ...o,
});

const ROWS: ExceptionsView = [
  row(1, {}),
  row(2, { investigating_at: '2026-12-02T10:30:00.000Z', investigating_by: 'sue', note: 'receipts asked for' }),
  row(3, { state: 'charged_back', settled_at: AT, charged_at: AT, settle_reason: 'paid second' }),
  row(4, { state: 'written_off', settled_at: AT, settle_reason: 'the lottery bears it' }),
  row(5, { state: 'written_off', settled_at: AT, settle_reason: 'the lottery bears it', closed_at: '2026-12-02T16:05:00.000Z', closed_by: 'fin', close_reason: 'both shops told' }),
];

const none = (): Promise<void> => Promise.resolve();
const ACTS: ExceptionActs = { writeOff: none, chargeBack: none, investigate: none, close: none };

/** A finance operator's session: the four acts on exceptions. */
const FINANCE = ['exceptions', 'exceptions.write-off', 'exceptions.charge-back', 'exceptions.investigate', 'exceptions.close'];

function render(lang: Lang, may: readonly string[] = FINANCE): string[] {
  const html = renderToString(
    <I18nContext.Provider value={{ lang, t: (k, v) => translate(lang, k, v), setLang: () => undefined }}>
      <MayContext.Provider value={new Set(may)}>
        <ExceptionsTable rows={ROWS} acts={ACTS} />
      </MayContext.Provider>
    </I18nContext.Provider>,
  );
  return html.split('data-testid="exception-row"').slice(1);
}

const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');
const stateOf = (html: string): string => text(html.split('data-testid="exception-state"')[1]!.split('</td>')[0]!).replace(/^[^>]*>/, '').trim();
const stageOf = (html: string): string => text(html.split('data-testid="exception-stage">')[1]!.split('</span>')[0]!).trim();
const offered = (html: string): string[] => ['writeoff', 'chargeback', 'investigate', 'close'].filter((a) => html.includes(`data-testid="exception-${a}"`));

describe('the exceptions page', () => {
  it('says where each exception stands, in French', () => {
    const rows = render('fr');
    expect(rows.map(stageOf)).toEqual(['ouverte', 'en cours d’examen', 'refacturée au détaillant', 'passée en perte', 'close (passée en perte)']);
    expect(stateOf(rows[1]!)).toContain('Examinée par sue depuis le 02/12/2026 11:30:00 : receipts asked for');
    expect(stateOf(rows[4]!)).toContain('Close le 02/12/2026 17:05:00 par fin : both shops told');
  });

  it('and in English', () => {
    const rows = render('en');
    expect(rows.map(stageOf)).toEqual(['open', 'under investigation', 'charged back to the retailer', 'written off', 'closed (written off)']);
    expect(stateOf(rows[1]!)).toContain('Investigated by sue since 02/12/2026 11:30:00: receipts asked for');
    expect(stateOf(rows[4]!)).toContain('Closed on 02/12/2026 17:05:00 by fin: both shops told');
  });

  it('offers close only once the money is decided, and nothing once closed', () => {
    expect(render('en').map(offered)).toEqual([
      ['writeoff', 'chargeback', 'investigate'],
      ['writeoff', 'chargeback', 'investigate'],
      ['writeoff', 'investigate', 'close'],
      ['chargeback', 'investigate', 'close'],
      [],
    ]);
  });

  it('offers only the acts the operator may run: none to an auditor, investigating to support', () => {
    expect(render('fr', ['exceptions']).map(offered)).toEqual([[], [], [], [], []]);
    expect(render('fr', ['exceptions', 'exceptions.investigate']).map(offered)).toEqual([['investigate'], ['investigate'], ['investigate'], ['investigate'], []]);
  });
});
