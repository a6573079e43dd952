/**
 * Validation of untrusted Millionnaire play data in the canonical JSON shape of games.md.
 * It runs once per unit when a block is verified, so the happy path allocates nothing:
 * it walks the input in place and returns it typed; messages are built only when something is wrong.
 */
import { PlayDataError } from '../errors.js';
import {
  JEU1_STARS,
  JEU1_ZONES,
  JEU2_INGOTS,
  JEU3_ZONES,
  JEU4_COINS,
  JEU4_SYMBOLS,
  STARS_PER_ZONE,
  type MillionnairePlay,
} from './play.js';

const GAME = 'millionnaire';

/**
 * A zone is named by its surface key, its index (-1 for none) and a field ('' for none), and the path
 * `jeu1[2].gain` is only built when something fails: the happy path allocates no strings.
 */
function path(key: string, index: number, field: string): string {
  return `${key}${index >= 0 ? `[${index}]` : ''}${field === '' ? '' : `.${field}`}`;
}

function fail(key: string, index: number, field: string, problem: string): never {
  throw new PlayDataError(GAME, path(key, index, field), problem);
}

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number') return String(value);
  return typeof value;
}

/** Membership by hash: a Set is several times faster than `includes` on the hot path. */
const STAR_SET: ReadonlySet<string> = new Set(JEU1_STARS);
const COIN_SET: ReadonlySet<string> = new Set(JEU4_SYMBOLS);

const STAR_FIELDS = Array.from({ length: STARS_PER_ZONE }, (_, s) => `stars[${s}]`);

function requireObject(value: unknown, key: string, index: number): Fields {
  if (isObject(value)) return value;
  if (value === undefined) fail(key, index, '', 'missing');
  fail(key, index, '', `not an object (got ${describe(value)})`);
}

function requireArray(value: unknown, length: number, items: string, key: string, index: number, field: string): readonly unknown[] {
  if (Array.isArray(value) && value.length === length) return value;
  if (value === undefined) fail(key, index, field, 'missing');
  if (!Array.isArray(value)) fail(key, index, field, `must be an array of ${length} ${items} (got ${describe(value)})`);
  fail(key, index, field, `has ${value.length} ${items}, expected ${length}`);
}

/** Throws unless `value` is a positive whole number of euros, in cents. */
function checkAmount(value: unknown, key: string, index: number, field: string): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value % 100 === 0) return;
  if (value === undefined) fail(key, index, field, 'missing');
  if (typeof value !== 'number') fail(key, index, field, `must be an amount in cents (got ${describe(value)})`);
  if (!Number.isInteger(value)) fail(key, index, field, `must be an integer number of cents (got ${value})`);
  if (value <= 0) fail(key, index, field, `must be a positive amount (got ${value})`);
  if (!Number.isSafeInteger(value)) fail(key, index, field, `is too large (${value})`);
  fail(key, index, field, `must be whole euros, a multiple of 100 cents (got ${value})`);
}

/** Throws unless `value` is a positive integer number of grams. */
function checkWeight(value: unknown, key: string, index: number, field: string): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return;
  if (value === undefined) fail(key, index, field, 'missing');
  if (typeof value !== 'number') fail(key, index, field, `must be a weight in grams (got ${describe(value)})`);
  if (!Number.isInteger(value)) fail(key, index, field, `must be an integer number of grams (got ${value})`);
  if (value <= 0) fail(key, index, field, `must be a positive weight (got ${value})`);
  fail(key, index, field, `is too large (${value})`);
}

function checkSymbol(value: unknown, set: ReadonlySet<string>, surface: string, key: string, index: number, field: string): void {
  if (typeof value === 'string' && set.has(value)) return;
  if (value === undefined) fail(key, index, field, 'missing');
  if (typeof value !== 'string') fail(key, index, field, `must be a symbol (got ${describe(value)})`);
  fail(key, index, field, `'${value}' is not a ${surface} symbol (${[...set].join(', ')})`);
}

