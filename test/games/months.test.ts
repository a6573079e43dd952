import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameRuleError } from '../../games/errors.js';
import { AmountDraw, isPositiveWholeEuros } from '../../games/months/amounts.js';
import { MONTH_COUNT, MONTH_NAMES, monthsAndBonusSurfaces } from '../../games/months/calendar.js';
import { MonthLooks } from '../../games/months/layout.js';
import { describe as describeValue, zoneOf } from '../../games/months/parse.js';
import { MAX_WINNING_ZONES, PrizeSplits } from '../../games/months/split.js';
import { SymbolSet } from '../../games/months/symbols.js';
import { UniformInt } from '../../games/months/uniform.js';
import { createRng } from '../../games/rng.js';
import type { Rng } from '../../games/types.js';

/** An rng that counts the 32-bit words it hands out. */
function counting(rng: Rng): Rng & { calls: number } {
  const counted = {
    calls: 0,
    next32: (): number => {
      counted.calls++;
      return rng.next32();
    },
    int: (n: number): number => rng.int(n),
    pick: <T>(items: readonly T[]): T => rng.pick(items),
    shuffle: <T>(items: T[]): T[] => rng.shuffle(items),
  };
  return counted;
}

describe('calendar', () => {
  it('names the twelve months in French, January first', () => {
    expect(MONTH_COUNT).toBe(12);
    expect(MONTH_NAMES.slice(0, 3)).toEqual(['Janvier', 'Février', 'Mars']);
    expect(MONTH_NAMES[11]).toBe('Décembre');
    const [months, bonus] = monthsAndBonusSurfaces('Mois', 'Bonus');
    expect(months).toEqual({ key: 'months', label: 'Mois', zones: 12, zone_labels: MONTH_NAMES });
    expect(bonus).toEqual({ key: 'bonus', label: 'Bonus', zones: 1, zone_labels: ['Bonus'] });
  });
});

describe('UniformInt', () => {
  it('draws exactly what rng.int draws for the same bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x1_0000_0000 }), fc.nat(), (n, seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        const draw = new UniformInt(n);
        for (let i = 0; i < 20; i++) expect(draw.draw(a)).toBe(b.int(n));
      }),
    );
  });

  it('refuses bounds rng.int refuses', () => {
    for (const n of [0, -1, 1.5, 0x1_0000_0001, Number.NaN]) expect(() => new UniformInt(n)).toThrow(RangeError);
  });
});

describe('SymbolSet', () => {
  const set = new SymbolSet(['a', 'b', 'c'] as const);

  it('refuses sets a ticket could not print unambiguously', () => {
    expect(() => new SymbolSet(['sun'])).toThrow(/at least two/);
    expect(() => new SymbolSet(['sun', 'sun'])).toThrow(/duplicate/);
    expect(() => new SymbolSet(['sun', 'Moon'])).toThrow(/lowercase/);
    expect(() => new SymbolSet(['sun', 'soleil-levant'])).toThrow(/lowercase/);
  });

  it('knows its members and only them', () => {
    expect(set.has('a')).toBe(true);
    expect(set.has('d')).toBe(false);
    expect(set.has(1)).toBe(false);
    expect(set.has('toString')).toBe(false);
  });

  it('draws identical winning pairs and different losing pairs, covering them all', () => {
    const rng = createRng(3);
    const losing = new Set<string>();
    const winning = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const [x, y] = set.losingPair(rng);
      expect(x).not.toBe(y);
      losing.add(x + y);
      const [u, v] = set.winningPair(rng);
      expect(u).toBe(v);
      winning.add(u);
    }
    expect(losing.size).toBe(6);
    expect(winning.size).toBe(3);
    expect(Object.isFrozen(set.losingPair(rng))).toBe(true);
  });
});

describe('AmountDraw', () => {
  it('draws the amounts in proportion to their weights', () => {
    const draw = new AmountDraw([
      [10_000, 1],
      [600, 3],
    ]);
    expect(draw.size).toBe(4);
    expect(draw.amounts).toEqual([10_000, 600]);
    const rng = createRng(11);
    let big = 0;
    for (let i = 0; i < 4000; i++) if (draw.draw(rng) === 10_000) big++;
    expect(big).toBeGreaterThan(800);
    expect(big).toBeLessThan(1200);
  });

  it('refuses amounts that are not whole euros and bad weights', () => {
    expect(() => new AmountDraw([[650, 1]])).toThrow(/whole euros/);
    expect(() => new AmountDraw([[600, 0]])).toThrow(/weight/);
    expect(() => new AmountDraw([])).toThrow(/no losing amounts/);
  });

  it('calls whole euros only positive safe multiples of 100 cents', () => {
    expect([600, 100, 4_000_000].every(isPositiveWholeEuros)).toBe(true);
    expect([0, -600, 650, 600.5, '600', Number.MAX_VALUE, null].some(isPositiveWholeEuros)).toBe(false);
  });
});

