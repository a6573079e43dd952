import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameRuleError, PlayDataError } from '../../games/errors.js';
import { happy2014, type Happy2014Play } from '../../games/happy-2014/game.js';
import { HAPPY_2014_SPLITS } from '../../games/happy-2014/layout.js';
import { checkPrizeTable } from '../../games/prize-table.js';
import type { LabelledSurfaceDef } from '../../games/months/calendar.js';
import { createRng } from '../../games/rng.js';
import { layoutFor, prizeOf as enginePrizeOf } from '../../games/index.js';

const TABLE = happy2014.prizes.map((t) => t.amount_cents);
const EUROS = (n: number): number => n * 100;

/** A losing unit (different symbols everywhere, bonus 0) with the given months made winning. */
function play(wins: Record<number, number> = {}, bonus = 0): Happy2014Play {
  const months = Array.from({ length: 12 }, (_, i) => {
    const won = wins[i];
    return won === undefined
      ? { symbols: ['sun', 'star'] as const, amount: TABLE[i % TABLE.length] as number }
      : { symbols: ['heart', 'heart'] as const, amount: won };
  });
  return { months, bonus };
}

/** A deep, mutable JSON copy of a valid unit, to break one field at a time. */
function json(p: Happy2014Play = play()): Record<string, unknown> & { months: Record<string, unknown>[] } {
  return JSON.parse(JSON.stringify(p)) as Record<string, unknown> & { months: Record<string, unknown>[] };
}

const prizeOf = (p: unknown): number => happy2014.evaluate(happy2014.parse(p)).prize_cents;

function expectPlayDataError(p: unknown, zone: string, problem: RegExp): void {
  let caught: unknown;
  try {
    happy2014.parse(p);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(PlayDataError);
  const err = caught as PlayDataError;
  expect(err.game).toBe('happy-2014');
  expect(err.zone).toBe(zone);
  expect(err.problem).toMatch(problem);
}

describe('happy-2014 definition', () => {
  it('matches the seed: 3 € digital units, 2,000,000 per block, no packs', () => {
    expect(happy2014).toMatchObject({
      code: 'happy-2014',
      name: 'Happy 2014',
      kind: 'digital',
      price_cents: 300,
      block_size: 2_000_000,
      layout_version: 1,
      seed: { file: '000_32acdfd243412652.txt', lots: 435_820, amount_cents: 396_000_000 },
    });
    expect(happy2014.pack_size).toBeUndefined();
  });

  it('lists the seed prize table highest first', () => {
    expect(happy2014.prizes.map((t) => [t.count, t.amount_cents / 100])).toEqual([
      [2, 30_000],
      [8, 1_000],
      [1_710, 100],
      [12_750, 40],
      [27_350, 20],
      [100_000, 9],
      [294_000, 6],
    ]);
  });

  it('refuses a table whose totals differ from the seed', () => {
    const { prizes, seed, block_size } = happy2014;
    expect(() => checkPrizeTable('happy-2014', prizes, seed, block_size)).not.toThrow();
    expect(() => checkPrizeTable('happy-2014', prizes, { ...seed, amount_cents: seed.amount_cents + 100 }, block_size)).toThrow(
      GameRuleError,
    );
    expect(() => checkPrizeTable('happy-2014', prizes, { ...seed, lots: seed.lots - 1 }, block_size)).toThrow(/435820 lots/);
    const typo = prizes.map((t) => (t.amount_cents === 900 ? { ...t, count: 10_000 } : t));
    expect(() => checkPrizeTable('happy-2014', typo, seed, block_size)).toThrow(GameRuleError);
  });

  it('has twelve months labelled Janvier … Décembre and a bonus box', () => {
    expect(happy2014.surfaces).toEqual([
      expect.objectContaining({ key: 'months', zones: 12 }),
      expect.objectContaining({ key: 'bonus', zones: 1, label: 'Bonus' }),
    ]);
    const labels = (happy2014.surfaces[0] as LabelledSurfaceDef).zone_labels;
    expect(labels[0]).toBe('Janvier');
    expect(labels[7]).toBe('Août');
    expect(labels[11]).toBe('Décembre');
    expect(labels).toHaveLength(12);
  });

  it('has its own set of 8 to 10 short lowercase symbols, sun among them', () => {
    const symbols = happy2014.symbols.months ?? [];
    expect(symbols.length).toBeGreaterThanOrEqual(8);
    expect(symbols.length).toBeLessThanOrEqual(10);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const s of symbols) expect(s).toMatch(/^[a-z]{1,12}$/);
    expect(symbols).toContain('sun');
  });
});

