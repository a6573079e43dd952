import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anneeChance2013, type AnneeChance2013Play } from '../../games/annee-chance-2013/game.js';
import { ANNEE_CHANCE_2013_SPLITS } from '../../games/annee-chance-2013/layout.js';
import { GameRuleError, PlayDataError } from '../../games/errors.js';
import { checkPrizeTable } from '../../games/prize-table.js';
import type { LabelledSurfaceDef } from '../../games/months/calendar.js';
import { createRng } from '../../games/rng.js';
import { layoutFor, prizeOf as enginePrizeOf } from '../../games/index.js';

const TABLE = anneeChance2013.prizes.map((t) => t.amount_cents);
const EUROS = (n: number): number => n * 100;

/** A losing ticket (different symbols everywhere, bonus number 7) with the given months made winning. */
function play(wins: Record<number, number> = {}, bonus = { number: 7, amount: EUROS(1_000) }): AnneeChance2013Play {
  const months = Array.from({ length: 12 }, (_, i) => {
    const won = wins[i];
    return won === undefined
      ? { symbols: ['clover', 'horseshoe'] as const, gain: TABLE[i % TABLE.length] as number }
      : { symbols: ['ladybug', 'ladybug'] as const, gain: won };
  });
  return { months, bonus };
}

type Json = Record<string, unknown> & { months: Record<string, unknown>[]; bonus: Record<string, unknown> };

/** A deep, mutable JSON copy of a valid ticket, to break one field at a time. */
function json(p: AnneeChance2013Play = play()): Json {
  return JSON.parse(JSON.stringify(p)) as Json;
}

const prizeOf = (p: unknown): number => anneeChance2013.evaluate(anneeChance2013.parse(p)).prize_cents;

function expectPlayDataError(p: unknown, zone: string, problem: RegExp): void {
  let caught: unknown;
  try {
    anneeChance2013.parse(p);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(PlayDataError);
  const err = caught as PlayDataError;
  expect(err.game).toBe('annee-chance-2013');
  expect(err.zone).toBe(zone);
  expect(err.problem).toMatch(problem);
}

describe('annee-chance-2013 definition', () => {
  it('matches the seed: 3 € paper tickets, 2,000,000 per block, packs of 100', () => {
    expect(anneeChance2013).toMatchObject({
      code: 'annee-chance-2013',
      name: '2013 Année de la chance',
      kind: 'paper',
      price_cents: 300,
      block_size: 2_000_000,
      pack_size: 100,
      layout_version: 1,
      seed: { file: '002_2b357b0719cfb56c.txt', lots: 433_720, amount_cents: 396_000_000 },
    });
  });

  it('lists the seed prize table highest first', () => {
    expect(anneeChance2013.prizes.map((t) => [t.count, t.amount_cents / 100])).toEqual([
      [2, 40_000],
      [18, 1_000],
      [1_700, 100],
      [8_000, 50],
      [20_000, 20],
      [117_000, 10],
      [287_000, 6],
    ]);
  });

  it('refuses a table whose totals differ from the seed', () => {
    const { prizes, seed, block_size } = anneeChance2013;
    expect(() => checkPrizeTable('annee-chance-2013', prizes, seed, block_size)).not.toThrow();
    expect(() => checkPrizeTable('annee-chance-2013', prizes, { ...seed, amount_cents: 395_000_000 }, block_size)).toThrow(
      /totals 396000000 cents, the seed prints 395000000/,
    );
    const typo = prizes.map((t) => (t.amount_cents === EUROS(50) ? { ...t, amount_cents: EUROS(40) } : t));
    expect(() => checkPrizeTable('annee-chance-2013', typo, seed, block_size)).toThrow(GameRuleError);
  });

  it('has twelve months labelled Janvier … Décembre and a bonus clover', () => {
    expect(anneeChance2013.surfaces).toEqual([
      expect.objectContaining({ key: 'months', zones: 12 }),
      expect.objectContaining({ key: 'bonus', zones: 1 }),
    ]);
    const labels = (anneeChance2013.surfaces[0] as LabelledSurfaceDef).zone_labels;
    expect(labels).toEqual([
      'Janvier',
      'Février',
      'Mars',
      'Avril',
      'Mai',
      'Juin',
      'Juillet',
      'Août',
      'Septembre',
      'Octobre',
      'Novembre',
      'Décembre',
    ]);
  });

  it('has its own set of 8 to 10 short lowercase symbols, clover and horseshoe among them', () => {
    const symbols = anneeChance2013.symbols.months ?? [];
    expect(symbols.length).toBeGreaterThanOrEqual(8);
    expect(symbols.length).toBeLessThanOrEqual(10);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const s of symbols) expect(s).toMatch(/^[a-z]{1,12}$/);
    expect(symbols).toEqual(expect.arrayContaining(['clover', 'horseshoe']));
  });
});

