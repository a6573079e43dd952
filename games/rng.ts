import type { Rng } from './types.js';

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded from four 32-bit words.
 * Layouts depend on this exact sequence: changing it changes every game's layout version.
 */
export function sfc32(a: number, b: number, c: number, d: number): Rng {
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs, as the algorithm's author recommends, so that close seeds diverge.
  for (let i = 0; i < 12; i++) next32();
  const int = (n: number): number => {
    if (!(n >= 1 && n <= 0x1_0000_0000) || !Number.isInteger(n)) throw new RangeError(`rng.int: bad bound ${n}`);
    // Lemire-style rejection on the top of the range: unbiased for every n.
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const x = next32();
      if (x < limit) return x % n;
    }
  };
  return {
    next32,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('rng.pick: empty array');
      return items[int(items.length)] as T;
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const tmp = items[i] as T;
        items[i] = items[j] as T;
        items[j] = tmp;
      }
      return items;
    },
  };
}

/** 32-bit FNV-1a of a string, used to turn text seeds into generator state. */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A generator from a seed: a non-negative safe integer, a string, or 16 bytes (four little-endian words).
 * The same seed gives the same sequence on every platform, forever.
 */
export function createRng(seed: number | string | Uint8Array): Rng {
  if (seed instanceof Uint8Array) {
    if (seed.length !== 16) throw new RangeError('createRng: a byte seed has exactly 16 bytes');
    const w = (i: number): number =>
      ((seed[i] as number) | ((seed[i + 1] as number) << 8) | ((seed[i + 2] as number) << 16) | ((seed[i + 3] as number) << 24)) >>> 0;
    return sfc32(w(0), w(4), w(8), w(12));
  }
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`createRng: bad numeric seed ${seed}`);
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
    return sfc32(0x9e3779b9, lo, hi, 0x85ebca6b);
  }
  return sfc32(fnv1a(seed, 0x811c9dc5), fnv1a(seed, 0x01000193), fnv1a(seed, 0xdeadbeef), seed.length);
}