describe('happy-2014 rules (seed 000, article 4)', () => {
  it('a unit with no identical pair and a 0 € bonus wins nothing', () => {
    expect(happy2014.evaluate(play())).toEqual({ prize_cents: 0, winning: [] });
  });

  it('a month wins its amount when its two symbols are identical (4.3.2)', () => {
    expect(happy2014.evaluate(play({ 3: EUROS(20) }))).toEqual({
      prize_cents: EUROS(20),
      winning: [{ surface: 'months', index: 3, amount_cents: EUROS(20) }],
    });
  });

  it('January and December are months like the others', () => {
    expect(prizeOf(play({ 0: EUROS(6) }))).toBe(EUROS(6));
    expect(prizeOf(play({ 11: EUROS(9) }))).toBe(EUROS(9));
  });

  it('several winning months add up (4.3.3)', () => {
    const result = happy2014.evaluate(play({ 1: EUROS(20), 5: EUROS(20), 9: EUROS(40) }));
    expect(result.prize_cents).toBe(EUROS(80));
    expect(result.winning.map((z) => z.index)).toEqual([1, 5, 9]);
  });

  it('all twelve months winning add up', () => {
    const wins = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i, EUROS(6)]));
    expect(prizeOf(play(wins))).toBe(EUROS(72));
  });

  it('the amount under a losing month is not won, however big', () => {
    const p = play();
    expect(p.months.some((m) => m.amount === EUROS(30_000))).toBe(true);
    expect(prizeOf(p)).toBe(0);
  });

  it('the bonus wins when it is not 0 € (4.4.2)', () => {
    expect(happy2014.evaluate(play({}, EUROS(20)))).toEqual({
      prize_cents: EUROS(20),
      winning: [{ surface: 'bonus', index: 0, amount_cents: EUROS(20) }],
    });
  });

  it('a 0 € bonus loses (4.4.3)', () => {
    expect(happy2014.evaluate(play({ 2: EUROS(9) }, 0)).winning).toEqual([{ surface: 'months', index: 2, amount_cents: EUROS(9) }]);
  });

  it('both surfaces winning add up to one prize (4.6)', () => {
    const result = happy2014.evaluate(play({ 4: EUROS(20) }, EUROS(20)));
    expect(result.prize_cents).toBe(EUROS(40));
    expect(result.winning).toEqual([
      { surface: 'months', index: 4, amount_cents: EUROS(20) },
      { surface: 'bonus', index: 0, amount_cents: EUROS(20) },
    ]);
  });
});