describe('annee-chance-2013 rules (seed 002, article 4)', () => {
  it('a ticket with no identical pair and no 13 wins nothing', () => {
    expect(anneeChance2013.evaluate(play())).toEqual({ prize_cents: 0, winning: [] });
  });

  it('a month wins its gain when its two symbols are identical (4.2.2)', () => {
    expect(anneeChance2013.evaluate(play({ 6: EUROS(50) }))).toEqual({
      prize_cents: EUROS(50),
      winning: [{ surface: 'months', index: 6, amount_cents: EUROS(50) }],
    });
    expect(prizeOf(play({ 0: EUROS(10) }))).toBe(EUROS(10));
    expect(prizeOf(play({ 11: EUROS(6) }))).toBe(EUROS(6));
  });

  it('several winning months add up (4.2.3)', () => {
    const result = anneeChance2013.evaluate(play({ 2: EUROS(50), 3: EUROS(20), 10: EUROS(10) }));
    expect(result.prize_cents).toBe(EUROS(80));
    expect(result.winning.map((z) => z.index)).toEqual([2, 3, 10]);
  });

  it('the gain under a losing month is not won, however big', () => {
    const p = play();
    expect(p.months.some((m) => m.gain === EUROS(40_000))).toBe(true);
    expect(prizeOf(p)).toBe(0);
  });

  it('the bonus clover wins its amount when its number is 13 (4.3.2)', () => {
    expect(anneeChance2013.evaluate(play({}, { number: 13, amount: EUROS(20) }))).toEqual({
      prize_cents: EUROS(20),
      winning: [{ surface: 'bonus', index: 0, amount_cents: EUROS(20) }],
    });
  });

  it('every other number loses, whatever the amount (4.3.3)', () => {
    for (let number = 1; number <= 12; number++) {
      expect(prizeOf(play({}, { number, amount: EUROS(40_000) }))).toBe(0);
    }
  });

  it('months and bonus winning add up to one prize', () => {
    const result = anneeChance2013.evaluate(play({ 8: EUROS(50) }, { number: 13, amount: EUROS(50) }));
    expect(result.prize_cents).toBe(EUROS(100));
    expect(result.winning).toEqual([
      { surface: 'months', index: 8, amount_cents: EUROS(50) },
      { surface: 'bonus', index: 0, amount_cents: EUROS(50) },
    ]);
  });
});

