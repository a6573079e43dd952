/** Filling the twelve months of a layout: the winning amounts on distinct random months, losing looks elsewhere. */
import type { Rng } from '../types.js';
import type { AmountDraw } from './amounts.js';
import { MONTH_COUNT } from './calendar.js';
import type { SymbolPair, SymbolSet } from './symbols.js';

/** Amount won by each month during one call (0: the month loses). Layouts are synchronous, so one buffer serves all. */
const wonAt = new Float64Array(MONTH_COUNT);

/**
 * The twelve months, January first: each amount of `winning` on its own randomly chosen month under two
 * identical symbols; every other month under two different symbols with an amount from `losing`.
 * `month` builds one zone in the game's own shape (a module-level function, not a closure per call).
 */
export function layoutMonths<S extends string, M>(
  rng: Rng,
  winning: readonly number[],
  symbols: SymbolSet<S>,
  losing: AmountDraw,
  month: (symbols: SymbolPair<S>, amount_cents: number) => M,
): M[] {
  if (winning.length > MONTH_COUNT) throw new RangeError(`${winning.length} winning months do not fit in a year`);
  wonAt.fill(0);
  for (const amount of winning) {
    let index: number;
    do index = rng.int(MONTH_COUNT);
    while (wonAt[index] !== 0);
    wonAt[index] = amount;
  }
  const months: M[] = [];
  for (let i = 0; i < MONTH_COUNT; i++) {
    const won = wonAt[i] as number;
    months.push(won > 0 ? month(symbols.winningPair(rng), won) : month(symbols.losingPair(rng), losing.draw(rng)));
  }
  return months;
}
