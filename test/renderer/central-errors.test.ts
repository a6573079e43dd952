/**
 * Central's refusals at the counter (issue 14, finding 6 and the central/digital screens): said in the
 * screen's language, with what to do; the service's English sentence and network internals never show.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/api/errors.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { verdictCase } from '../../renderer/src/screens/validate/verdict-style.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');

const REFUSALS = [
  new ApiError('central-unreachable', 'digital games are sold online only, and central cannot be reached: connect ECONNREFUSED 127.0.0.1:9'),
  new ApiError('central-unreachable', 'central does not answer and the offline total is reached: do not pay', { payout: true }),
  new ApiError('central-refused', 'central: claim refused by operator policy'),
  new ApiError('paid-elsewhere', 'already paid at terminal T-02 (R-1) on 2026-11-30T10:00:00Z: do not pay', { terminal: 'T-02', at: '2026-11-30T10:00:00Z' }),
  new ApiError('clock-back', 'the clock went backwards by 3600 s'),
  new ApiError('central-game-disabled', 'central refused the digital sale: game suspended by operator'),
  new ApiError('not-sold', 'central: central never sold this digital unit, do not pay'),
  new ApiError('claimed-elsewhere', 'central: held since 2026-11-30T10:00:00Z by terminal T-02 (R-1) until 2026-11-30T10:02:00Z: not paid yet, do not pay now', { terminal: 'T-02', until: '2026-11-30T10:02:00Z' }),
  new ApiError('pack-elsewhere-offline', "central does not answer and pack 101-008-01-00000 is not known at this shop: only central can validate it, do not pay", { pack: '101-008-01-00000' }),
  new ApiError('central-restoring', 'central: central was restored from a backup on 2026-12-05T02:00:00.000Z and does not know yet whether another terminal paid this ticket since: do not pay now'),
];

describe("central's refusals", () => {
  for (const err of REFUSALS) {
    it(`${err.code}${err.details ? ' (with details)' : ''}: its own words in French and English, no service sentence`, () => {
      for (const t of [fr, en]) {
        const text = errorText(t, err);
        expect(text).not.toBe(err.message);
        expect(text).not.toContain(err.message);
        expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\{\w+\}/);
      }
      expect(errorText(fr, err)).not.toMatch(/\b(central does|do not pay|refused|suspended)\b/);
    });
  }

  it('say a ticket another terminal holds is being paid there, not paid', () => {
    expect(errorText(fr, REFUSALS[7])).toBe('Ce ticket est en cours de paiement au terminal T-02 : il n’est pas payé, ne payez pas maintenant.');
    expect(errorText(en, REFUSALS[7])).toBe('This ticket is being paid at terminal T-02: it is not paid, do not pay it now.');
  });

  it('say central was just restored: not now, keep the ticket, try again (#21)', () => {
    const restoring = REFUSALS.find((e) => e.code === 'central-restoring')!;
    expect(errorText(fr, restoring)).toBe('Le central de la loterie vient d’être restauré et attend que tous les terminaux se resynchronisent : ne payez pas maintenant, gardez le ticket et réessayez dans un moment.');
    expect(errorText(en, restoring)).toBe("The lottery's central was just restored and waits for every terminal to re-sync: do not pay now; keep the ticket and try again in a moment.");
  });

  it('say a digital ticket the lottery never sold is not to be paid', () => {
    expect(errorText(fr, REFUSALS[6])).toBe('La loterie n’a jamais vendu ce ticket numérique (ou sa vente a été annulée) : ne payez pas.');
    expect(errorText(en, REFUSALS[6])).toBe('The lottery never sold this digital ticket (or its sale was voided): do not pay.');
  });

  it('say which terminal paid it, and not to pay a prize beyond the offline limits', () => {
    expect(errorText(fr, REFUSALS[3])).toBe('Déjà payé au terminal T-02 : ne payez pas.');
    expect(errorText(en, REFUSALS[3])).toBe('Already paid at terminal T-02: do not pay.');
    expect(errorText(fr, REFUSALS[1])).toMatch(/ne payez pas, remettez un reçu de réclamation/);
    expect(errorText(fr, REFUSALS[0])).toMatch(/réessayez dans un moment/);
    expect(errorText(fr, REFUSALS[0])).not.toMatch(/ne payez pas/);
  });

  it('name the offline limit a payout would pass, money in the language\'s format', () => {
    const refusal = (details: Record<string, string | number | boolean>) => new ApiError('central-unreachable', 'central does not answer and …', { payout: true, ...details });
    expect(errorText(fr, refusal({ limit: 'ticket', max_cents: 5000 }))).toMatch(/^Le central de la loterie ne répond pas et ce gain dépasse la limite hors ligne par ticket \(50,00\s€\) : ne payez pas/);
    expect(errorText(en, refusal({ limit: 'ticket', max_cents: 5000 }))).toMatch(/above the offline limit per ticket \(€50\.00\): do not pay/);
    expect(errorText(fr, refusal({ limit: 'total', max_cents: 30000 }))).toMatch(/au-delà de 300,00\s€/);
    expect(errorText(en, refusal({ limit: 'count', max: 20 }))).toMatch(/20 prizes were already paid offline/);
    expect(errorText(fr, refusal({ limit: 'hours', max: 24 }))).toMatch(/depuis plus de 24 h : plus aucun paiement hors ligne/);
    // An unknown limit keeps the general sentence.
    expect(errorText(fr, refusal({ limit: 'other', max: 1 }))).toMatch(/dépasse ce que le comptoir paie hors ligne/);
  });

  it("say another shop's ticket is validated by central only, and not paid offline (#19)", () => {
    expect(errorText(fr, REFUSALS[8])).toBe('Le central de la loterie ne répond pas, et le carnet 101-008-01-00000 n’est pas connu de ce point de vente : seul le central peut valider ce ticket. Ne payez pas ; réessayez quand le central répond.');
    expect(errorText(en, REFUSALS[8])).toMatch(/^The lottery's central does not answer, and pack 101-008-01-00000 is not known at this shop/);
    const v = { verdict: 'winner' as const, claimed: undefined, barcode: '', pack: { number: '101-008-01-00000', state: 'not-received' } };
    expect(verdictCase(v)).toBe('winner.elsewhere');
    expect(verdictCase({ ...v, pack: { ...v.pack, state: 'active' } })).toBe('winner');
    expect(fr('verdictSub.winner.elsewhere', { pack: '101-008-01-00000' })).toMatch(/^Le carnet 101-008-01-00000 n’est pas connu de ce point de vente : le central.*réceptionnez-le/);
    expect(en('verdict.winner.elsewhere')).toBe('Winner — pack unknown here');
    // The customer display's words for the offline refusal: no claim receipt is promised.
    expect(fr('display.refusedSub.pack-elsewhere-offline')).toMatch(/^La loterie ne répond pas : revenez plus tard/);
    expect(en('display.refused.pack-elsewhere-offline')).toBe('Cannot be paid right now');
    expect(en('display.refusedSub.pack-elsewhere-offline')).not.toMatch(/claim receipt/);
  });
});
