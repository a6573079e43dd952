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

function fail(zone: string, problem: string): never {
  throw new PlayDataError(GAME, zone, problem);
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

/** Path of element `index` of surface `key`: `jeu1[2]`. */
function at(key: string, index: number): string {
  return `${key}[${index}]`;
}

function requireObject(value: unknown, zone: string): Fields {
  if (value === undefined) fail(zone, 'missing');
  if (!isObject(value)) fail(zone, `not an object (got ${describe(value)})`);
  return value;
}

function requireArray(value: unknown, zone: string, length: number, items: string): readonly unknown[] {
  if (value === undefined) fail(zone, 'missing');
  if (!Array.isArray(value)) fail(zone, `must be an array of ${length} ${items} (got ${describe(value)})`);
  if (value.length !== length) fail(zone, `has ${value.length} ${items}, expected ${length}`);
  return value;
}

/** Throws unless `value` is a positive whole number of euros, in cents. */
function checkAmount(value: unknown, zone: string): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value % 100 === 0) return;
  if (value === undefined) fail(zone, 'missing');
  if (typeof value !== 'number') fail(zone, `must be an amount in cents (got ${describe(value)})`);
  if (!Number.isInteger(value)) fail(zone, `must be an integer number of cents (got ${value})`);
  if (value <= 0) fail(zone, `must be a positive amount (got ${value})`);
  if (!Number.isSafeInteger(value)) fail(zone, `is too large (${value})`);
  fail(zone, `must be whole euros, a multiple of 100 cents (got ${value})`);
}

/** Throws unless `value` is a positive integer number of grams. */
function checkWeight(value: unknown, zone: string): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return;
  if (value === undefined) fail(zone, 'missing');
  if (typeof value !== 'number') fail(zone, `must be a weight in grams (got ${describe(value)})`);
  if (!Number.isInteger(value)) fail(zone, `must be an integer number of grams (got ${value})`);
  if (value <= 0) fail(zone, `must be a positive weight (got ${value})`);
  fail(zone, `is too large (${value})`);
}

function checkSymbol(value: unknown, zone: string, set: readonly string[], surface: string): void {
  if (typeof value === 'string' && set.includes(value)) return;
  if (value === undefined) fail(zone, 'missing');
  if (typeof value !== 'string') fail(zone, `must be a symbol (got ${describe(value)})`);
  fail(zone, `'${value}' is not a ${surface} symbol (${set.join(', ')})`);
}

function checkJeu1(value: unknown): void {
  const zones = requireArray(value, 'jeu1', JEU1_ZONES, 'zones');
  for (let i = 0; i < JEU1_ZONES; i++) {
    const zone = requireObject(zones[i], at('jeu1', i));
    for (const key in zone) if (key !== 'stars' && key !== 'gain') fail(at('jeu1', i), `unknown key '${key}'`);
    const stars = requireArray(zone.stars, `${at('jeu1', i)}.stars`, STARS_PER_ZONE, 'star symbols');
    for (let s = 0; s < STARS_PER_ZONE; s++) checkSymbol(stars[s], `${at('jeu1', i)}.stars[${s}]`, JEU1_STARS, 'Jeu 1');
    if (stars[0] === stars[1] && stars[1] === stars[2]) {
      fail(`${at('jeu1', i)}.stars`, `three identical stars ('${String(stars[0])}'): a zone shows at most two`);
    }
    checkAmount(zone.gain, `${at('jeu1', i)}.gain`);
  }
}

function checkJeu2(value: unknown): void {
  const ingots = requireArray(value, 'jeu2', JEU2_INGOTS, 'amounts');
  let pairFirst = -1;
  let pairSecond = -1;
  for (let i = 0; i < JEU2_INGOTS; i++) {
    const amount = ingots[i];
    checkAmount(amount, at('jeu2', i));
    for (let j = 0; j < i; j++) {
      if (ingots[j] !== amount) continue;
      if (pairFirst < 0) {
        pairFirst = j;
        pairSecond = i;
      } else if (ingots[pairFirst] === amount) {
        fail(at('jeu2', i), `three identical amounts (${String(amount)} cents, also at jeu2[${pairFirst}] and jeu2[${pairSecond}])`);
      } else {
        fail(
          at('jeu2', i),
          `two pairs (${String(amount)} cents, also at jeu2[${j}], and ${String(ingots[pairFirst])} cents at jeu2[${pairFirst}] and jeu2[${pairSecond}]): at most one pair`,
        );
      }
      break;
    }
  }
}

function checkJeu3(value: unknown): void {
  const zones = requireArray(value, 'jeu3', JEU3_ZONES, 'zones');
  for (let i = 0; i < JEU3_ZONES; i++) {
    const zone = requireObject(zones[i], at('jeu3', i));
    for (const key in zone) {
      if (key !== 'diamant' && key !== 'saphir' && key !== 'gain') fail(at('jeu3', i), `unknown key '${key}'`);
    }
    checkWeight(zone.diamant, `${at('jeu3', i)}.diamant`);
    checkWeight(zone.saphir, `${at('jeu3', i)}.saphir`);
    checkAmount(zone.gain, `${at('jeu3', i)}.gain`);
  }
}

function checkJeu4(value: unknown): void {
  const coins = requireArray(value, 'jeu4', JEU4_COINS, 'coins');
  for (let i = 0; i < JEU4_COINS; i++) {
    const coin = requireObject(coins[i], at('jeu4', i));
    for (const key in coin) if (key !== 'symbol' && key !== 'amount') fail(at('jeu4', i), `unknown key '${key}'`);
    checkSymbol(coin.symbol, `${at('jeu4', i)}.symbol`, JEU4_SYMBOLS, 'Jeu 4');
    checkAmount(coin.amount, `${at('jeu4', i)}.amount`);
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
  if (!isObject(play)) fail('', `not an object (got ${describe(play)})`);
  for (const key in play) {
    if (key !== 'jeu1' && key !== 'jeu2' && key !== 'jeu3' && key !== 'jeu4') fail('', `unknown key '${key}'`);
  }
  checkJeu1(play.jeu1);
  checkJeu2(play.jeu2);
  checkJeu3(play.jeu3);
  checkJeu4(play.jeu4);
  return play as unknown as MillionnairePlay;
}
