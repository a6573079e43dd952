import { describe, expect, it } from 'vitest';
import { ClaimPayArgs } from '../../common/console/claims.js';
import { claimFormProblem } from '../../console/src/form-problems.js';
import { translate, type Lang } from '../../console/src/i18n.js';

const good = {
  terminal: 'T1',
  seq: 3,
  winner: { name: 'Camille Martin', id_kind: 'passport', id_number: '19AB45678' },
  payment: { method: 'cheque', reference: 'CHQ 1', paid_on: '2026-12-02' },
  reason: 'winner at the office',
};

const problems = (args: unknown, lang: Lang): string[] => {
  const r = ClaimPayArgs.safeParse(args);
  if (r.success) return [];
  return r.error.issues.map((i) => claimFormProblem(i, (k, v) => translate(lang, k, v)));
};

describe('the claim payment form says what is wrong by the field\'s label, in the person\'s language', () => {
  it('names an empty name, a bad ID number and a day that does not exist, in French and in English', () => {
    const bad = { ...good, winner: { ...good.winner, name: ' ', id_number: 'AB/12' }, payment: { ...good.payment, paid_on: '2026-02-30' } };
    expect(problems(bad, 'fr')).toEqual([
      'Nom complet du gagnant : à remplir',
      'Numéro de la pièce : lettres, chiffres, espaces ou tirets seulement',
      'Date du paiement : date inexistante',
    ]);
    expect(problems(bad, 'en')).toEqual(["Winner's full name: required", 'Document number: letters, digits, spaces or hyphens only', 'Payment date: no such date']);
  });

  it('says a reference is too long, and finds nothing wrong in a good form', () => {
    expect(problems({ ...good, payment: { ...good.payment, reference: 'x'.repeat(101) } }, 'en')).toEqual(['Payment reference: too long']);
    expect(problems(good, 'fr')).toEqual([]);
  });
});
