import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { below, MAX_BOUND } from '../../games/millionnaire/draw.js';
import { createRng } from '../../games/rng.js';
import type { Rng } from '../../games/types.js';

/** An rng that replays fixed 32-bit words, to reach the rejection branch on purpose. */
function replay(words: number[]): Rng {
  const rng = createRng(0);
  let i = 0;
  return { ...rng, next32: () => words[i++] ?? 0 };
}

describe('below (layout draws)', () => {
  it('stays in [0, n) for every bound up to MAX_BOUND', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_BOUND }), fc.nat(), (n, seed) => {
        const rng = createRng(seed);
        for (let k = 0; k < 20; k++) {
          const x = below(rng, n);
          expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        }
      }),
    );
    const rng = createRng(1);
    for (let k = 0; k < 100; k++) expect(below(rng, 1)).toBe(0);
  });

  it('is uniform: each of 34 values within 5 % of its expected count', () => {
    const rng = createRng('uniform');
    const counts = new Array<number>(34).fill(0);
    const draws = 34 * 6000;
    for (let k = 0; k < draws; k++) counts[below(rng, 34)]! += 1;
    for (const c of counts) expect(Math.abs(c - 6000)).toBeLessThan(300);
  });

  it('rejects the low words that would bias the draw and takes the next one', () => {
    // n = 3: 2^32 mod 3 = 1, so a product whose low 32 bits are 0 is rejected.
    expect(below(replay([0, 0xffff_ffff]), 3)).toBe(2);
    // A low part of 2 (not below 2^32 mod 3 = 1) is kept: 0x5555_5556 * 3 = 2^32 + 2, high part 1.
    expect(below(replay([0x5555_5556]), 3)).toBe(1);
    expect(below(replay([0x8000_0000]), 2)).toBe(1);
  });
});
