/**
 * Generation of Millionnaire play data that wins an exact prize, for the emission generator.
 *
 * The prize is split over winning zones (see `splits.ts`); each part goes to a surface drawn uniformly
 * among those that can still take it (Jeu 2 wins at most once, Jeu 3 has three zones) and to a free zone
 * of that surface. Every other zone loses and looks real: amounts drawn from the table, three different
 * stars, eight distinct ingots, a Diamant lighter than its Saphir (sometimes by a single gram), a coin
 * that is not `sac`. Only `rng` decides (through `below`); the module-level scratch arrays are reset on every call.
 */
import { GameRuleError } from '../errors.js';
import type { Rng } from '../types.js';
import {
  JEU1_STARS,
  JEU1_ZONES,
  JEU2_INGOTS,
  JEU3_ZONES,
  JEU4_COINS,
  JEU4_SYMBOLS,
  WINNING_COIN,
  type Jeu1Star,
  type Jeu1Zone,
  type Jeu3Zone,
  type Jeu4Coin,
  type Jeu4Symbol,
  type MillionnairePlay,
} from './play.js';
import { MILLIONNAIRE_AMOUNTS } from './prizes.js';
import { below } from './draw.js';
import { buildSplitChoices, drawSplit, MAX_PARTS } from './splits.js';

const SPLITS = buildSplitChoices(MILLIONNAIRE_AMOUNTS, MAX_PARTS);

/**
 * Amounts shown on losing zones: every table amount, the small ones more often (weights 1,1,2,3,4,5,6,6,6
 * from the highest down), as on real tickets where the jackpot appears now and then.
 */
const DECOY_WEIGHTS = [1, 1, 2, 3, 4, 5, 6, 6, 6];
const DECOYS: readonly number[] = MILLIONNAIRE_AMOUNTS.flatMap((amount, i) => Array<number>(DECOY_WEIGHTS[i] ?? 1).fill(amount));

const LOSING_COINS: readonly Jeu4Symbol[] = JEU4_SYMBOLS.filter((s) => s !== WINNING_COIN);

/** Weights in grams on Jeu 3 lie in 1..MAX_GRAMS; the two weights of a zone differ by 1..MAX_GAP. */
const MAX_GRAMS = 99;
const MAX_GAP = 40;
/** About one Jeu 3 zone in NEAR_MISS is a near miss: its weights are one gram apart. */
const NEAR_MISS = 4;

// Jeu 1 and Jeu 4 must always have a free zone for a part; Jeu 2 needs eight distinct amounts to lose.
if (MAX_PARTS > JEU1_ZONES || MAX_PARTS > JEU4_COINS || MILLIONNAIRE_AMOUNTS.length < JEU2_INGOTS) {
  throw new GameRuleError('millionnaire: layout constants disagree with the surfaces');
}

// Scratch, reset on every call: the winning amount of each zone (0 = losing) and a pool of ingot amounts.
const win1 = new Array<number>(JEU1_ZONES).fill(0);
const win3 = new Array<number>(JEU3_ZONES).fill(0);
const win4 = new Array<number>(JEU4_COINS).fill(0);
const pool = new Array<number>(MILLIONNAIRE_AMOUNTS.length).fill(0);

const JEU1 = 0;
const JEU2 = 1;
const JEU3 = 2;
const JEU4 = 3;

function decoy(rng: Rng): number {
  return DECOYS[below(rng, DECOYS.length)] as number;
}

/** Puts `amount` in a zone of `wins` still at 0, drawn uniformly; the caller knows one is free. */
function placeWin(wins: number[], amount: number, rng: Rng): void {
  let free = 0;
  for (let i = 0; i < wins.length; i++) if (wins[i] === 0) free++;
  let k = below(rng, free);
  for (let i = 0; i < wins.length; i++) {
    if (wins[i] === 0 && k-- === 0) {
      wins[i] = amount;
      return;
    }
  }
}

/** A surface for the next winning part, uniform among Jeu 1, Jeu 2 (while it has no pair), Jeu 3 (while a zone is free), Jeu 4. */
function drawSurface(jeu2Free: boolean, jeu3Free: boolean, rng: Rng): number {
  let r = below(rng, 2 + (jeu2Free ? 1 : 0) + (jeu3Free ? 1 : 0));
  if (r === 0) return JEU1;
  if (jeu2Free && --r === 0) return JEU2;
  if (jeu3Free && --r === 0) return JEU3;
  return JEU4;
}

