import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../../games/errors.js';
import { layoutFor, prizeOf } from '../../games/index.js';
import { millionnaire, type MillionnairePlay } from '../../games/millionnaire/game.js';
import { MAX_PARTS, splitsOf } from '../../games/millionnaire/splits.js';
import { createRng } from '../../games/rng.js';

const AMOUNTS = millionnaire.prizes.map((t) => t.amount_cents);
const PRIZES = [0, ...AMOUNTS];
const euros = (cents: number): string => `${cents / 100} €`;

/** Every way `play` breaks the generator duties of games.md (empty when it is a well-formed unit). */
function dutyViolations(play: MillionnairePlay): string[] {
  const bad: string[] = [];
  const table = (amount: number, where: string): void => void (AMOUNTS.includes(amount) || bad.push(`${where}: ${amount} is not a table amount`));
  play.jeu1.forEach((zone, i) => {
    table(zone.gain, `jeu1[${i}]`);
    const distinct = new Set(zone.stars).size;
    if (distinct === 1) bad.push(`jeu1[${i}]: three identical stars`);
  });
  play.jeu2.forEach((amount, i) => table(amount, `jeu2[${i}]`));
  const distinct = new Set(play.jeu2).size;
  if (distinct < 7) bad.push(`jeu2: ${distinct} distinct amounts (more than one pair or a triple)`);
  play.jeu3.forEach((zone, i) => {
    table(zone.gain, `jeu3[${i}]`);
    for (const w of [zone.diamant, zone.saphir]) if (!Number.isInteger(w) || w < 1 || w > 99) bad.push(`jeu3[${i}]: weight ${w}`);
    if (zone.diamant === zone.saphir) bad.push(`jeu3[${i}]: equal weights`);
  });
  play.jeu4.forEach((coin, i) => table(coin.amount, `jeu4[${i}]`));
  return bad;
}

/** The winning parts of a unit as a multiset (sorted amounts), to recognise how its prize was split. */
function parts(play: MillionnairePlay): string {
  return millionnaire
    .evaluate(play)
    .winning.map((w) => w.amount_cents)
    .sort((a, b) => b - a)
    .join('+');
}

describe('millionnaire splits', () => {
  it('splits a prize into at most four table amounts, single zone first', () => {
    expect(splitsOf(15000, AMOUNTS, MAX_PARTS)).toEqual([[15000], [10000, 5000], [10000, 2000, 2000, 1000], [5000, 5000, 5000]]);
    expect(splitsOf(1000, AMOUNTS, MAX_PARTS)).toEqual([[1000]]);
    expect(splitsOf(0, AMOUNTS, MAX_PARTS)).toEqual([[]]);
    for (const prize of AMOUNTS) {
      const splits = splitsOf(prize, AMOUNTS, MAX_PARTS);
      expect(splits[0]).toEqual([prize]);
      for (const split of splits) {
        expect(split.length).toBeLessThanOrEqual(MAX_PARTS);
        expect(split.reduce((a, b) => a + b, 0)).toBe(prize);
        for (const part of split) expect(AMOUNTS).toContain(part);
      }
    }
    // The top prizes cannot be reached by four smaller amounts: they are always a single zone.
    for (const top of [100_000_000, 10_000_000, 1_000_000, 100_000]) expect(splitsOf(top, AMOUNTS, MAX_PARTS)).toEqual([[top]]);
  });
});