describe('annee-chance-2013 parse', () => {
  it('returns well-formed play data as it is', () => {
    const p = json(play({ 1: EUROS(10) }, { number: 13, amount: EUROS(10) }));
    expect(anneeChance2013.parse(p)).toBe(p);
    expect(prizeOf(p)).toBe(EUROS(20));
  });

  const month = (p: Json, i: number): Record<string, unknown> => p.months[i] as Record<string, unknown>;

  it.each<[string, (p: Json) => unknown, string, RegExp]>([
    ['root null', () => null, '', /not an object/],
    ['root array', () => [1], '', /not an object \(got an array of 1\)/],
    ['unknown root key', (p) => ({ ...p, Bonus: p.bonus }), '', /unknown key "Bonus"/],
    ['months missing', ({ bonus }) => ({ bonus }), 'months', /is missing/],
    ['bonus missing', ({ months }) => ({ months }), 'bonus', /is missing/],
    ['months a string', (p) => ({ ...p, months: 'janvier' }), 'months', /not an array of 12 months/],
    ['no months', (p) => ({ ...p, months: [] }), 'months', /has 0 months, expected 12/],
    ['13 months', (p) => ({ ...p, months: [...p.months, p.months[0]] }), 'months', /has 13 months, expected 12/],
    ['month a number', (p) => ((p.months[3] = 5 as never), p), 'months[3]', /not an object \(got 5\)/],
    ['month with Happy key', (p) => ((p.months[3] = { symbols: ['clover', 'clover'], amount: 600 }), p), 'months[3]', /unknown key "amount"/],
    ['gain missing', (p) => (delete month(p, 11).gain, p), 'months[11].gain', /is missing/],
    ['symbols missing', (p) => (delete month(p, 0).symbols, p), 'months[0].symbols', /is missing/],
    ['symbols an object', (p) => ((month(p, 3).symbols = { 0: 'clover', 1: 'clover' }), p), 'months[3].symbols', /not an array of 2 symbols/],
    ['no symbol', (p) => ((month(p, 3).symbols = []), p), 'months[3].symbols', /has 0 symbols, expected 2/],
    ['three symbols', (p) => ((month(p, 3).symbols = ['key', 'key', 'key']), p), 'months[3].symbols', /has 3 symbols, expected 2/],
    ['symbol of another game', (p) => ((month(p, 3).symbols = ['clover', 'sun']), p), 'months[3].symbols', /"sun" is not in the game's set/],
    ['symbol null', (p) => ((month(p, 3).symbols = [null, 'clover']), p), 'months[3].symbols', /symbol null is not in the game's set/],
    ['gain 0', (p) => ((month(p, 11).gain = 0), p), 'months[11].gain', /not a positive integer number of cents/],
    ['gain negative', (p) => ((month(p, 11).gain = -1000), p), 'months[11].gain', /not a positive integer/],
    ['gain in euros as text', (p) => ((month(p, 11).gain = '10 €'), p), 'months[11].gain', /not a positive integer/],
    ['gain not whole euros', (p) => ((month(p, 11).gain = 1050), p), 'months[11].gain', /not whole euros/],
    ['bonus a number', (p) => ({ ...p, bonus: 13 }), 'bonus', /not an object \(got 13\)/],
    ['bonus null', (p) => ({ ...p, bonus: null }), 'bonus', /not an object/],
    ['bonus unknown key', (p) => ((p.bonus.gain = 600), p), 'bonus', /unknown key "gain"/],
    ['bonus number missing', (p) => (delete p.bonus.number, p), 'bonus.number', /is missing/],
    ['bonus amount missing', (p) => (delete p.bonus.amount, p), 'bonus.amount', /is missing/],
    ['bonus number 0', (p) => ((p.bonus.number = 0), p), 'bonus.number', /not an integer from 1 to 13 \(got 0\)/],
    ['bonus number 14', (p) => ((p.bonus.number = 14), p), 'bonus.number', /not an integer from 1 to 13/],
    ['bonus number 12.5', (p) => ((p.bonus.number = 12.5), p), 'bonus.number', /not an integer from 1 to 13/],
    ['bonus number as text', (p) => ((p.bonus.number = '13'), p), 'bonus.number', /not an integer from 1 to 13 \(got "13"\)/],
    ['bonus amount 0', (p) => ((p.bonus.amount = 0), p), 'bonus.amount', /not a positive integer number of cents/],
    ['bonus amount not whole euros', (p) => ((p.bonus.amount = 999), p), 'bonus.amount', /not whole euros/],
  ])('rejects %s', (_, breakIt, zone, problem) => {
    expectPlayDataError(breakIt(json()), zone, problem);
  });

  it('accepts every bonus number from 1 to 13 and no other', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double()), (number) => {
        const p = json();
        p.bonus.number = number;
        if (Number.isInteger(number) && number >= 1 && number <= 13) expect(anneeChance2013.parse(p)).toBe(p);
        else expectPlayDataError(p, 'bonus.number', /not an integer from 1 to 13/);
      }),
    );
  });
});

