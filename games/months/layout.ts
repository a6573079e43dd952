/** Filling the twelve months of a layout: the winning amounts on distinct random months, losing looks elsewhere. */
import type { Rng } from '../types.js';
import type { AmountDraw } from './amounts.js';
import { MONTH_COUNT } from './calendar.js';
import type { SymbolPair, SymbolSet } from './symbols.js';
import { UniformInt } from './uniform.js';

const MONTH_DRAW = new UniformInt(MONTH_COUNT);

/** Amount won by each month during one call (0: the month loses). Layouts are synchronous, so one buffer serves all. */
const wonAt = new Float64Array(MONTH_COUNT);

/**
 * What the months of one game show, fixed at load: its symbols, and the amounts under losing months.
 * A losing month's look (two different symbols × an amount) is a single draw among all the looks.
 */
export class MonthLooks<S extends string> {
  private readonly pairs: readonly SymbolPair<S>[];
  private readonly lookDraw: UniformInt;

  constructor(
    readonly symbols: SymbolSet<S>,
    readonly losingAmounts: AmountDraw,
  ) {
    this.pairs = symbols.losingPairs;
    this.lookDraw = new UniformInt(this.pairs.length * losingAmounts.size);
  }

  /**
   * The twelve months, January first: each amount of `winning` on its own randomly chosen month under
   * two identical symbols; every other month under two different symbols with a losing amount.
   * `month` builds one zone in the game's own shape (pass a module-level function, not a closure).
   */
  layout<M>(rng: Rng, winning: readonly number[], month: (symbols: SymbolPair<S>, amount_cents: number) => M): M[] {
    if (winning.length > MONTH_COUNT) throw new RangeError(`${winning.length} winning months do not fit in a year`);
    wonAt.fill(0);
    for (const amount of winning) {
      let index: number;
      do index = MONTH_DRAW.draw(rng);
      while (wonAt[index] !== 0);
      wonAt[index] = amount;
    }
    const pairCount = this.pairs.length;
    const months: M[] = [];
    for (let i = 0; i < MONTH_COUNT; i++) {
      const won = wonAt[i] as number;
      if (won > 0) {
        months.push(month(this.symbols.winningPair(rng), won));
      } else {
        const look = this.lookDraw.draw(rng);
        const pair = this.pairs[look % pairCount] as SymbolPair<S>;
        months.push(month(pair, this.losingAmounts.at(Math.floor(look / pairCount))));
      }
    }
    return months;
  }
}
