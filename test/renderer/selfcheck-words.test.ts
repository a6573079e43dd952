/**
 * What the self-check tells a player whose ticket was already paid or claimed (#41: "Présentez-le au
 * comptoir pour être payé" for those too): its own headline and sentence, in French and English, and
 * never the way to the counter's payout.
 */
import { describe, expect, it } from 'vitest';
import type { SelfCheckKind } from '../../common/api/methods/selfcheck.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { toneOf, waitText } from '../../renderer/src/selfcheck/attract-timer.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');

describe('the self-check for a ticket already paid or claimed', () => {
  it('says "déjà payé" / "réclamation déjà déposée", not "present it at the counter to be paid"', () => {
    expect(fr('selfcheck.kind.already-paid')).toBe('Ticket déjà payé');
    expect(fr('selfcheck.kind.claimed')).toBe('Réclamation déjà déposée');
    expect(en('selfcheck.kind.claimed')).toBe('Claim already filed');
    for (const kind of ['already-paid', 'claimed', 'suspended'] as const satisfies readonly SelfCheckKind[]) {
      expect(fr(`selfcheck.sub.${kind}`)).not.toContain('pour être payé');
      expect(en(`selfcheck.sub.${kind}`)).not.toContain('to be paid');
      expect(toneOf(kind), kind).not.toBe('win');
    }
    expect(fr('selfcheck.kind.suspended')).toBe('Jeu suspendu par la loterie');
    expect(en('selfcheck.kind.suspended')).toBe('Game suspended by the lottery');
  });
});

describe('the self-check asking a player to wait', () => {
  it('says minutes as a person would, not "236 s"', () => {
    expect(waitText(fr, 'fr', 236)).toBe('Trop de vérifications d’affilée. Vous pourrez scanner à nouveau dans environ 4 minutes.');
    expect(waitText(en, 'en', 236)).toBe('Too many checks in a row. You can scan again in about 4 minutes.');
    expect(waitText(fr, 'fr', 61)).toContain('environ 2 minutes');
    expect(waitText(fr, 'fr', 60)).toContain('environ une minute');
    expect(waitText(en, 'en', 45)).toBe('Too many checks in a row. You can scan again in 45 s.');
    expect(waitText(fr, 'fr', 45)).toContain('dans 45 s.');
  });
});