describe('annee-chance-2013 layout', () => {
  const prizes = [0, ...TABLE];

  it('wins exactly the prize asked, parses, and looks like a real ticket', () => {
    fc.assert(
      fc.property(fc.constantFrom(...prizes), fc.nat(), (prize, seed) => {
        const p = anneeChance2013.layout(prize, createRng(seed));
        const copy = JSON.parse(JSON.stringify(p)) as unknown;
        const result = anneeChance2013.evaluate(anneeChance2013.parse(copy));
        expect(result.prize_cents).toBe(prize);
        expect(result.winning.length).toBeLessThanOrEqual(4);
        if (prize === 0) expect(result.winning).toEqual([]);
        for (const m of p.months) {
          expect(TABLE).toContain(m.gain);
          expect(new Set(m.symbols).size === 1).toBe(result.winning.some((z) => z.surface === 'months' && p.months[z.index] === m));
        }
        expect(p.bonus.number).toBeGreaterThanOrEqual(1);
        expect(p.bonus.number).toBeLessThanOrEqual(13);
        expect(TABLE).toContain(p.bonus.amount);
      }),
      { numRuns: 3000 },
    );
  });

  it('is deterministic in the rng', () => {
    const draw = (seed: number): unknown[] => prizes.map((prize) => anneeChance2013.layout(prize, createRng(seed)));
    expect(draw(2013)).toEqual(draw(2013));
    expect(draw(2013)).not.toEqual(draw(2014));
  });

  it('refuses a prize outside the table', () => {
    for (const prize of [1, 400, EUROS(30_000), EUROS(9), -1000]) {
      expect(() => anneeChance2013.layout(prize, createRng(1))).toThrow(GameRuleError);
    }
  });

  it('splits 20 € every way real tickets do, single zones staying the most common', () => {
    const rng = createRng(13);
    const shapes = new Map<string, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const { winning } = anneeChance2013.evaluate(anneeChance2013.layout(EUROS(20), rng));
      const shape = winning.map((z) => `${z.surface}:${z.amount_cents / 100}`).join('+');
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
    expect([...shapes.keys()].sort()).toEqual(['bonus:20', 'months:10+bonus:10', 'months:10+months:10', 'months:20']);
    expect(shapes.get('months:20') ?? 0).toBeGreaterThan(n * 0.4);
  });

  it('offers only splits into at most four table amounts with at most one bonus', () => {
    for (const prize of TABLE) {
      for (const split of ANNEE_CHANCE_2013_SPLITS.of(prize)) {
        const parts = [...split.months, ...(split.bonus ? [split.bonus] : [])];
        expect(parts.reduce((a, b) => a + b, 0)).toBe(prize);
        expect(parts.length).toBeLessThanOrEqual(4);
        for (const part of parts) expect(TABLE).toContain(part);
      }
    }
    expect(ANNEE_CHANCE_2013_SPLITS.of(EUROS(100)).map((s) => s.months.length + (s.bonus ? 1 : 0))).toContain(4);
  });

  it('a losing bonus shows every number from 1 to 12 and table amounts, a winning one 13', () => {
    const rng = createRng(5);
    const numbers = new Set<number>();
    const amounts = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const { bonus } = anneeChance2013.layout(0, rng);
      numbers.add(bonus.number);
      amounts.add(bonus.amount);
    }
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([...amounts].every((a) => TABLE.includes(a))).toBe(true);
    expect(amounts.size).toBeGreaterThanOrEqual(5);
    let thirteens = 0;
    for (let i = 0; i < 300; i++) {
      const p = anneeChance2013.layout(EUROS(40_000), rng);
      if (p.bonus.number === 13) {
        thirteens++;
        expect(p.bonus.amount).toBe(EUROS(40_000));
      }
    }
    expect(thirteens).toBeGreaterThan(0);
    expect(thirteens).toBeLessThan(300 / 2);
  });

  it('goes through the engine API by code', () => {
    const rng = createRng('annee-chance-2013');
    for (const prize of prizes) {
      expect(enginePrizeOf('annee-chance-2013', layoutFor('annee-chance-2013', prize, rng)).prize_cents).toBe(prize);
    }
    expect(() => layoutFor(anneeChance2013, 700, rng)).toThrow(GameRuleError);
  });
});
