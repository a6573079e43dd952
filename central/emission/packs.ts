/**
 * Paper games are cut into packs (books) of `pack_size` consecutive units. A retailer sells a pack
 * at a time, so the lottery may guarantee a minimum number of winners in every pack.
 */
import { cryptoRandom, type RandomSource } from './crypto-random.js';
import { NO_PRIZE } from './draw.js';

export class PackGuaranteeError extends Error {
  override readonly name = 'PackGuaranteeError';
}

/** Winners (tier ≠ 0) in each pack. */
export function winnersPerPack(tiers: Uint8Array, packSize: number): Int32Array {
  const packs = Math.ceil(tiers.length / packSize);
  const w = new Int32Array(packs);
  for (let i = 0; i < tiers.length; i++) {
    if (tiers[i] !== NO_PRIZE) {
      const p = Math.floor(i / packSize);
      w[p] = (w[p] as number) + 1;
    }
  }
  return w;
}

/**
 * Throws `PackGuaranteeError` when a block of `blockSize` units with `winners` winners cannot hold
 * `minWinners` winners in every pack of `packSize`: checked before anything is drawn or written.
 */
export function checkPackGuarantee(blockSize: number, packSize: number, winners: number, minWinners: number): void {
  if (!Number.isInteger(packSize) || packSize < 1) throw new RangeError(`bad pack size ${packSize}`);
  if (!Number.isInteger(minWinners) || minWinners < 0) {
    throw new PackGuaranteeError(`the minimum of winners per pack must be a whole number ≥ 0, not ${minWinners}`);
  }
  const packs = Math.ceil(blockSize / packSize);
  const lastLength = blockSize - (packs - 1) * packSize;
  if (lastLength < minWinners) {
    throw new PackGuaranteeError(`impossible: the last pack (${packs - 1}) holds only ${lastLength} tickets, fewer than ${minWinners}`);
  }
  if (winners < minWinners * packs) {
    throw new PackGuaranteeError(
      `impossible: ${minWinners} winners in each of ${packs} packs needs ${minWinners * packs} winners, a block has ${winners}`,
    );
  }
}

/**
 * Makes every pack hold at least `minWinners` winners without changing the block's counts: while
 * a pack falls short, a winner at a random position of a random pack with a surplus swaps places
 * with a loser at a random position of the short pack. Throws `PackGuaranteeError` (changing
 * nothing) when the block cannot satisfy the guarantee. Returns the number of swaps made.
 */
export function guaranteePackWinners(tiers: Uint8Array, packSize: number, minWinners: number, random: RandomSource = cryptoRandom()): number {
  const n = tiers.length;
  const w = winnersPerPack(tiers, packSize);
  const packs = w.length;
  const lengthOf = (p: number): number => Math.min(packSize, n - p * packSize);
  let total = 0;
  for (let p = 0; p < packs; p++) total += w[p] as number;
  checkPackGuarantee(n, packSize, total, minWinners);
  const surplus: number[] = [];
  for (let p = 0; p < packs; p++) if ((w[p] as number) > minWinners) surplus.push(p);
  const randomPosition = (p: number, winner: boolean): number => {
    for (;;) {
      const i = p * packSize + random.below(lengthOf(p));
      if ((tiers[i] !== NO_PRIZE) === winner) return i;
    }
  };
  let swaps = 0;
  for (let p = 0; p < packs; p++) {
    while ((w[p] as number) < minWinners) {
      const k = random.below(surplus.length);
      const s = surplus[k] as number;
      const from = randomPosition(s, true);
      const to = randomPosition(p, false);
      tiers[to] = tiers[from] as number;
      tiers[from] = NO_PRIZE;
      w[s] = (w[s] as number) - 1;
      w[p] = (w[p] as number) + 1;
      swaps++;
      if ((w[s] as number) === minWinners) {
        surplus[k] = surplus[surplus.length - 1] as number;
        surplus.pop();
      }
    }
  }
  return swaps;
}
