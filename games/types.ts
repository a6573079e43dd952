/** Shared vocabulary of the rules engine. Money is integer euro cents; nothing here does I/O. */

export type GameCode = 'happy-2014' | 'annee-chance-2013' | 'millionnaire';
export type GameKind = 'paper' | 'digital';

/** One line of a block's prize table: `count` units each win exactly `amount_cents`. */
export interface PrizeTier {
  readonly amount_cents: number;
  readonly count: number;
}

/** The totals printed in a seed's prize table; each definition is checked against them at load. */
export interface SeedTotals {
  readonly lots: number;
  readonly amount_cents: number;
}

/** A play surface as the seed describes it, for drawing a ticket and naming zones in errors. */
export interface SurfaceDef {
  /** Key in the canonical play JSON: `months`, `bonus`, `jeu1` … */
  readonly key: string;
  /** Label printed on the ticket or the screen (French, as in the seed). */
  readonly label: string;
  /** Number of zones (1 for a single box such as a bonus). */
  readonly zones: number;
}

/** A zone that wins, for highlighting on screen and on receipts. */
export interface WinningZone {
  /** Surface key: `months`, `bonus`, `jeu1` … */
  readonly surface: string;
  /** Zone index within the surface (0 for a single box). */
  readonly index: number;
  readonly amount_cents: number;
}

export interface PrizeResult {
  readonly prize_cents: number;
  readonly winning: readonly WinningZone[];
}

/** A deterministic source of randomness; see `rng.ts`. */
export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  next32(): number;
  /** Uniform integer in [0, n), unbiased; n ≤ 2^32. */
  int(n: number): number;
  /** Uniform element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[];
}

/** A game: its identity, its prize table, and the rules that read and write its play data. */
export interface Game<Play = unknown> {
  readonly code: GameCode;
  readonly name: string;
  readonly kind: GameKind;
  readonly price_cents: number;
  readonly block_size: number;
  /** Tickets per pack (book) for paper games; undefined for digital ones. */
  readonly pack_size?: number;
  /** Highest tier first. */
  readonly prizes: readonly PrizeTier[];
  readonly seed: SeedTotals & { readonly file: string };
  readonly surfaces: readonly SurfaceDef[];
  /** The game's own symbols, by surface key where a game has several sets. */
  readonly symbols: Readonly<Record<string, readonly string[]>>;
  /** Version of `layout`; bump it whenever the same seed would produce other play data. */
  readonly layout_version: number;
  /** Validates untrusted play data (canonical JSON shape) or throws `PlayDataError`. */
  parse(play: unknown): Play;
  /** Prize of well-formed play data. */
  evaluate(play: Play): PrizeResult;
  /** Play data that wins exactly `prize_cents` (a table amount or 0), well-formed, deterministic in `rng`. */
  layout(prize_cents: number, rng: Rng): Play;
}