describe('PrizeSplits', () => {
  const splits = new PrizeSplits('test', [4_000, 2_000, 1_000]);
  const shown = (prize: number): string[] =>
    splits.of(prize).map((s) => `${s.months.map((m) => m / 100).join('+') || '-'} bonus ${s.bonus / 100} ×${s.weight}`);

  it('lists every sum of at most four table amounts, with at most one on the bonus', () => {
    expect(MAX_WINNING_ZONES).toBe(4);
    expect(shown(2_000)).toEqual(['20 bonus 0 ×12', '- bonus 20 ×6', '10+10 bonus 0 ×4', '10 bonus 10 ×2']);
    expect(shown(4_000)).toEqual([
      '40 bonus 0 ×12',
      '- bonus 40 ×6',
      '20+20 bonus 0 ×4',
      '20 bonus 20 ×2',
      '20+10+10 bonus 0 ×2',
      '10+10 bonus 20 ×1',
      '20+10 bonus 10 ×1',
      '10+10+10+10 bonus 0 ×2',
      '10+10+10 bonus 10 ×1',
    ]);
  });

  it('has one split for 0: nothing wins', () => {
    expect(splits.of(0)).toEqual([{ months: [], bonus: 0, weight: 1 }]);
  });

  it('draws by weight, without touching the rng when there is no choice', () => {
    const rng = counting(createRng(1));
    expect(splits.pick(0, rng).months).toEqual([]);
    expect(rng.calls).toBe(0);
    expect(splits.of(1_000)).toContain(splits.pick(1_000, rng));
    expect(rng.calls).toBe(1);
    const counts = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const split = splits.pick(2_000, rng);
      const index = splits.of(2_000).indexOf(split);
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([0, 1, 2, 3]);
    expect(counts.get(0)).toBeGreaterThan(1300); // 12/24 of 3000 = 1500
    expect(counts.get(3)).toBeLessThan(450); // 2/24 of 3000 = 250
  });

  it('refuses a prize that is not in the table', () => {
    expect(() => splits.of(3_000)).toThrow(GameRuleError);
    expect(() => splits.pick(500, createRng(1))).toThrow(/test: 500 cents is not a prize of the table/);
  });
});

describe('MonthLooks', () => {
  const looks = new MonthLooks(new SymbolSet(['a', 'b', 'c'] as const), new AmountDraw([[600, 1], [2_000, 1]]));
  const month = (symbols: readonly [string, string], amount: number): { symbols: readonly [string, string]; amount: number } => ({
    symbols,
    amount,
  });

  it('puts each winning amount on its own month under identical symbols', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(600, 2_000, 10_000), { maxLength: 12 }), fc.nat(), (winning, seed) => {
        const months = looks.layout(createRng(seed), winning, month);
        expect(months).toHaveLength(12);
        const won = months.filter((m) => m.symbols[0] === m.symbols[1]).map((m) => m.amount);
        expect(won.sort()).toEqual([...winning].sort());
        for (const m of months) if (m.symbols[0] !== m.symbols[1]) expect([600, 2_000]).toContain(m.amount);
      }),
    );
  });

  it('places winning months anywhere in the year', () => {
    const rng = createRng(8);
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(looks.layout(rng, [600], month).findIndex((m) => m.symbols[0] === m.symbols[1]));
    expect(seen.size).toBe(12);
  });

  it('refuses more winning amounts than months', () => {
    expect(() => looks.layout(createRng(1), new Array<number>(13).fill(600), month)).toThrow(RangeError);
  });
});

describe('parse helpers', () => {
  it('describe offending values briefly', () => {
    expect(describeValue(null)).toBe('null');
    expect(describeValue([1, 2])).toBe('an array of 2');
    expect(describeValue({})).toBe('an object');
    expect(describeValue('x'.repeat(40))).toBe(JSON.stringify(`${'x'.repeat(24)}…`));
    expect(describeValue(Number.NaN)).toBe('NaN');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(10n)).toBe('bigint');
  });

  it('name zones as paths from the root', () => {
    expect(zoneOf('', 'bonus')).toBe('bonus');
    expect(zoneOf('months[3]', 'gain')).toBe('months[3].gain');
  });
});
