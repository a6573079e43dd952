/** Happy 2014 layouts: play data winning an exact prize, looking like the game's real units. */
import { AmountDraw } from '../months/amounts.js';
import { MonthLooks } from '../months/layout.js';
import { PrizeSplits } from '../months/split.js';
import type { SymbolPair } from '../months/symbols.js';
import type { Rng } from '../types.js';
import { HAPPY_2014_SYMBOLS, type Happy2014Month, type Happy2014Play, type Happy2014Symbol } from './play.js';
import { HAPPY_2014_PRIZES } from './prizes.js';

/** Every prize written as up to four winning zones (months, and at most one bonus), drawn by weight. */
export const HAPPY_2014_SPLITS = new PrizeSplits(
  'happy-2014',
  HAPPY_2014_PRIZES.map((t) => t.amount_cents),
);

/** Losing months: two different symbols; amounts from the table, mostly small, 30,000 € on 1 month in 128. */
export const HAPPY_2014_MONTHS = new MonthLooks(
  HAPPY_2014_SYMBOLS,
  new AmountDraw([
    [3_000_000, 1],
    [100_000, 2],
    [10_000, 6],
    [4_000, 14],
    [2_000, 25],
    [900, 36],
    [600, 44],
  ]),
);

function month(symbols: SymbolPair<Happy2014Symbol>, amount: number): Happy2014Month {
  return { symbols, amount };
}

/** Play data winning exactly `prize_cents` (0 or a table amount); the losing bonus shows 0 €. */
export function layoutHappy2014(prize_cents: number, rng: Rng): Happy2014Play {
  const split = HAPPY_2014_SPLITS.pick(prize_cents, rng);
  return { months: HAPPY_2014_MONTHS.layout(rng, split.months, month), bonus: split.bonus };
}
