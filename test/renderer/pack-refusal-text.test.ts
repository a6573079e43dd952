/**
 * An operation done offline that central refused when it arrived, as the packs screen says it: the
 * operation and the reason in French and English, from the reason code and central's word on the pack
 * (never central's English sentence).
 */
import { describe, expect, it } from 'vitest';
import type { PackView } from '../../common/api/methods/packs.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { packRefusalText } from '../../renderer/src/screens/packs/pack-refusal.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');
type Refusal = NonNullable<PackView['central_refusal']>;
const refusal = (r: Partial<Refusal>): Refusal => ({ at: '2026-12-01T10:00:00.000Z', action: 'activate', reason: 'held_elsewhere', central_state: null, central_terminal: null, ...r });

describe('a pack operation central refused on arrival', () => {
  it('names the operation and the terminal that holds the pack', () => {
    const r = refusal({ action: 'receive', central_state: 'received', central_terminal: 'T-02' });
    expect(packRefusalText(fr, r)).toBe('Réception faite hors ligne refusée par le central : le carnet est chez le terminal T-02.');
    expect(packRefusalText(en, r)).toBe('Receipt done offline refused by central: the pack is held by terminal T-02.');
  });

  it('says the stop list, the state central holds, an unpublished pack, and an unknown reason in both languages', () => {
    expect(packRefusalText(fr, refusal({ reason: 'stop_listed' }))).toBe('Activation faite hors ligne refusée par le central : le carnet est sur la liste d’opposition de la loterie.');
    expect(packRefusalText(en, refusal({ action: 'return', reason: 'wrong_state', central_state: 'active', central_terminal: 'T-01' }))).toBe(
      'Return done offline refused by central: central holds this pack as active.',
    );
    expect(packRefusalText(fr, refusal({ action: 'return', reason: 'wrong_state', central_state: 'active' }))).toBe('Retour fait hors ligne refusé par le central : le central a ce carnet à l’état actif.');
    expect(packRefusalText(en, refusal({ reason: 'not_published' }))).toBe('Activation done offline refused by central: the lottery published no block holding this pack.');
    for (const t of [fr, en]) {
      const odd = packRefusalText(t, refusal({ reason: 'something_new' }));
      expect(odd).not.toMatch(/something_new|\{\w+\}/);
      // Held elsewhere without the terminal's name, wrong state without a state: still words, no placeholders.
      expect(packRefusalText(t, refusal({ reason: 'wrong_state' }))).not.toMatch(/\{\w+\}|wrong_state/);
    }
  });
});
