/**
 * Validation of the canonical play JSON of the months games. The checks read the input in place and
 * build no copies; an error names the zone (`months[3].symbols`, `bonus.number`, `` for the root).
 */
import { PlayDataError } from '../errors.js';
import { isPositiveWholeEuros } from './amounts.js';
import { MONTH_COUNT } from './calendar.js';
import type { SymbolSet } from './symbols.js';

type Fields = Readonly<Record<string, unknown>>;

/** A short, safe description of an offending value for an error message. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** `months[3]` + `gain` → `months[3].gain`; the root zone is ``. */
export function zoneOf(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/** The value as a plain JSON object, or a `PlayDataError` ("is not an object"). */
export function expectObject(game: string, zone: string, value: unknown): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PlayDataError(game, zone, `is not an object (got ${describe(value)})`);
  }
  return value as Fields;
}

/** Rejects any key outside `keys`, then any of `keys` that is missing. */
export function expectKeys(game: string, zone: string, fields: Fields, keys: readonly string[]): void {
  for (const key in fields) {
    if (!keys.includes(key)) {
      throw new PlayDataError(game, zone, `unknown key ${JSON.stringify(key)} (expected ${keys.join(', ')})`);
    }
  }
  for (const key of keys) {
    if (fields[key] === undefined) throw new PlayDataError(game, zoneOf(zone, key), 'is missing');
  }
}

/** A printed amount: a positive integer of cents that is whole euros. */
export function expectAmount(game: string, zone: string, value: unknown): number {
  if (isPositiveWholeEuros(value)) return value;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new PlayDataError(game, zone, `is not a positive integer number of cents (got ${describe(value)})`);
  }
  throw new PlayDataError(game, zone, `is not whole euros: tickets print whole euros (got ${value} cents)`);
}

/** The keys and zone names of one game's month objects, built once so that parsing builds no strings. */
export interface MonthShape {
  readonly symbols: SymbolSet<string>;
  readonly amountKey: string;
  readonly keys: readonly string[];
  readonly zones: readonly { readonly month: string; readonly symbols: string; readonly amount: string }[];
}

/** A month is `{ symbols: [two symbols of the set], [amountKey]: printed amount }`. */
export function monthShape(amountKey: string, symbols: SymbolSet<string>): MonthShape {
  const zones = Array.from({ length: MONTH_COUNT }, (_, i) => ({
    month: `months[${i}]`,
    symbols: `months[${i}].symbols`,
    amount: `months[${i}].${amountKey}`,
  }));
  return { symbols, amountKey, keys: ['symbols', amountKey], zones };
}

/** Checks `months`: an array of twelve month objects of the given shape. */
export function expectMonths(game: string, months: unknown, shape: MonthShape): void {
  if (!Array.isArray(months)) {
    throw new PlayDataError(game, 'months', `is not an array of ${MONTH_COUNT} months (got ${describe(months)})`);
  }
  if (months.length !== MONTH_COUNT) {
    throw new PlayDataError(game, 'months', `has ${months.length} months, expected ${MONTH_COUNT}`);
  }
  for (let i = 0; i < MONTH_COUNT; i++) {
    const zone = shape.zones[i] as MonthShape['zones'][number];
    const month = expectObject(game, zone.month, months[i]);
    expectKeys(game, zone.month, month, shape.keys);
    expectSymbolPair(game, zone.symbols, month.symbols, shape.symbols);
    expectAmount(game, zone.amount, month[shape.amountKey]);
  }
}

function expectSymbolPair(game: string, zone: string, pair: unknown, symbols: SymbolSet<string>): void {
  if (!Array.isArray(pair)) throw new PlayDataError(game, zone, `is not an array of 2 symbols (got ${describe(pair)})`);
  if (pair.length !== 2) throw new PlayDataError(game, zone, `has ${pair.length} symbols, expected 2`);
  for (let i = 0; i < 2; i++) {
    const symbol: unknown = pair[i];
    if (!symbols.has(symbol)) {
      throw new PlayDataError(game, zone, `symbol ${describe(symbol)} is not in the game's set (${symbols.list.join(', ')})`);
    }
  }
}
