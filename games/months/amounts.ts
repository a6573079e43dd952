/** Ticket amounts: whole euros in cents, and the weighted draw of amounts printed on losing zones. */
import type { Rng } from '../types.js';
import { UniformInt } from './uniform.js';

/** Tickets print whole euros: a positive safe integer of cents that is a multiple of 100. */
export function isPositiveWholeEuros(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value % 100 === 0;
}

/**
 * Draws the amount printed on a losing zone from the game's own prize amounts, with weights:
 * small amounts mostly, and now and then a big one (a near miss). Precomputed as a lookup table.
 */
export class AmountDraw {
  private readonly table: readonly number[];
  private readonly outcome: UniformInt;

  /** `weights` pairs each amount (cents) with its positive integer weight. */
  constructor(weights: readonly (readonly [amount_cents: number, weight: number])[]) {
    const table: number[] = [];
    for (const [amount, weight] of weights) {
      if (!isPositiveWholeEuros(amount)) throw new RangeError(`losing amount ${amount} is not whole euros`);
      if (!Number.isInteger(weight) || weight <= 0) throw new RangeError(`weight ${weight} is not a positive integer`);
      for (let i = 0; i < weight; i++) table.push(amount);
    }
    if (table.length === 0) throw new RangeError('no losing amounts');
    this.table = table;
    this.outcome = new UniformInt(table.length);
  }

  /** The distinct amounts this draw can produce. */
  get amounts(): readonly number[] {
    return [...new Set(this.table)];
  }

  /** Number of equally likely outcomes; `at(i)` for `i` in [0, size) is outcome `i`. */
  get size(): number {
    return this.table.length;
  }

  at(outcome: number): number {
    return this.table[outcome] as number;
  }

  draw(rng: Rng): number {
    return this.table[this.outcome.draw(rng)] as number;
  }
}
