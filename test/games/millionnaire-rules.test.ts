import { describe, expect, it } from 'vitest';
import { gameByCode, lotsOf, payoutBasisPoints, prizeOf, totalOf } from '../../games/index.js';
import { jeu1ZoneWins } from '../../games/millionnaire/evaluate.js';
import { millionnaire } from '../../games/millionnaire/game.js';
import { losingMillionnaire as losing } from './millionnaire-sample.js';

/** A unit that wins nothing: three different stars, eight distinct ingots, light diamonds, no `sac`. */

/** The same shape as plain, mutable JSON. */
interface Draft {
  jeu1: { stars: string[]; gain: number }[];
  jeu2: number[];
  jeu3: { diamant: number; saphir: number; gain: number }[];
  jeu4: { symbol: string; amount: number }[];
}

/** A deep copy of the losing unit, changed by `edit` (plain JSON, as a tool would send it). */
function unit(edit: (play: Draft) => void): unknown {
  const play = structuredClone(losing()) as unknown as Draft;
  edit(play);
  return play;
}

describe('millionnaire definition', () => {
  it('matches seed 003: 10 €, digital, 6,000,000 units per block, 1,793,014 lots for 44,100,000 €', () => {
    expect(gameByCode('millionnaire')).toBe(millionnaire);
    expect(millionnaire).toMatchObject({ code: 'millionnaire', name: 'Millionnaire', kind: 'digital', price_cents: 1000, block_size: 6_000_000, layout_version: 1 });
    expect(millionnaire.pack_size).toBeUndefined();
    expect(millionnaire.seed).toEqual({ file: '003_566bd4a0dbcf45a9.txt', lots: 1_793_014, amount_cents: 4_410_000_000 });
    expect(lotsOf(millionnaire.prizes)).toBe(1_793_014);
    expect(totalOf(millionnaire.prizes)).toBe(4_410_000_000);
    expect(payoutBasisPoints(millionnaire.prizes, 1000, 6_000_000)).toBe(7350);
    expect(millionnaire.prizes.map((t) => [t.amount_cents / 100, t.count])).toEqual([
      [1_000_000, 4],
      [100_000, 4],
      [10_000, 6],
      [1_000, 200],
      [150, 24_000],
      [100, 60_000],
      [50, 108_800],
      [20, 840_000],
      [10, 760_000],
    ]);
  });

  it('has four surfaces and its own symbol sets', () => {
    expect(millionnaire.surfaces).toEqual([
      { key: 'jeu1', label: 'Jeu 1', zones: 6 },
      { key: 'jeu2', label: 'Jeu 2', zones: 8 },
      { key: 'jeu3', label: 'Jeu 3', zones: 3 },
      { key: 'jeu4', label: 'Jeu 4', zones: 6 },
    ]);
    const stars = millionnaire.symbols.jeu1 ?? [];
    const coins = millionnaire.symbols.jeu4 ?? [];
    expect(stars.length).toBeGreaterThanOrEqual(6);
    expect(stars.length).toBeLessThanOrEqual(8);
    expect(stars).toEqual(expect.arrayContaining(['ruby', 'gold']));
    expect(coins).toContain('sac');
    expect(coins.length - 1).toBeGreaterThanOrEqual(4);
    expect(coins.length - 1).toBeLessThanOrEqual(6);
    for (const s of [...stars, ...coins]) expect(s).toMatch(/^[a-z]{2,8}$/);
    expect(new Set(stars).size).toBe(stars.length);
    expect(new Set(coins).size).toBe(coins.length);
  });
});