describe('millionnaire layout', () => {
  it('wins exactly the prize asked, for every prize of the table and 0, and is well-formed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRIZES), fc.nat(), (prize, seed) => {
        const play = layoutFor('millionnaire', prize, createRng(seed));
        const roundTrip: unknown = JSON.parse(JSON.stringify(play));
        expect(roundTrip).toEqual(play);
        const result = prizeOf('millionnaire', roundTrip);
        expect(result.prize_cents).toBe(prize);
        expect(result.winning.reduce((s, w) => s + w.amount_cents, 0)).toBe(prize);
        for (const w of result.winning) expect(AMOUNTS).toContain(w.amount_cents);
        expect(dutyViolations(millionnaire.parse(roundTrip))).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('is deterministic in the rng: the same seed gives the same unit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRIZES), fc.oneof(fc.nat(), fc.string()), (prize, seed) => {
        expect(millionnaire.layout(prize, createRng(seed))).toEqual(millionnaire.layout(prize, createRng(seed)));
      }),
      { numRuns: 300 },
    );
    // Earlier calls leave nothing behind that changes a later layout.
    const first = millionnaire.layout(15000, createRng('unit-7'));
    for (const prize of PRIZES) millionnaire.layout(prize, createRng(prize));
    expect(millionnaire.layout(15000, createRng('unit-7'))).toEqual(first);
    expect(millionnaire.layout(15000, createRng('unit-8'))).not.toEqual(first);
  });

  it('refuses an amount that is not a prize of the table', () => {
    for (const bad of [1, 1500, 20000, -1000, 100_000_001]) {
      expect(() => millionnaire.layout(bad, createRng(1))).toThrow(GameRuleError);
      expect(() => layoutFor('millionnaire', bad, createRng(1))).toThrow(GameRuleError);
    }
  });

  it('losing zones look real: three different stars, eight distinct ingots, a lighter Diamant, no sac', () => {
    const rng = createRng('losing');
    const near = { miss: 0, zones: 0 };
    for (let n = 0; n < 2000; n++) {
      const play = millionnaire.layout(0, rng);
      for (const zone of play.jeu1) expect(new Set(zone.stars).size).toBe(3);
      expect(new Set(play.jeu2).size).toBe(8);
      for (const zone of play.jeu3) {
        expect(zone.diamant).toBeLessThan(zone.saphir);
        near.zones++;
        if (zone.saphir - zone.diamant === 1) near.miss++;
      }
      for (const coin of play.jeu4) expect(coin.symbol).not.toBe('sac');
    }
    // Near misses (one gram short) happen, but not on most zones.
    expect(near.miss / near.zones).toBeGreaterThan(0.15);
    expect(near.miss / near.zones).toBeLessThan(0.5);
  });

  it('a winning Jeu 2 has exactly one pair and six other distinct amounts', () => {
    const rng = createRng('pairs');
    let pairs = 0;
    for (let n = 0; n < 3000; n++) {
      const play = millionnaire.layout(PRIZES[n % PRIZES.length] as number, rng);
      const pair = millionnaire.evaluate(play).winning.find((w) => w.surface === 'jeu2');
      if (!pair) continue;
      pairs++;
      expect(play.jeu2.filter((a) => a === pair.amount_cents)).toHaveLength(2);
      expect(new Set(play.jeu2).size).toBe(7);
    }
    expect(pairs).toBeGreaterThan(300);
  });

  it('spreads a prize over the four games and its splits, single-zone wins being the most common', () => {
    const rng = createRng('splits');
    const seen = new Map<string, number>();
    const surfaces = new Set<string>();
    const runs = 4000;
    for (let n = 0; n < runs; n++) {
      const play = millionnaire.layout(15000, rng);
      const key = parts(play);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      for (const w of millionnaire.evaluate(play).winning) surfaces.add(w.surface);
    }
    const expected = splitsOf(15000, AMOUNTS, MAX_PARTS).map((s) => s.join('+'));
    expect([...seen.keys()].sort()).toEqual([...expected].sort());
    expect((seen.get('15000') ?? 0) / runs).toBeGreaterThan(0.5);
    expect(surfaces).toEqual(new Set(['jeu1', 'jeu2', 'jeu3', 'jeu4']));
  });

  it('wins every table prize from each of the four games alone', () => {
    for (const prize of AMOUNTS) {
      const alone = new Set<string>();
      const rng = createRng(`alone-${prize}`);
      for (let n = 0; n < 400 && alone.size < 4; n++) {
        const winning = millionnaire.evaluate(millionnaire.layout(prize, rng)).winning;
        if (winning.length === 1) alone.add(winning[0]?.surface ?? '');
      }
      expect(alone, euros(prize)).toEqual(new Set(['jeu1', 'jeu2', 'jeu3', 'jeu4']));
    }
  });
});
