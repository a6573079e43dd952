/**
 * A payment refused after the verdict offered it (#41: central refused a ticket already paid at another
 * terminal; the red "Déjà payé" banner sat above the same green "Gagnant — à payer ici" with Payer still
 * focused, and "Ajouter au panier" still put the refused prize in the basket): the verdict becomes the
 * refusal, with no Pay and no basket. Rendered to HTML with react-dom/server, as the screens' tests do.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/api/errors.js';
import type { Language, VerdictView } from '../../common/api/views.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { DICTIONARIES, I18nProvider, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { VerdictPanel } from '../../renderer/src/screens/validate/VerdictPanel.js';
import { ticketRefusal, verdictActions } from '../../renderer/src/screens/validate/verdict-refusal.js';
import { verdictStyle } from '../../renderer/src/screens/validate/verdict-style.js';

const dict = mergeDictionaries(DICTIONARIES);

const winner: VerdictView = {
  verdict: 'winner',
  barcode: 'W1',
  game: 'annee-chance-2013',
  ticket: '001-0001-042',
  prize_cents: 2000,
  winning: null,
  play: null,
  picture_svg: null,
  message: 'wins 20,00 €: pay it here',
};

const paidElsewhere = new ApiError('paid-elsewhere', 'already paid at terminal DEMO-01', { terminal: 'DEMO-01', at: '2026-12-07T10:00:00.000Z' });

function panel(language: Language, refusal: ReturnType<typeof ticketRefusal>): string {
  return renderToString(
    <I18nProvider initial={language}>
      <VerdictPanel verdict={winner} language={language} settled={null} refusal={refusal} />
    </I18nProvider>,
  ).replace(/<!-- -->/g, '');
}

describe('a refused payment becomes the verdict', () => {
  it('offers neither Pay nor the basket once central refused the ticket', () => {
    const style = verdictStyle(winner);
    const open = { style, settled: false, payBlocked: false, sellScreen: true };
    expect(verdictActions({ ...open, refusal: null })).toEqual({ act: 'pay', basket: true });
    const refusal = ticketRefusal('paid-elsewhere', errorText(makeTranslate(dict, 'fr'), paidElsewhere));
    expect(refusal).not.toBeNull();
    expect(verdictActions({ ...open, refusal })).toEqual({ act: null, basket: false });
    for (const code of ['claimed-elsewhere', 'already-paid', 'already-claimed', 'stop-listed', 'central-unreachable', 'game-suspended']) {
      expect(verdictActions({ ...open, refusal: ticketRefusal(code, 'x') }), code).toEqual({ act: null, basket: false });
    }
  });

  it('keeps the payment for a refusal about the counter, not the ticket (till closed, session over)', () => {
    for (const code of ['no-open-session', 'session-expired', 'forbidden', 'internal']) expect(ticketRefusal(code, 'x'), code).toBeNull();
  });

  it.each([
    ['fr', 'Déjà payé ailleurs', 'Déjà payé au terminal DEMO-01 : ne payez pas.', 'Gagnant'],
    ['en', 'Already paid elsewhere', 'Already paid at terminal DEMO-01: do not pay.', 'Winner'],
  ] as const)('says the refusal in %s, in red, without the winner nor the amount', (language, headline, detail, winnerWord) => {
    const refusal = ticketRefusal('paid-elsewhere', errorText(makeTranslate(dict, language), paidElsewhere));
    const html = panel(language, refusal);
    expect(html).toContain('tone-stop');
    expect(html).toContain('data-refused="paid-elsewhere"');
    expect(html).toMatch(new RegExp(`data-testid="verdict-headline">${headline}<`));
    expect(html).toContain(detail.replace(/'/g, '&#x27;'));
    expect(html).not.toContain('data-testid="verdict-amount"');
    expect(html).not.toMatch(new RegExp(`>${winnerWord}<`));
    // Without the refusal, the same verdict is the winner it was.
    expect(panel(language, null)).toContain('data-testid="verdict-amount"');
  });
});
