/**
 * How a prize is split over winning zones. The seed's prize is the unit's whole prize and may add up several
 * winning zones (article 3), so 150 € can be one 150 € zone, 100 € + 50 €, or 50 € + 50 € + 50 €.
 * The splits of every prize are enumerated once at load, each part being one of the table's own amounts,
 * and weighted by their number of parts so that single-zone wins stay the most common.
 */
import type { Rng } from '../types.js';
import { below, MAX_BOUND } from './draw.js';

/** The amounts of the winning zones of one unit, highest first (empty for a losing unit). */
export type Split = readonly number[];

/** The splits of one prize and their cumulative integer weights, for one draw per unit. */
export interface SplitChoice {
  readonly splits: readonly Split[];
  /** `cumulative[i]` = sum of the weights of splits 0..i. */
  readonly cumulative: readonly number[];
  readonly total: number;
}

/** Most winning zones on one unit. */
export const MAX_PARTS = 4;

/** Weight of a split by its number of parts (index): one zone 16, two 6, three 3, four 2. */
export const PART_WEIGHTS: readonly number[] = [1, 16, 6, 3, 2];

/** Every multiset of at most `maxParts` amounts (repeats allowed) summing to `prize`, parts highest first. */
export function splitsOf(prize: number, amounts: readonly number[], maxParts: number): Split[] {
  const descending = [...amounts].sort((a, b) => b - a);
  const found: Split[] = [];
  const parts: number[] = [];
  const walk = (remaining: number, from: number): void => {
    if (remaining === 0) {
      found.push([...parts]);
      return;
    }
    if (parts.length === maxParts) return;
    for (let i = from; i < descending.length; i++) {
      const amount = descending[i] as number;
      if (amount > remaining) continue;
      parts.push(amount);
      walk(remaining - amount, i);
      parts.pop();
    }
  };
  walk(prize, 0);
  return found;
}

/** The weighted splits of 0 and of every amount of the table, keyed by prize in cents. */
export function buildSplitChoices(amounts: readonly number[], maxParts = MAX_PARTS): ReadonlyMap<number, SplitChoice> {
  const choices = new Map<number, SplitChoice>();
  for (const prize of [0, ...amounts]) {
    const splits = splitsOf(prize, amounts, maxParts);
    const cumulative: number[] = [];
    let total = 0;
    for (const split of splits) {
      total += PART_WEIGHTS[split.length] ?? 1;
      cumulative.push(total);
    }
    if (total > MAX_BOUND) throw new RangeError(`millionnaire: split weights of ${prize} cents add up to more than ${MAX_BOUND}`);
    choices.set(prize, { splits, cumulative, total });
  }
  return choices;
}

/** Draws one split of a choice according to its weights (one draw, none when there is one split). */
export function drawSplit(choice: SplitChoice, rng: Rng): Split {
  if (choice.splits.length === 1) return choice.splits[0] as Split;
  const r = below(rng, choice.total);
  const cumulative = choice.cumulative;
  let i = 0;
  while (r >= (cumulative[i] as number)) i++;
  return choice.splits[i] as Split;
}
