/**
 * Millionnaire play data: the canonical JSON shape of games.md and the fixed facts of its four surfaces
 * (seed 003, article 4). Amounts are euro cents; weights are grams.
 */
import type { SurfaceDef } from '../types.js';

/** Symbols under the three stars of a Jeu 1 zone. */
export const JEU1_STARS = ['ruby', 'gold', 'pearl', 'jade', 'onyx', 'opal', 'topaz', 'amber'] as const;
export type Jeu1Star = (typeof JEU1_STARS)[number];

/** The one coin symbol of Jeu 4 that wins its amount. */
export const WINNING_COIN = 'sac';
/** Symbols on the coins of Jeu 4: `sac` wins, every other symbol loses. */
export const JEU4_SYMBOLS = [WINNING_COIN, 'crown', 'key', 'clover', 'anchor', 'bell'] as const;
export type Jeu4Symbol = (typeof JEU4_SYMBOLS)[number];

export const JEU1_ZONES = 6;
export const JEU2_INGOTS = 8;
export const JEU3_ZONES = 3;
export const JEU4_COINS = 6;
export const STARS_PER_ZONE = 3;

/** The four independent surfaces, in the seed's order. */
export const SURFACES: readonly SurfaceDef[] = [
  { key: 'jeu1', label: 'Jeu 1', zones: JEU1_ZONES },
  { key: 'jeu2', label: 'Jeu 2', zones: JEU2_INGOTS },
  { key: 'jeu3', label: 'Jeu 3', zones: JEU3_ZONES },
  { key: 'jeu4', label: 'Jeu 4', zones: JEU4_COINS },
];

/** A zone of the Jeu 1 wheel: wins `gain` when exactly two of its three stars are identical. */
export interface Jeu1Zone {
  readonly stars: readonly [Jeu1Star, Jeu1Star, Jeu1Star];
  readonly gain: number;
}

/** A zone of Jeu 3: wins `gain` when the Diamant weighs strictly more than the Saphir. */
export interface Jeu3Zone {
  readonly diamant: number;
  readonly saphir: number;
  readonly gain: number;
}

/** A coin of Jeu 4: wins `amount` when its symbol is `sac`. */
export interface Jeu4Coin {
  readonly symbol: Jeu4Symbol;
  readonly amount: number;
}

/** One Millionnaire unit, well-formed (see `parseMillionnaire`). */
export interface MillionnairePlay {
  /** 6 zones. */
  readonly jeu1: readonly Jeu1Zone[];
  /** 8 ingot amounts; a pair of identical amounts wins that amount once. */
  readonly jeu2: readonly number[];
  /** 3 zones. */
  readonly jeu3: readonly Jeu3Zone[];
  /** 6 coins. */
  readonly jeu4: readonly Jeu4Coin[];
}
