import { describe, expect, it } from 'vitest';
import { GAMES } from '../../games/index.js';
import { zoneText, type Word } from '../../renderer/src/digital/play-text.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import type { Language } from '../../main/api/views.js';

const dict = mergeDictionaries(DICTIONARIES);
const wordIn = (language: Language): Word => {
  const t = makeTranslate(dict, language);
  return (key) => (Object.prototype.hasOwnProperty.call(dict.fr, key) ? t(key) : null);
};
const euros = (c: number) => `${c / 100} €`;

describe('a digital zone as the player reads it', () => {
  it('names every symbol of the digital games in French and English', () => {
    const missing: string[] = [];
    for (const g of GAMES.filter((x) => x.kind === 'digital'))
      for (const name of Object.values(g.symbols).flat()) for (const l of ['fr', 'en'] as const) if (!dict[l][`digital.symbol.${name}`]) missing.push(`${g.code} ${name} (${l})`);
    expect(missing).toEqual([]);
  });

  it('draws a Happy 2014 month and Millionnaire zones with symbols and fields translated, amounts as money', () => {
    const fr = wordIn('fr');
    const en = wordIn('en');
    expect(zoneText({ symbols: ['moon', 'bell'], amount: 900 }, euros, fr)).toBe('lune cloche · 9 €');
    expect(zoneText({ symbols: ['moon', 'bell'], amount: 900 }, euros, en)).toBe('moon bell · 9 €');
    expect(zoneText({ stars: ['pearl', 'gold', 'topaz'], gain: 2000 }, euros, fr)).toBe('perle or topaze · 20 €');
    expect(zoneText({ diamant: 54, saphir: 78, gain: 10000 }, euros, en)).toBe('Diamond 54 · Sapphire 78 · 100 €');
    expect(zoneText({ symbol: 'key', amount: 15000 }, euros, fr)).toBe('clé · 150 €');
    expect(zoneText(600, euros, fr)).toBe('6 €');
    expect(zoneText(null, euros, fr)).toBe('?');
    // A name without a text is shown as it is.
    expect(zoneText({ symbol: 'comet', amount: 100 }, euros, fr)).toBe('comet · 1 €');
  });
});
