/**
 * How a table prize is spread over the winning zones of a months ticket, as real tickets do:
 * Happy 40 € may be one month at 40 €, two months at 20 €, or a month at 20 € and a bonus of 20 €.
 * Every way of writing a prize as a sum of at most `MAX_WINNING_ZONES` table amounts is listed once,
 * at load, with at most one part on the bonus; layouts then pick one by weight.
 */
import { GameRuleError } from '../errors.js';
import type { Rng } from '../types.js';
import { UniformInt } from './uniform.js';

/** One way to pay a prize: amounts of the winning months, and the winning bonus (0 when the bonus loses). */
export interface PrizeSplit {
  readonly months: readonly number[];
  readonly bonus: number;
  /** Relative frequency among the splits of the same prize. */
  readonly weight: number;
}

/** Upper bound on the winning zones of one unit (months and bonus together). */
export const MAX_WINNING_ZONES = 4;

/** Weight of a split by its number of winning zones: single-zone wins stay the most common. */
const WEIGHT_BY_ZONES = [0, 6, 2, 1, 1] as const;

/** Splits that keep the bonus losing weigh this many times more than those that use it. */
const MONTHS_ONLY_FACTOR = 2;

interface Weighted {
  readonly splits: readonly PrizeSplit[];
  /** Draws in [0, sum of the weights). */
  readonly draw: UniformInt;
}

/** The splits of each prize of a table, ready to be drawn. */
export class PrizeSplits {
  private readonly byPrize = new Map<number, Weighted>();

  /** `amounts`: the table's prize amounts in cents. The prize 0 has a single split: nothing wins. */
  constructor(
    private readonly game: string,
    amounts: readonly number[],
  ) {
    const descending = [...new Set(amounts)].sort((a, b) => b - a);
    this.byPrize.set(0, { splits: [{ months: [], bonus: 0, weight: 1 }], draw: new UniformInt(1) });
    for (const prize of descending) {
      const splits = sumsOf(prize, descending).flatMap(splitsOfParts);
      this.byPrize.set(prize, { splits, draw: new UniformInt(splits.reduce((sum, s) => sum + s.weight, 0)) });
    }
  }

  /** Every split of `prize_cents`, in a fixed order. */
  of(prize_cents: number): readonly PrizeSplit[] {
    return this.entry(prize_cents).splits;
  }

  /** A split of `prize_cents` drawn by weight; no rng call when the prize has a single split. */
  pick(prize_cents: number, rng: Rng): PrizeSplit {
    const { splits, draw } = this.entry(prize_cents);
    if (splits.length === 1) return splits[0] as PrizeSplit;
    let r = draw.draw(rng);
    for (const split of splits) {
      if (r < split.weight) return split;
      r -= split.weight;
    }
    throw new Error('unreachable: weights add up to total');
  }

  private entry(prize_cents: number): Weighted {
    const entry = this.byPrize.get(prize_cents);
    if (!entry) throw new GameRuleError(`${this.game}: ${prize_cents} cents is not a prize of the table`);
    return entry;
  }
}

/** The multisets of at most `MAX_WINNING_ZONES` amounts (each listed highest first) that add up to `target`. */
function sumsOf(target: number, descending: readonly number[]): number[][] {
  const found: number[][] = [];
  const parts: number[] = [];
  const walk = (from: number, rest: number): void => {
    if (rest === 0) {
      found.push([...parts]);
      return;
    }
    if (parts.length === MAX_WINNING_ZONES) return;
    for (let i = from; i < descending.length; i++) {
      const amount = descending[i] as number;
      if (amount > rest) continue;
      parts.push(amount);
      walk(i, rest - amount);
      parts.pop();
    }
  };
  walk(0, target);
  return found;
}

/** The parts all on months, then each distinct part moved to the bonus in turn. */
function splitsOfParts(parts: readonly number[]): PrizeSplit[] {
  const zoneWeight = WEIGHT_BY_ZONES[parts.length as 1 | 2 | 3 | 4];
  const splits: PrizeSplit[] = [{ months: parts, bonus: 0, weight: zoneWeight * MONTHS_ONLY_FACTOR }];
  for (const bonus of new Set(parts)) {
    const months = [...parts];
    months.splice(months.indexOf(bonus), 1);
    splits.push({ months, bonus, weight: zoneWeight });
  }
  return splits;
}