describe('happy-2014 parse', () => {
  it('returns well-formed play data as it is', () => {
    const p = json(play({ 3: EUROS(40) }, EUROS(6)));
    expect(happy2014.parse(p)).toBe(p);
    expect(prizeOf(p)).toBe(EUROS(46));
  });

  it.each<[string, (p: ReturnType<typeof json>) => unknown, string, RegExp]>([
    ['root null', () => null, '', /not an object \(got null\)/],
    ['root array', () => [], '', /not an object/],
    ['root string', () => 'sun', '', /not an object/],
    ['unknown root key', (p) => ({ ...p, jackpot: 1 }), '', /unknown key "jackpot"/],
    ['months missing', ({ bonus }) => ({ bonus }), 'months', /is missing/],
    ['bonus missing', ({ months }) => ({ months }), 'bonus', /is missing/],
    ['months not an array', (p) => ({ ...p, months: {} }), 'months', /not an array of 12 months/],
    ['11 months', (p) => ({ ...p, months: p.months.slice(1) }), 'months', /has 11 months, expected 12/],
    ['13 months', (p) => ({ ...p, months: [...p.months, p.months[0]] }), 'months', /has 13 months, expected 12/],
    ['month null', (p) => ((p.months[3] = null as never), p), 'months[3]', /not an object/],
    ['month array', (p) => ((p.months[3] = [] as never), p), 'months[3]', /not an object/],
    ['month with Année key', (p) => ((p.months[3] = { symbols: ['sun', 'sun'], gain: 600 }), p), 'months[3]', /unknown key "gain"/],
    ['month extra key', (p) => (((p.months[5] as Record<string, unknown>).x = 1), p), 'months[5]', /unknown key "x"/],
    ['symbols missing', (p) => ((p.months[3] = { amount: 600 }), p), 'months[3].symbols', /is missing/],
    ['amount missing', (p) => ((p.months[11] = { symbols: ['sun', 'sun'] }), p), 'months[11].amount', /is missing/],
    ['symbols a string', (p) => (((p.months[3] as Record<string, unknown>).symbols = 'sun'), p), 'months[3].symbols', /not an array of 2 symbols/],
    ['one symbol', (p) => (((p.months[3] as Record<string, unknown>).symbols = ['sun']), p), 'months[3].symbols', /has 1 symbols, expected 2/],
    ['three symbols', (p) => (((p.months[3] as Record<string, unknown>).symbols = ['sun', 'sun', 'sun']), p), 'months[3].symbols', /has 3 symbols, expected 2/],
    ['symbol of another game', (p) => (((p.months[3] as Record<string, unknown>).symbols = ['horseshoe', 'sun']), p), 'months[3].symbols', /"horseshoe" is not in the game's set/],
    ['symbol in capitals', (p) => (((p.months[0] as Record<string, unknown>).symbols = ['sun', 'SUN']), p), 'months[0].symbols', /"SUN" is not in the game's set/],
    ['symbol a number', (p) => (((p.months[0] as Record<string, unknown>).symbols = [1, 'sun']), p), 'months[0].symbols', /symbol 1 is not in the game's set/],
    ['amount 0', (p) => (((p.months[11] as Record<string, unknown>).amount = 0), p), 'months[11].amount', /not a positive integer number of cents/],
    ['amount negative', (p) => (((p.months[11] as Record<string, unknown>).amount = -600), p), 'months[11].amount', /not a positive integer/],
    ['amount fractional', (p) => (((p.months[11] as Record<string, unknown>).amount = 600.5), p), 'months[11].amount', /not a positive integer/],
    ['amount a string', (p) => (((p.months[11] as Record<string, unknown>).amount = '600'), p), 'months[11].amount', /not a positive integer.*"600"/],
    ['amount unsafe', (p) => (((p.months[11] as Record<string, unknown>).amount = 1e300), p), 'months[11].amount', /not a positive integer/],
    ['amount not whole euros', (p) => (((p.months[11] as Record<string, unknown>).amount = 650), p), 'months[11].amount', /not whole euros.*650 cents/],
    ['bonus negative', (p) => ({ ...p, bonus: -600 }), 'bonus', /not 0 or a positive integer number of cents/],
    ['bonus fractional', (p) => ({ ...p, bonus: 0.5 }), 'bonus', /not 0 or a positive integer/],
    ['bonus a string', (p) => ({ ...p, bonus: '0' }), 'bonus', /not 0 or a positive integer/],
    ['bonus an object', (p) => ({ ...p, bonus: { number: 13, amount: 600 } }), 'bonus', /not 0 or a positive integer.*an object/],
    ['bonus not whole euros', (p) => ({ ...p, bonus: 2050 }), 'bonus', /not whole euros/],
  ])('rejects %s', (_, breakIt, zone, problem) => {
    expectPlayDataError(breakIt(json()), zone, problem);
  });

  it('rejects every symbol outside the set', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((s) => !happy2014.symbols.months?.includes(s)),
        fc.integer({ min: 0, max: 11 }),
        (symbol, month) => {
          const p = json();
          (p.months[month] as Record<string, unknown>).symbols = ['sun', symbol];
          expectPlayDataError(p, `months[${month}].symbols`, /is not in the game's set/);
        },
      ),
    );
  });

  it('rejects every amount that is not whole euros', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }).filter((c) => c % 100 !== 0),
        (cents) => {
          expectPlayDataError({ ...json(), bonus: cents }, 'bonus', /not whole euros/);
        },
      ),
    );
  });
});