describe('millionnaire rules (seed 003, article 4)', () => {
  it('a unit with no winning zone wins nothing', () => {
    expect(prizeOf('millionnaire', losing())).toEqual({ prize_cents: 0, winning: [] });
  });

  it('Jeu 1: a zone wins its gain when two of its three stars are identical, wherever the odd one is', () => {
    for (const stars of [
      ['ruby', 'ruby', 'gold'],
      ['ruby', 'gold', 'ruby'],
      ['gold', 'ruby', 'ruby'],
    ]) {
      const result = prizeOf(millionnaire, unit((p) => (p.jeu1[3] = { stars, gain: 15000 })));
      expect(result).toEqual({ prize_cents: 15000, winning: [{ surface: 'jeu1', index: 3, amount_cents: 15000 }] });
    }
  });

  it('Jeu 1: three different stars lose; three identical stars are never a win', () => {
    expect(jeu1ZoneWins({ stars: ['ruby', 'gold', 'pearl'], gain: 1000 })).toBe(false);
    expect(jeu1ZoneWins({ stars: ['gold', 'gold', 'gold'], gain: 1000 })).toBe(false);
    expect(jeu1ZoneWins({ stars: ['gold', 'gold', 'ruby'], gain: 1000 })).toBe(true);
  });

  it('Jeu 1: several winning zones add up', () => {
    const play = unit((p) => {
      p.jeu1[0]!.stars = ['opal', 'opal', 'ruby'];
      p.jeu1[5]!.stars = ['jade', 'gold', 'gold'];
    });
    expect(prizeOf(millionnaire, play).prize_cents).toBe(1000 + 100_000_000);
  });

  it('Jeu 2: two identical amounts win that amount, once; the entry names both ingots', () => {
    const play = unit((p) => (p.jeu2 = [1000, 2000, 10000, 5000, 15000, 10000, 1_000_000, 100_000_000]));
    expect(prizeOf(millionnaire, play)).toEqual({
      prize_cents: 10000,
      winning: [{ surface: 'jeu2', index: 2, pair_index: 5, amount_cents: 10000 }],
    });
  });

  it('Jeu 3: a zone wins its gain only when the Diamant is strictly heavier than the Saphir', () => {
    const heavier = unit((p) => (p.jeu3[1] = { diamant: 13, saphir: 12, gain: 5000 }));
    expect(prizeOf(millionnaire, heavier)).toEqual({ prize_cents: 5000, winning: [{ surface: 'jeu3', index: 1, amount_cents: 5000 }] });
    const equal = unit((p) => (p.jeu3[1] = { diamant: 12, saphir: 12, gain: 5000 }));
    expect(prizeOf(millionnaire, equal).prize_cents).toBe(0);
    const lighter = unit((p) => (p.jeu3[1] = { diamant: 11, saphir: 12, gain: 5000 }));
    expect(prizeOf(millionnaire, lighter).prize_cents).toBe(0);
  });

  it('Jeu 4: a coin wins its amount when its symbol is "sac", and only then', () => {
    const bag = unit((p) => (p.jeu4[4] = { symbol: 'sac', amount: 2000 }));
    expect(prizeOf(millionnaire, bag)).toEqual({ prize_cents: 2000, winning: [{ surface: 'jeu4', index: 4, amount_cents: 2000 }] });
    for (const symbol of (millionnaire.symbols.jeu4 ?? []).filter((s) => s !== 'sac')) {
      expect(prizeOf(millionnaire, unit((p) => (p.jeu4[4] = { symbol, amount: 2000 }))).prize_cents).toBe(0);
    }
  });

  it('the prize is the sum over the four games, and equals the sum of the winning entries', () => {
    const play = unit((p) => {
      p.jeu1[1]!.stars = ['jade', 'jade', 'onyx']; // 20 €
      p.jeu2[7] = 5000; // pair of 50 €
      p.jeu3[0]!.diamant = 14; // 14 g > 13 g: 10 €
      p.jeu3[2] = { diamant: 99, saphir: 1, gain: 10000 }; // 100 €
      p.jeu4[0]!.symbol = 'sac'; // 10 €
      p.jeu4[5] = { symbol: 'sac', amount: 1_000_000 }; // 10,000 €
    });
    const result = prizeOf(millionnaire, play);
    expect(result.prize_cents).toBe(2000 + 5000 + 1000 + 10000 + 1000 + 1_000_000);
    expect(result.winning.map((w) => [w.surface, w.index])).toEqual([
      ['jeu1', 1],
      ['jeu2', 2],
      ['jeu3', 0],
      ['jeu3', 2],
      ['jeu4', 0],
      ['jeu4', 5],
    ]);
    expect(result.winning.reduce((s, w) => s + w.amount_cents, 0)).toBe(result.prize_cents);
  });
});
