/** The play data of a 2013 Année de la chance ticket (canonical JSON shape of games.md) and its symbols. */
import { SymbolSet, type SymbolPair } from '../months/symbols.js';

/** Lucky charms under the twelve months of the wheel. */
export const ANNEE_CHANCE_2013_SYMBOLS = new SymbolSet([
  'clover',
  'horseshoe',
  'ladybug',
  'star',
  'dice',
  'coin',
  'key',
  'acorn',
  'rainbow',
] as const);

export type AnneeChance2013Symbol = (typeof ANNEE_CHANCE_2013_SYMBOLS.list)[number];

/** The number under the bonus clover that wins (seed 002, article 4.3.2); it shows 1 to 13 only. */
export const LUCKY_NUMBER = 13;

/** One month: wins its `gain` (cents) when its two symbols are identical. */
export interface AnneeChance2013Month {
  readonly symbols: SymbolPair<AnneeChance2013Symbol>;
  readonly gain: number;
}

/** The bonus clover: a number from 1 to 13 and an amount (cents), won when the number is 13. */
export interface AnneeChance2013Bonus {
  readonly number: number;
  readonly amount: number;
}

/** Twelve months, January first, and the bonus clover. */
export interface AnneeChance2013Play {
  readonly months: readonly AnneeChance2013Month[];
  readonly bonus: AnneeChance2013Bonus;
}
