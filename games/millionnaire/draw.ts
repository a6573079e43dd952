/** Fast unbiased bounded draws for layouts, which make about fifty of them per unit. */
import type { Rng } from '../types.js';

const TWO_TO_32 = 0x1_0000_0000;
/** Largest bound for which `next32() * n` stays an exact double (below 2^53). */
export const MAX_BOUND = 2 ** 21;

/**
 * A uniform integer in [0, n), for an integer 1 ≤ n ≤ `MAX_BOUND`, from `rng.next32()` alone.
 *
 * Lemire's multiply-and-shift with rejection: the high 32 bits of `next32() * n` are the result; the
 * draw is rejected only when the low 32 bits fall in the `2^32 mod n` values that would bias it, and
 * that remainder is computed only on the rare draws (probability n / 2^32) that need it. It is as
 * unbiased as `rng.int(n)` and several times faster, since `rng.int` computes a floating-point modulo
 * on every call; the values differ from `rng.int`'s, which is part of this game's layout version.
 */
export function below(rng: Rng, n: number): number {
  for (;;) {
    const m = rng.next32() * n;
    const low = m >>> 0;
    if (low < n && low < (TWO_TO_32 - n) % n) continue;
    return (m / TWO_TO_32) | 0;
  }
}
