/** The winning rules of Millionnaire (seed 003, articles 4.3–4.7) applied to well-formed play data. */
import type { PrizeResult, WinningZone } from '../types.js';
import { WINNING_COIN, type Jeu1Zone, type MillionnairePlay } from './play.js';

/**
 * A winning zone of Millionnaire. Each entry wins its `amount_cents` once, so a unit's prize is the sum
 * of `amount_cents` over its entries. A Jeu 2 pair is ONE entry: `index` is the first ingot of the pair
 * and `pair_index` the second (both are to be highlighted; the amount is counted once).
 */
export interface MillionnaireWinningZone extends WinningZone {
  readonly pair_index?: number;
}

const NO_WINS: readonly MillionnaireWinningZone[] = Object.freeze([]);

function add(list: MillionnaireWinningZone[] | undefined, zone: MillionnaireWinningZone): MillionnaireWinningZone[] {
  if (list === undefined) return [zone];
  list.push(zone);
  return list;
}

/** True when exactly two of the zone's three stars are identical (three identical never win). */
export function jeu1ZoneWins(zone: Jeu1Zone): boolean {
  const stars = zone.stars;
  const a = stars[0];
  const b = stars[1];
  const c = stars[2];
  return (a === b ? 1 : 0) + (b === c ? 1 : 0) + (a === c ? 1 : 0) === 1;
}

/**
 * Prize of a unit: Jeu 1 zones with exactly two identical stars win their gain; Jeu 2 wins the amount
 * shown on two ingots (once); Jeu 3 zones whose Diamant weighs strictly more than their Saphir win their
 * gain; Jeu 4 coins showing `sac` win their amount. The prize is the sum over the four games, and
 * `prize_cents` always equals the sum of `winning[].amount_cents`.
 */
export function evaluateMillionnaire(play: MillionnairePlay): PrizeResult {
  // Most units lose: the list is created on the first win only.
  let winning: MillionnaireWinningZone[] | undefined;

  const jeu1 = play.jeu1;
  for (let i = 0; i < jeu1.length; i++) {
    const zone = jeu1[i];
    if (zone !== undefined && jeu1ZoneWins(zone)) winning = add(winning, { surface: 'jeu1', index: i, amount_cents: zone.gain });
  }

  const jeu2 = play.jeu2;
  pair: for (let i = 1; i < jeu2.length; i++) {
    for (let j = 0; j < i; j++) {
      if (jeu2[j] === jeu2[i]) {
        winning = add(winning, { surface: 'jeu2', index: j, amount_cents: jeu2[i] as number, pair_index: i });
        break pair;
      }
    }
  }

  const jeu3 = play.jeu3;
  for (let i = 0; i < jeu3.length; i++) {
    const zone = jeu3[i];
    if (zone !== undefined && zone.diamant > zone.saphir) winning = add(winning, { surface: 'jeu3', index: i, amount_cents: zone.gain });
  }

  const jeu4 = play.jeu4;
  for (let i = 0; i < jeu4.length; i++) {
    const coin = jeu4[i];
    if (coin !== undefined && coin.symbol === WINNING_COIN) winning = add(winning, { surface: 'jeu4', index: i, amount_cents: coin.amount });
  }

  if (winning === undefined) return { prize_cents: 0, winning: NO_WINS };
  let prize = 0;
  for (const zone of winning) prize += zone.amount_cents;
  return { prize_cents: prize, winning };
}
