/** Unbiased random integers from the operating system's cryptographic generator (node:crypto). */
import { randomFillSync } from 'node:crypto';

export interface RandomSource {
  /** Uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
  below(n: number): number;
}

const TWO_32 = 0x1_0000_0000;

/**
 * A `RandomSource` reading 32-bit words from `randomFillSync` in large batches. Each draw rejects
 * the top `2^32 mod n` words, so every result in [0, n) is exactly equally likely.
 */
export function cryptoRandom(batchWords = 65_536): RandomSource {
  const words = new Uint32Array(batchWords);
  let next = batchWords;
  const word = (): number => {
    if (next === batchWords) {
      randomFillSync(words);
      next = 0;
    }
    return words[next++] as number;
  };
  return {
    below(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`random bound ${n} out of range`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const x = word();
        if (x < limit) return x % n;
      }
    },
  };
}