function star(index: number): Jeu1Star {
  return JEU1_STARS[index] as Jeu1Star;
}

/** A Jeu 1 zone: two identical stars and a third one when it wins, three different stars otherwise. */
function jeu1Zone(gain: number, rng: Rng): Jeu1Zone {
  const n = JEU1_STARS.length;
  const a = below(rng, n);
  let b = below(rng, n - 1);
  if (b >= a) b++;
  if (gain !== 0) {
    const odd = below(rng, 3);
    const stars: Jeu1Zone['stars'] =
      odd === 0 ? [star(b), star(a), star(a)] : odd === 1 ? [star(a), star(b), star(a)] : [star(a), star(a), star(b)];
    return { stars, gain };
  }
  let c = below(rng, n - 2);
  if (c >= Math.min(a, b)) c++;
  if (c >= Math.max(a, b)) c++;
  return { stars: [star(a), star(b), star(c)], gain: decoy(rng) };
}

/** A Jeu 3 zone: the Diamant heavier than the Saphir when it wins, strictly lighter otherwise. */
function jeu3Zone(gain: number, rng: Rng): Jeu3Zone {
  const gap = below(rng, NEAR_MISS) === 0 ? 1 : 1 + below(rng, MAX_GAP);
  const light = 1 + below(rng, MAX_GRAMS - gap);
  const heavy = light + gap;
  return gain !== 0 ? { diamant: heavy, saphir: light, gain } : { diamant: light, saphir: heavy, gain: decoy(rng) };
}

function jeu4Coin(amount: number, rng: Rng): Jeu4Coin {
  return amount !== 0
    ? { symbol: WINNING_COIN, amount }
    : { symbol: LOSING_COINS[below(rng, LOSING_COINS.length)] as Jeu4Symbol, amount: decoy(rng) };
}

/**
 * The eight ingots: eight distinct table amounts when `pair` is 0, otherwise `pair` twice and six other
 * distinct amounts, in random positions.
 */
function jeu2Ingots(pair: number, rng: Rng): number[] {
  let size = 0;
  for (const amount of MILLIONNAIRE_AMOUNTS) if (amount !== pair) pool[size++] = amount;
  const ingots = new Array<number>(JEU2_INGOTS);
  let first = -1;
  let second = -1;
  if (pair !== 0) {
    first = below(rng, JEU2_INGOTS);
    second = below(rng, JEU2_INGOTS - 1);
    if (second >= first) second++;
    ingots[first] = pair;
    ingots[second] = pair;
  }
  // Partial Fisher–Yates over the pool: each free position takes a distinct amount.
  let taken = 0;
  for (let i = 0; i < JEU2_INGOTS; i++) {
    if (i === first || i === second) continue;
    const j = taken + below(rng, size - taken);
    const amount = pool[j] as number;
    pool[j] = pool[taken] as number;
    pool[taken++] = amount;
    ingots[i] = amount;
  }
  return ingots;
}

/**
 * Play data that wins exactly `prizeCents` (0 or an amount of the table), well-formed per games.md,
 * deterministic in `rng`. Throws `GameRuleError` for any other amount.
 */
export function layoutMillionnaire(prizeCents: number, rng: Rng): MillionnairePlay {
  const choice = SPLITS.get(prizeCents);
  if (choice === undefined) throw new GameRuleError(`millionnaire: ${prizeCents} cents is not a prize of the table`);
  win1.fill(0);
  win3.fill(0);
  win4.fill(0);
  let pair = 0;
  for (const part of drawSplit(choice, rng)) {
    const surface = drawSurface(pair === 0, win3.includes(0), rng);
    if (surface === JEU2) pair = part;
    else placeWin(surface === JEU1 ? win1 : surface === JEU3 ? win3 : win4, part, rng);
  }
  const jeu1 = new Array<Jeu1Zone>(JEU1_ZONES);
  for (let i = 0; i < JEU1_ZONES; i++) jeu1[i] = jeu1Zone(win1[i] as number, rng);
  const jeu2 = jeu2Ingots(pair, rng);
  const jeu3 = new Array<Jeu3Zone>(JEU3_ZONES);
  for (let i = 0; i < JEU3_ZONES; i++) jeu3[i] = jeu3Zone(win3[i] as number, rng);
  const jeu4 = new Array<Jeu4Coin>(JEU4_COINS);
  for (let i = 0; i < JEU4_COINS; i++) jeu4[i] = jeu4Coin(win4[i] as number, rng);
  return { jeu1, jeu2, jeu3, jeu4 };
}
