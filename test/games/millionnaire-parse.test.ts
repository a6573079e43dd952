import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlayDataError } from '../../games/errors.js';
import { millionnaire } from '../../games/millionnaire/game.js';
import { createRng } from '../../games/rng.js';
import { losingMillionnaire } from './millionnaire-sample.js';

/** A well-formed unit in the canonical JSON shape whose only win is its last coin, a sac of 100 000 €. */
const BASE = { ...losingMillionnaire(), jeu4: [...losingMillionnaire().jeu4.slice(0, 5), { symbol: 'sac', amount: 10_000_000 }] };

type Fields = Record<string, unknown>;
type Json = Fields & { jeu1: Fields[]; jeu2: unknown[]; jeu3: Fields[]; jeu4: Fields[] };

/** Zone `i` of a surface, for editing. */
const zone = (list: Fields[], i: number): Fields => list[i] as Fields;

function edited(edit: (play: Json) => void): unknown {
  const play = structuredClone(BASE) as unknown as Json;
  edit(play);
  return play;
}

/** The PlayDataError that parsing `play` throws. */
function rejection(play: unknown): PlayDataError {
  try {
    millionnaire.parse(play);
  } catch (error) {
    expect(error).toBeInstanceOf(PlayDataError);
    return error as PlayDataError;
  }
  throw new Error('parse accepted malformed play data');
}

type Case = readonly [what: string, play: unknown, zone: string, problem: RegExp];

const notWholeAmounts = (zone: string, set: (p: Json, v: unknown) => void): Case[] => [
  [`${zone} = 0`, edited((p) => set(p, 0)), zone, /positive amount/],
  [`${zone} < 0`, edited((p) => set(p, -1000)), zone, /positive amount/],
  [`${zone} not an integer`, edited((p) => set(p, 1000.5)), zone, /integer number of cents/],
  [`${zone} NaN`, edited((p) => set(p, Number.NaN)), zone, /integer number of cents/],
  [`${zone} not whole euros`, edited((p) => set(p, 1050)), zone, /whole euros/],
  [`${zone} a string`, edited((p) => set(p, '1000')), zone, /amount in cents .*string/],
  [`${zone} null`, edited((p) => set(p, null)), zone, /amount in cents .*null/],
  [`${zone} missing`, edited((p) => set(p, undefined)), zone, /^missing$/],
  [`${zone} too large`, edited((p) => set(p, 1e20)), zone, /too large/],
];

const badWeights = (zone: string, set: (p: Json, v: unknown) => void): Case[] => [
  [`${zone} = 0`, edited((p) => set(p, 0)), zone, /positive weight/],
  [`${zone} < 0`, edited((p) => set(p, -3)), zone, /positive weight/],
  [`${zone} not an integer`, edited((p) => set(p, 12.5)), zone, /integer number of grams/],
  [`${zone} a string`, edited((p) => set(p, '12')), zone, /weight in grams/],
  [`${zone} missing`, edited((p) => set(p, undefined)), zone, /^missing$/],
];

