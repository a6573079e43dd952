/**
 * The draw of one block: which unit wins which tier. The result is one byte per unit (a tier
 * index), so a 6,000,000-unit block takes 6 MB whatever its prize table.
 */
import type { PrizeTier } from '../../games/types.js';
import { cryptoRandom, type RandomSource } from './crypto-random.js';

/** Tier index of a losing unit; tier `k ≥ 1` is `prizes[k - 1]`. */
export const NO_PRIZE = 0;

/** Amount in cents of each tier index: `[0, prizes[0].amount_cents, …]`. */
export function tierAmounts(prizes: readonly PrizeTier[]): number[] {
  return [0, ...prizes.map((t) => t.amount_cents)];
}

/**
 * Draws a block: exactly `prizes[k].count` units get tier `k + 1`, the rest tier 0, placed by a
 * Fisher–Yates shuffle driven by `random` (the OS's cryptographic generator by default).
 */
export function drawTiers(prizes: readonly PrizeTier[], blockSize: number, random: RandomSource = cryptoRandom()): Uint8Array {
  if (!Number.isSafeInteger(blockSize) || blockSize < 1) throw new RangeError(`bad block size ${blockSize}`);
  if (prizes.length > 255) throw new RangeError('at most 255 prize tiers');
  const tiers = new Uint8Array(blockSize);
  let at = 0;
  prizes.forEach((t, k) => {
    if (at + t.count > blockSize) throw new RangeError(`the prize table has more lots than the ${blockSize} units of a block`);
    tiers.fill(k + 1, at, at + t.count);
    at += t.count;
  });
  for (let i = blockSize - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const t = tiers[i] as number;
    tiers[i] = tiers[j] as number;
    tiers[j] = t;
  }
  return tiers;
}

/** How many units hold each tier index (index 0: losers). */
export function countTiers(tiers: Uint8Array, tierCount: number): number[] {
  const counts = new Array<number>(tierCount + 1).fill(0);
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i] as number;
    if (t > tierCount) throw new RangeError(`unit ${i} has tier ${t}, the table has ${tierCount}`);
    counts[t] = (counts[t] as number) + 1;
  }
  return counts;
}
