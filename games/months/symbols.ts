/** A game's own symbol set and the two-symbol draws of a month zone. */
import type { Rng } from '../types.js';
import { UniformInt } from './uniform.js';

/** The two symbols under one month; they win when identical. */
export type SymbolPair<S extends string> = readonly [S, S];

/**
 * A game's symbols: membership test for parsing, and winning / losing pairs for layouts.
 * Every pair is built once and frozen, so a layout shares them instead of allocating.
 */
export class SymbolSet<S extends string> {
  readonly list: readonly S[];
  private readonly members: ReadonlySet<string>;
  /** `pairs[a * n + b]` is `[list[a], list[b]]`. */
  private readonly pairs: readonly SymbolPair<S>[];
  /** The n × (n − 1) pairs of two different symbols, in a fixed order. */
  readonly losingPairs: readonly SymbolPair<S>[];
  private readonly symbolDraw: UniformInt;
  private readonly losingPairDraw: UniformInt;

  constructor(list: readonly S[]) {
    if (list.length < 2) throw new RangeError('a symbol set needs at least two symbols');
    if (new Set(list).size !== list.length) throw new RangeError(`duplicate symbols in ${list.join(', ')}`);
    for (const s of list) {
      if (!/^[a-z]{1,12}$/.test(s)) throw new RangeError(`symbol '${s}' is not short lowercase ASCII`);
    }
    this.list = Object.freeze([...list]);
    this.members = new Set(list);
    const pairs: SymbolPair<S>[] = [];
    for (const a of list) for (const b of list) pairs.push(Object.freeze([a, b] as const));
    this.pairs = pairs;
    this.losingPairs = pairs.filter(([a, b]) => a !== b);
    this.symbolDraw = new UniformInt(list.length);
    this.losingPairDraw = new UniformInt(this.losingPairs.length);
  }

  has(symbol: unknown): symbol is S {
    return typeof symbol === 'string' && this.members.has(symbol);
  }

  /** Two identical symbols, uniform over the set. */
  winningPair(rng: Rng): SymbolPair<S> {
    const a = this.symbolDraw.draw(rng);
    return this.pairs[a * this.list.length + a] as SymbolPair<S>;
  }

  /** Two different symbols, uniform over ordered pairs. */
  losingPair(rng: Rng): SymbolPair<S> {
    return this.losingPairs[this.losingPairDraw.draw(rng)] as SymbolPair<S>;
  }
}