const CASES: Case[] = [
  // The root.
  ['null', null, '', /not an object/],
  ['an array', [], '', /not an object/],
  ['a string', 'jeu1', '', /not an object/],
  ['unknown root key', edited((p) => (p.bonus = 0)), '', /unknown key 'bonus'/],
  ['missing jeu3', edited((p) => delete (p as Fields).jeu3), 'jeu3', /^missing$/],
  // Array lengths and types.
  ['jeu1 not an array', edited((p) => (p.jeu1 = {} as never)), 'jeu1', /must be an array of 6 zones/],
  ['jeu1 with 5 zones', edited((p) => p.jeu1.pop()), 'jeu1', /has 5 zones, expected 6/],
  ['jeu1 with 7 zones', edited((p) => p.jeu1.push(p.jeu1[0] as never)), 'jeu1', /has 7 zones, expected 6/],
  ['jeu2 with 7 amounts', edited((p) => p.jeu2.pop()), 'jeu2', /has 7 amounts, expected 8/],
  ['jeu2 with 9 amounts', edited((p) => p.jeu2.push(50_000)), 'jeu2', /has 9 amounts, expected 8/],
  ['jeu3 with 2 zones', edited((p) => p.jeu3.pop()), 'jeu3', /has 2 zones, expected 3/],
  ['jeu3 with 4 zones', edited((p) => p.jeu3.push({ diamant: 1, saphir: 2, gain: 1000 })), 'jeu3', /has 4 zones, expected 3/],
  ['jeu4 with 5 coins', edited((p) => p.jeu4.pop()), 'jeu4', /has 5 coins, expected 6/],
  ['jeu4 a string', edited((p) => (p.jeu4 = 'sac' as never)), 'jeu4', /must be an array of 6 coins/],
  // Jeu 1.
  ['jeu1 zone null', edited((p) => (p.jeu1[2] = null as never)), 'jeu1[2]', /not an object/],
  ['jeu1 zone an array', edited((p) => (p.jeu1[2] = [] as never)), 'jeu1[2]', /not an object/],
  ['jeu1 zone unknown key', edited((p) => (zone(p.jeu1, 2).won = true)), 'jeu1[2]', /unknown key 'won'/],
  ['jeu1 stars missing', edited((p) => delete zone(p.jeu1, 2).stars), 'jeu1[2].stars', /^missing$/],
  ['jeu1 two stars', edited((p) => (zone(p.jeu1, 2).stars = ['ruby', 'gold'])), 'jeu1[2].stars', /has 2 star symbols, expected 3/],
  ['jeu1 unknown star', edited((p) => (zone(p.jeu1, 2).stars = ['ruby', 'diamond', 'gold'])), 'jeu1[2].stars[1]', /'diamond' is not a Jeu 1 symbol/],
  ['jeu1 star in capitals', edited((p) => (zone(p.jeu1, 2).stars = ['ruby', 'gold', 'Ruby'])), 'jeu1[2].stars[2]', /'Ruby' is not a Jeu 1 symbol/],
  ['jeu1 coin symbol as star', edited((p) => (zone(p.jeu1, 2).stars = ['sac', 'gold', 'ruby'])), 'jeu1[2].stars[0]', /not a Jeu 1 symbol/],
  ['jeu1 star a number', edited((p) => (zone(p.jeu1, 2).stars = [3, 'gold', 'ruby'])), 'jeu1[2].stars[0]', /must be a symbol/],
  ['jeu1 three identical stars', edited((p) => (zone(p.jeu1, 2).stars = ['gold', 'gold', 'gold'])), 'jeu1[2].stars', /three identical stars \('gold'\)/],
  ...notWholeAmounts('jeu1[2].gain', (p, v) => (zone(p.jeu1, 2).gain = v)),
  // Jeu 2.
  ...notWholeAmounts('jeu2[5]', (p, v) => (p.jeu2[5] = v)),
  ['jeu2 three identical amounts', edited((p) => (p.jeu2 = [1000, 2000, 1000, 5000, 10000, 1000, 15000, 100_000])), 'jeu2[5]', /three identical amounts \(1000 cents/],
  ['jeu2 two pairs', edited((p) => (p.jeu2 = [1000, 2000, 1000, 5000, 2000, 10000, 15000, 100_000])), 'jeu2[4]', /two pairs .*at most one pair/],
  ['jeu2 four identical amounts', edited((p) => (p.jeu2 = [1000, 1000, 1000, 1000, 2000, 5000, 10000, 15000])), 'jeu2[2]', /three identical amounts/],
  // Jeu 3.
  ['jeu3 zone a number', edited((p) => (p.jeu3[1] = 7 as never)), 'jeu3[1]', /not an object \(got 7\)/],
  ['jeu3 zone unknown key', edited((p) => (zone(p.jeu3, 1).rubis = 3)), 'jeu3[1]', /unknown key 'rubis'/],
  ...badWeights('jeu3[1].diamant', (p, v) => (zone(p.jeu3, 1).diamant = v)),
  ...badWeights('jeu3[1].saphir', (p, v) => (zone(p.jeu3, 1).saphir = v)),
  ...notWholeAmounts('jeu3[1].gain', (p, v) => (zone(p.jeu3, 1).gain = v)),
  // Jeu 4.
  ['jeu4 coin a string', edited((p) => (p.jeu4[0] = 'sac' as never)), 'jeu4[0]', /not an object/],
  ['jeu4 coin unknown key', edited((p) => (zone(p.jeu4, 0).gain = 1000)), 'jeu4[0]', /unknown key 'gain'/],
  ['jeu4 unknown symbol', edited((p) => (zone(p.jeu4, 0).symbol = 'bag')), 'jeu4[0].symbol', /'bag' is not a Jeu 4 symbol/],
  ['jeu4 symbol in capitals', edited((p) => (zone(p.jeu4, 0).symbol = 'SAC')), 'jeu4[0].symbol', /'SAC' is not a Jeu 4 symbol/],
  ['jeu4 star symbol on a coin', edited((p) => (zone(p.jeu4, 0).symbol = 'ruby')), 'jeu4[0].symbol', /not a Jeu 4 symbol/],
  ['jeu4 symbol missing', edited((p) => delete zone(p.jeu4, 0).symbol), 'jeu4[0].symbol', /^missing$/],
  ...notWholeAmounts('jeu4[0].amount', (p, v) => (zone(p.jeu4, 0).amount = v)),
];

describe('millionnaire parse', () => {
  it('accepts a well-formed unit and returns it as it is', () => {
    const play = structuredClone(BASE);
    expect(millionnaire.parse(play)).toBe(play);
    expect(millionnaire.evaluate(millionnaire.parse(play)).prize_cents).toBe(10_000_000);
  });

  it('accepts amounts that are whole euros but not in the table, and any positive weights', () => {
    const play = edited((p) => {
      zone(p.jeu1, 0).gain = 700;
      p.jeu3[0] = { diamant: 1000, saphir: 999, gain: 123_400 };
    });
    expect(millionnaire.evaluate(millionnaire.parse(play)).prize_cents).toBe(10_000_000 + 123_400);
  });

  it.each(CASES)('rejects %s', (_what, play, zone, problem) => {
    const error = rejection(play);
    expect(error.game).toBe('millionnaire');
    expect(error.zone).toBe(zone);
    expect(error.problem).toMatch(problem);
    expect(error.message).toContain(zone);
  });

  it('rejects any generated unit where one amount stops being whole euros', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 99 }), (seed, slot, cents) => {
        const play = structuredClone(millionnaire.layout(0, createRng(seed))) as unknown as Json;
        const add = (fields: Fields, key: string): void => void (fields[key] = (fields[key] as number) + cents);
        let path: string;
        if (slot < 6) {
          add(zone(play.jeu1, slot), 'gain');
          path = `jeu1[${slot}].gain`;
        } else if (slot < 14) {
          play.jeu2[slot - 6] = (play.jeu2[slot - 6] as number) + cents;
          path = `jeu2[${slot - 6}]`;
        } else if (slot < 17) {
          add(zone(play.jeu3, slot - 14), 'gain');
          path = `jeu3[${slot - 14}].gain`;
        } else {
          add(zone(play.jeu4, slot - 17), 'amount');
          path = `jeu4[${slot - 17}].amount`;
        }
        const error = rejection(play);
        expect([error.zone, error.problem]).toEqual([path, expect.stringMatching(/whole euros/)]);
      }),
      { numRuns: 300 },
    );
  });
});