function checkJeu1(value: unknown): void {
  const zones = requireArray(value, JEU1_ZONES, 'zones', 'jeu1', -1, '');
  for (let i = 0; i < JEU1_ZONES; i++) {
    const zone = requireObject(zones[i], 'jeu1', i);
    for (const key in zone) if (key !== 'stars' && key !== 'gain') fail('jeu1', i, '', `unknown key '${key}'`);
    const stars = requireArray(zone.stars, STARS_PER_ZONE, 'star symbols', 'jeu1', i, 'stars');
    for (let s = 0; s < STARS_PER_ZONE; s++) checkSymbol(stars[s], STAR_SET, 'Jeu 1', 'jeu1', i, STAR_FIELDS[s] as string);
    if (stars[0] === stars[1] && stars[1] === stars[2]) {
      fail('jeu1', i, 'stars', `three identical stars ('${String(stars[0])}'): a zone shows at most two`);
    }
    checkAmount(zone.gain, 'jeu1', i, 'gain');
  }
}

function checkJeu2(value: unknown): void {
  const ingots = requireArray(value, JEU2_INGOTS, 'amounts', 'jeu2', -1, '');
  let pairFirst = -1;
  let pairSecond = -1;
  for (let i = 0; i < JEU2_INGOTS; i++) {
    const amount = ingots[i];
    checkAmount(amount, 'jeu2', i, '');
    for (let j = 0; j < i; j++) {
      if (ingots[j] !== amount) continue;
      if (pairFirst < 0) {
        pairFirst = j;
        pairSecond = i;
      } else if (ingots[pairFirst] === amount) {
        fail('jeu2', i, '', `three identical amounts (${String(amount)} cents, also at jeu2[${pairFirst}] and jeu2[${pairSecond}])`);
      } else {
        fail(
          'jeu2',
          i,
          '',
          `two pairs (${String(amount)} cents, also at jeu2[${j}], and ${String(ingots[pairFirst])} cents at jeu2[${pairFirst}] and jeu2[${pairSecond}]): at most one pair`,
        );
      }
      break;
    }
  }
}

function checkJeu3(value: unknown): void {
  const zones = requireArray(value, JEU3_ZONES, 'zones', 'jeu3', -1, '');
  for (let i = 0; i < JEU3_ZONES; i++) {
    const zone = requireObject(zones[i], 'jeu3', i);
    for (const key in zone) {
      if (key !== 'diamant' && key !== 'saphir' && key !== 'gain') fail('jeu3', i, '', `unknown key '${key}'`);
    }
    checkWeight(zone.diamant, 'jeu3', i, 'diamant');
    checkWeight(zone.saphir, 'jeu3', i, 'saphir');
    checkAmount(zone.gain, 'jeu3', i, 'gain');
  }
}

function checkJeu4(value: unknown): void {
  const coins = requireArray(value, JEU4_COINS, 'coins', 'jeu4', -1, '');
  for (let i = 0; i < JEU4_COINS; i++) {
    const coin = requireObject(coins[i], 'jeu4', i);
    for (const key in coin) if (key !== 'symbol' && key !== 'amount') fail('jeu4', i, '', `unknown key '${key}'`);
    checkSymbol(coin.symbol, COIN_SET, 'Jeu 4', 'jeu4', i, 'symbol');
    checkAmount(coin.amount, 'jeu4', i, 'amount');
  }
}

/**
 * Checks that `play` is a well-formed Millionnaire unit and returns it typed (the same object, not a copy).
 * Throws `PlayDataError` naming the zone path (`jeu1[2].stars`, `jeu2[5]`, `jeu3[1].diamant`, `` for the root)
 * and the problem: wrong type, missing or unknown key, wrong array length, unknown symbol, three identical
 * stars in a Jeu 1 zone, two pairs or three identical amounts in Jeu 2, an amount that is not a positive
 * whole number of euros, a weight that is not a positive integer.
 */
export function parseMillionnaire(play: unknown): MillionnairePlay {
  if (!isObject(play)) fail('', -1, '', `not an object (got ${describe(play)})`);
  for (const key in play) {
    if (key !== 'jeu1' && key !== 'jeu2' && key !== 'jeu3' && key !== 'jeu4') fail('', -1, '', `unknown key '${key}'`);
  }
  checkJeu1(play.jeu1);
  checkJeu2(play.jeu2);
  checkJeu3(play.jeu3);
  checkJeu4(play.jeu4);
  return play as unknown as MillionnairePlay;
}
