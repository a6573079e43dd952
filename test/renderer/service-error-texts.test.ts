/**
 * Service refusals at the counter say what a person needs in the screen's language (issue 14, finding 6:
 * "every message translated"): no dictionary text appends the service's English `{message}` but the
 * host-level ones, where the message is the network's or browser's own; the details (a pack, its state,
 * an amount, a limit) fill the sentence in French and in English.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/api/errors.js';
import { checkPinForRole } from '../../main/services/operators/pin-policy.js';
import { parsePackRef } from '../../main/services/packs/pack-ref.js';
import { changeDue } from '../../main/services/sales/money.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');

/** Texts whose `{message}` is the host's own words (the network, the browser, an unexpected failure). */
const HOST_LEVEL = new Set(['app.unreachable', 'error.host', 'error.internal']);

/** The error as it reaches the renderer (what the app layer sends: code, message, details). */
function crossed(err: unknown): ApiError {
  const e = err as { code: string; message: string; details?: Record<string, string | number | boolean> };
  return new ApiError(e.code, e.message, e.details);
}

function thrown(f: () => unknown): ApiError {
  try {
    f();
  } catch (err) {
    return crossed(err);
  }
  throw new Error('expected a refusal');
}

describe('dictionary texts never show the service message', () => {
  it('no French or English text but the host-level ones contains {message}', () => {
    for (const lang of ['fr', 'en'] as const) {
      const offending = Object.entries(dict[lang])
        .filter(([key, text]) => text.includes('{message}') && !HOST_LEVEL.has(key))
        .map(([key]) => key);
      expect(offending, `${lang} texts with {message}`).toEqual([]);
    }
  });
});

describe('refusals render with their details, in French and English', () => {
  const cases: { err: ApiError; fr: string; en: string }[] = [
    {
      err: new ApiError('insufficient-cash', 'cannot take out 50,00 €: the drawer should hold 12,30 €', { amount_cents: 5000, available_cents: 1230 }),
      fr: 'Le tiroir ne devrait contenir que 12,30 € : impossible d’en sortir 50,00 €.',
      en: 'The drawer should hold only €12.30: €50.00 cannot be taken out.',
    },
    {
      err: new ApiError('bad-amount', 'the amount must be a whole number of cents ≥ 1, not 0', { field: 'amount_cents', problem: 'too_small', min_cents: 1 }),
      fr: 'Montant invalide pour le montant : au moins 0,01 €.',
      en: 'Invalid amount for the amount: at least €0.01.',
    },
    {
      err: new ApiError('wrong-state', 'pack 114-001-01-00002 is active: only a pack that was never activated can be returned', { problem: 'return', pack: '114-001-01-00002', state: 'active' }),
      fr: 'Le carnet 114-001-01-00002 est actif : seul un carnet jamais activé peut être retourné.',
      en: 'Pack 114-001-01-00002 is active: only a pack never activated can be returned.',
    },
    {
      err: new ApiError('held-elsewhere', 'central refused: pack 114-001-01-00002 is held by T-02', { problem: 'at-terminal', reason: 'held_elsewhere', pack: '114-001-01-00002', terminal: 'T-02', state: 'received' }),
      fr: 'Le carnet 114-001-01-00002 est chez le terminal T-02.',
      en: 'Pack 114-001-01-00002 is held by terminal T-02.',
    },
    {
      err: new ApiError('statement-refused', 'central refused: no terminal T-09', { reason: 'unknown_terminal' }),
      fr: 'La loterie refuse de donner les relevés : elle ne connaît pas ce terminal.',
      en: 'The lottery refuses to give the statements: it does not know this terminal.',
    },
    {
      err: new ApiError('central-pack-refused', 'central refused: something new', { problem: 'central-novel', reason: 'novel', pack: '114-001-01-00002' }),
      fr: 'Le central a refusé l’opération sur le carnet 114-001-01-00002 : motif non précisé, appelez la loterie.',
      en: 'Central refused the operation on pack 114-001-01-00002: no reason given, call the lottery.',
    },
    {
      // Issue 25: a digital sale's void was refused in the service's English.
      err: new ApiError('digital-sale', 'sale 5 is a digital unit whose code was shown: it cannot be voided at the counter'),
      fr: 'Une vente de jeu numérique ne s’annule pas au comptoir : son code a été montré à l’acheteur.',
      en: 'A digital game sale cannot be voided at the counter: its code was shown to the buyer.',
    },
    {
      err: thrown(() => checkPinForRole('12345', 'manager')),
      fr: 'Code refusé : ce code doit comporter 6 à 8 chiffres, pas 5.',
      en: 'PIN refused: this PIN needs 6 to 8 digits, not 5.',
    },
    {
      err: thrown(() => parsePackRef('999-001-01-00001')),
      fr: 'Aucun jeu ne porte le numéro 999.',
      en: 'No game has number 999.',
    },
    {
      err: thrown(() => changeDue(1000, 10.5)),
      fr: 'Montant invalide pour les espèces reçues : un nombre entier de centimes est attendu.',
      en: 'Invalid amount for the cash received: a whole number of cents is expected.',
    },
  ];
  for (const c of cases) {
    it(`${c.err.code} ${JSON.stringify(c.err.details ?? {})}`, () => {
      expect(errorText(fr, c.err)).toBe(c.fr);
      expect(errorText(en, c.err)).toBe(c.en);
      for (const t of [fr, en]) expect(errorText(t, c.err)).not.toContain(c.err.message);
    });
  }

  it('a refusal without details still reads whole (no placeholder shown)', () => {
    for (const code of ['bad-amount', 'wrong-state', 'unknown-pack', 'central-only', 'held-elsewhere', 'bad-pin', 'invalid-input', 'statement-unreachable']) {
      const err = new ApiError(code, 'some English sentence from a service');
      for (const t of [fr, en]) expect(errorText(t, err)).not.toMatch(/English sentence|\{\w+\}/);
    }
  });
});
