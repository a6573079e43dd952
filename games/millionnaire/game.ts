/**
 * Millionnaire (seed 003_566bd4a0dbcf45a9.txt): a 10 € digital game of four independent surfaces —
 * Jeu 1 (a wheel of 6 zones of three stars), Jeu 2 (8 ingots), Jeu 3 (3 Diamant/Saphir zones) and
 * Jeu 4 (6 coins) — whose gains add up to one indivisible prize.
 */
import type { Game } from '../types.js';
import { evaluateMillionnaire } from './evaluate.js';
import { layoutMillionnaire } from './layout.js';
import { parseMillionnaire } from './parse.js';
import { JEU1_STARS, JEU4_SYMBOLS, SURFACES, type MillionnairePlay } from './play.js';
import { MILLIONNAIRE_BLOCK_SIZE, MILLIONNAIRE_PRICE_CENTS, MILLIONNAIRE_PRIZES, MILLIONNAIRE_SEED } from './prizes.js';

export type { MillionnairePlay, Jeu1Zone, Jeu3Zone, Jeu4Coin, Jeu1Star, Jeu4Symbol } from './play.js';
export type { MillionnaireWinningZone } from './evaluate.js';

export const millionnaire: Game<MillionnairePlay> = {
  code: 'millionnaire',
  name: 'Millionnaire',
  kind: 'digital',
  price_cents: MILLIONNAIRE_PRICE_CENTS,
  block_size: MILLIONNAIRE_BLOCK_SIZE,
  prizes: MILLIONNAIRE_PRIZES,
  seed: MILLIONNAIRE_SEED,
  surfaces: SURFACES,
  symbols: { jeu1: JEU1_STARS, jeu4: JEU4_SYMBOLS },
  layout_version: 1,
  parse: parseMillionnaire,
  evaluate: evaluateMillionnaire,
  layout: layoutMillionnaire,
};