describe('happy-2014 layout', () => {
  const prizes = [0, ...TABLE];

  it('wins exactly the prize asked, parses, and looks like a real unit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...prizes), fc.nat(), (prize, seed) => {
        const p = happy2014.layout(prize, createRng(seed));
        const copy = JSON.parse(JSON.stringify(p)) as unknown;
        const result = happy2014.evaluate(happy2014.parse(copy));
        expect(result.prize_cents).toBe(prize);
        expect(result.winning.length).toBeLessThanOrEqual(4);
        if (prize === 0) expect(result.winning).toEqual([]);
        for (const m of p.months) {
          expect(TABLE).toContain(m.amount);
          expect(new Set(m.symbols).size === 1).toBe(result.winning.some((z) => z.surface === 'months' && p.months[z.index] === m));
        }
        expect(p.bonus === 0 || TABLE.includes(p.bonus)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('is deterministic in the rng', () => {
    const draw = (seed: number): unknown[] => prizes.map((prize) => happy2014.layout(prize, createRng(seed)));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const rng1 = createRng('block-7');
    const rng2 = createRng('block-7');
    for (let i = 0; i < 200; i++) expect(happy2014.layout(prizes[i % prizes.length] as number, rng1)).toEqual(happy2014.layout(prizes[i % prizes.length] as number, rng2));
  });

  it('refuses a prize outside the table', () => {
    for (const prize of [1, 500, -600, EUROS(60), Number.NaN]) {
      expect(() => happy2014.layout(prize, createRng(1))).toThrow(GameRuleError);
    }
  });

  it('splits 40 € every way real units do, single zones staying the most common', () => {
    const rng = createRng(7);
    const shapes = new Map<string, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const { winning } = happy2014.evaluate(happy2014.layout(EUROS(40), rng));
      const shape = winning.map((z) => `${z.surface}:${z.amount_cents / 100}`).join('+');
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
    expect([...shapes.keys()].sort()).toEqual(['bonus:40', 'months:20+bonus:20', 'months:20+months:20', 'months:40']);
    expect(shapes.get('months:40') ?? 0).toBeGreaterThan(n * 0.4);
    expect((shapes.get('months:40') ?? 0) + (shapes.get('bonus:40') ?? 0)).toBeGreaterThan(n * 0.6);
  });

  it('offers only splits into at most four table amounts with at most one bonus', () => {
    for (const prize of TABLE) {
      for (const split of HAPPY_2014_SPLITS.of(prize)) {
        const parts = [...split.months, ...(split.bonus ? [split.bonus] : [])];
        expect(parts.reduce((a, b) => a + b, 0)).toBe(prize);
        expect(parts.length).toBeLessThanOrEqual(4);
        for (const part of parts) expect(TABLE).toContain(part);
      }
    }
    expect(HAPPY_2014_SPLITS.of(EUROS(100)).some((s) => s.months.length === 3 && s.bonus === 0)).toBe(true);
  });

  it('shows losing units the whole range of amounts, big ones only now and then', () => {
    const rng = createRng(99);
    const seen = new Map<number, number>();
    let unitsWithTop = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const p = happy2014.layout(0, rng);
      expect(p.bonus).toBe(0);
      for (const m of p.months) seen.set(m.amount, (seen.get(m.amount) ?? 0) + 1);
      if (p.months.some((m) => m.amount === EUROS(30_000))) unitsWithTop++;
    }
    expect([...seen.keys()].sort((a, b) => b - a)).toEqual(TABLE);
    expect(seen.get(EUROS(6)) ?? 0).toBeGreaterThan((seen.get(EUROS(100)) ?? 0) * 3);
    expect(unitsWithTop).toBeGreaterThan(0);
    expect(unitsWithTop).toBeLessThan(n * 0.25);
  });

  it('goes through the engine API by code', () => {
    const rng = createRng('happy-2014');
    for (const prize of prizes) {
      expect(enginePrizeOf('happy-2014', layoutFor('happy-2014', prize, rng)).prize_cents).toBe(prize);
    }
    expect(() => layoutFor(happy2014, 700, rng)).toThrow(GameRuleError);
  });
});
