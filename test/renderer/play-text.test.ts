import { describe, expect, it } from 'vitest';
import { GAMES } from '../../games/index.js';
import { surfaceText, zoneLabel, zoneText, type Word } from '../../renderer/src/digital/play-text.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import type { Language } from '../../common/api/views.js';

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

  it('titles every surface and labels every labelled zone of the digital games in French and English (not the French labels of the game)', () => {
    const missing: string[] = [];
    for (const g of GAMES.filter((x) => x.kind === 'digital'))
      for (const s of g.surfaces) {
        for (const l of ['fr', 'en'] as const) {
          if (!dict[l][`digital.surface.${g.code}.${s.key}`]) missing.push(`${g.code} ${s.key} (${l})`);
          const labels = (s as { zone_labels?: readonly string[] }).zone_labels ?? [];
          labels.forEach((_, i) => {
            if (!dict[l][`digital.zone.${s.key}.${i}`]) missing.push(`${g.code} ${s.key}:${i} (${l})`);
          });
        }
      }
    expect(missing).toEqual([]);
    const happy = GAMES.find((g) => g.code === 'happy-2014');
    const million = GAMES.find((g) => g.code === 'millionnaire');
    const months = happy?.surfaces.find((s) => s.key === 'months');
    if (!months || !million?.surfaces[0]) throw new Error('the digital games changed');
    expect(surfaceText('happy-2014', months, wordIn('en'))).toBe('The twelve months of the year');
    expect(surfaceText('happy-2014', months, wordIn('fr'))).toBe('Les douze mois de l’année');
    expect(zoneLabel(months, 0, wordIn('en'))).toBe('January');
    expect(zoneLabel(months, 11, wordIn('fr'))).toBe('Décembre');
    expect(surfaceText('millionnaire', million.surfaces[0], wordIn('en'))).toBe('Game 1');
    // Millionnaire's zones are numbered; a surface without a text keeps its own label.
    expect(zoneLabel(million.surfaces[0], 2, wordIn('en'))).toBe('3');
    expect(surfaceText('comet', { key: 'tail', label: 'Queue' }, wordIn('en'))).toBe('Queue');
  });
});
