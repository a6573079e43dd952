/**
 * A winner's verdict while central does not answer (#25), in both languages: the headline says the
 * payout is offline, the detail what is left of the offline allowance in the screen's money format;
 * a prize beyond an offline limit says which; online, the words are as before.
 */
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, makeTranslate, mergeDictionaries, type Translate } from '../../renderer/src/i18n/index.js';
import { verdictDetail } from '../../renderer/src/screens/validate/VerdictPanel.js';
import { verdictCase } from '../../renderer/src/screens/validate/verdict-style.js';
import type { VerdictView } from '../../common/api/views.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr') as Translate;
const en = makeTranslate(dict, 'en') as Translate;
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const winner = (extra: Partial<VerdictView> = {}): VerdictView => ({
  verdict: 'winner',
  barcode: '1234',
  game: 'annee-chance-2013',
  ticket: null,
  prize_cents: 2_000,
  winning: null,
  play: null,
  picture_svg: null,
  message: '',
  pack: { number: '213-001-01-00000', state: 'active' },
  ...extra,
});

describe('offline winner words (#25)', () => {
  it('says offline payout and the allowance left; online, unchanged', () => {
    const online = winner();
    expect(verdictCase(online)).toBe('winner');
    expect(verdictDetail(fr, online, 'fr')).toBe(fr('verdictSub.winner'));

    const v = winner({ offline: { max_ticket_cents: 5_000, left_total_cents: 12_000, left_count: 4, left_hours: 20 } });
    expect(verdictCase(v)).toBe('winner.offline');
    expect(fr(`verdict.${verdictCase(v)}` as 'verdict.winner.offline')).toBe('Central hors ligne : paiement hors ligne');
    expect(en(`verdict.${verdictCase(v)}` as 'verdict.winner.offline')).toBe('Central offline: offline payout');
    // The hours left of the allowance, in words (#25: carried but not shown).
    expect(nbsp(verdictDetail(fr, v, 'fr'))).toContain('Reste 120,00 € payables hors ligne, 4 paiements, pendant encore 20 heures ; au plus 50,00 € par ticket.');
    expect(nbsp(verdictDetail(en, v, 'en'))).toContain('€120.00 left payable offline, 4 payouts, for 20 more hours; at most €50.00 a ticket.');
    const one = winner({ offline: { max_ticket_cents: 5_000, left_total_cents: 2_000, left_count: 1, left_hours: 1 } });
    expect(verdictDetail(fr, one, 'fr')).toContain('1 paiement, pendant encore 1 heure ;');
    expect(verdictDetail(en, one, 'en')).toContain('1 payout, for 1 more hour;');
    const last = winner({ offline: { max_ticket_cents: 5_000, left_total_cents: 2_000, left_count: 1, left_hours: 0 } });
    expect(verdictDetail(fr, last, 'fr')).toContain('pendant encore moins d’une heure ;');
    expect(verdictDetail(en, last, 'en')).toContain('for less than an hour;');
  });

  it('a prize beyond an offline limit says which limit, and what is left', () => {
    const v = winner({ prize_cents: 9_000, offline: { max_ticket_cents: 5_000, left_total_cents: 12_000, left_count: 4, left_hours: 20, reached: { limit: 'ticket', max: 5_000 } } });
    expect(verdictCase(v)).toBe('winner.offline-limit');
    const d = nbsp(verdictDetail(fr, v, 'fr'));
    expect(d).toContain('la limite hors ligne par ticket (50,00 €)');
    expect(d).toContain('Reste 120,00 € payables hors ligne');
    expect(nbsp(verdictDetail(en, winner({ offline: { max_ticket_cents: 5_000, left_total_cents: 0, left_count: 0, left_hours: 20, reached: { limit: 'count', max: 5 } } }), 'en'))).toContain('5 prizes were already paid offline');
  });
});
