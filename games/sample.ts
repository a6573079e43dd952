/** Sample units of a game: prizes in the proportions of its prize table, play data from its layout. */
import type { Game, Rng } from './types.js';

export interface SampleUnit {
  readonly game: string;
  readonly prize_cents: number;
  readonly play: unknown;
}

/** Draws one prize (0 for a losing unit) with the probabilities of a whole block. */
export function drawPrize(game: Game, rng: Rng): number {
  let r = rng.int(game.block_size);
  for (const tier of game.prizes) {
    if (r < tier.count) return tier.amount_cents;
    r -= tier.count;
  }
  return 0;
}

/**
 * `count` sample units. Prizes are drawn in the proportions of the prize table, except that when
 * `count` is at least the number of tiers plus one, every tier and a losing unit appear at least once
 * (at random places), so a small sample still shows the whole table.
 */
export function* sampleUnits(game: Game, count: number, rng: Rng): Generator<SampleUnit> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`sample count must be a whole number ≥ 0, not ${count}`);
  const every = [...game.prizes.map((t) => t.amount_cents), 0];
  const forced = new Map<number, number>();
  if (count >= every.length) {
    // Choose distinct positions for the forced tiers with a partial Fisher–Yates over [0, count).
    const swapped = new Map<number, number>();
    for (let i = 0; i < every.length; i++) {
      const j = i + rng.int(count - i);
      const atJ = swapped.get(j) ?? j;
      swapped.set(j, swapped.get(i) ?? i);
      forced.set(atJ, every[i] as number);
    }
  }
  for (let i = 0; i < count; i++) {
    const prize = forced.get(i) ?? drawPrize(game, rng);
    yield { game: game.code, prize_cents: prize, play: game.layout(prize, rng) };
  }
}
