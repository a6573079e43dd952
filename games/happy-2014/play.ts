/** The play data of a Happy 2014 unit (canonical JSON shape of games.md) and the game's symbols. */
import { SymbolSet, type SymbolPair } from '../months/symbols.js';

/** Symbols behind the twelve month characters: a happy new year. */
export const HAPPY_2014_SYMBOLS = new SymbolSet(['sun', 'star', 'heart', 'clover', 'gift', 'bell', 'moon', 'cake', 'note'] as const);

export type Happy2014Symbol = (typeof HAPPY_2014_SYMBOLS.list)[number];

/** One month: wins `amount` (cents) when its two symbols are identical. */
export interface Happy2014Month {
  readonly symbols: SymbolPair<Happy2014Symbol>;
  readonly amount: number;
}

/** Twelve months, January first, and the bonus box: wins its amount (cents) unless it is 0. */
export interface Happy2014Play {
  readonly months: readonly Happy2014Month[];
  readonly bonus: number;
}
