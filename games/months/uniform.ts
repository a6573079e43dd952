/** Uniform draws with a fixed bound, for the hot paths of layouts. */
import type { Rng } from '../types.js';

const TWO_TO_32 = 0x1_0000_0000;

/**
 * `rng.int(n)` for a bound fixed at load: the very same values from the same rng, but the rejection
 * limit is computed once instead of with a floating-point modulo on every call.
 */
export class UniformInt {
  private readonly limit: number;

  constructor(readonly n: number) {
    if (!Number.isInteger(n) || n < 1 || n > TWO_TO_32) throw new RangeError(`UniformInt: bad bound ${n}`);
    this.limit = TWO_TO_32 - (TWO_TO_32 % n);
  }

  draw(rng: Rng): number {
    for (;;) {
      const x = rng.next32();
      if (x < this.limit) return x % this.n;
    }
  }
}
