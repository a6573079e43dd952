/** The prize of 2013 Année de la chance play data (seed 002, articles 4.2–4.4). */
import type { PrizeResult, WinningZone } from '../types.js';
import { LUCKY_NUMBER, type AnneeChance2013Month, type AnneeChance2013Play } from './play.js';

/** Sum of the months whose two symbols are identical, plus the bonus amount when its number is 13. */
export function evaluateAnneeChance2013(play: AnneeChance2013Play): PrizeResult {
  const winning: WinningZone[] = [];
  let prize_cents = 0;
  for (let index = 0; index < play.months.length; index++) {
    const { symbols, gain } = play.months[index] as AnneeChance2013Month;
    if (symbols[0] !== symbols[1]) continue;
    winning.push({ surface: 'months', index, amount_cents: gain });
    prize_cents += gain;
  }
  if (play.bonus.number === LUCKY_NUMBER) {
    winning.push({ surface: 'bonus', index: 0, amount_cents: play.bonus.amount });
    prize_cents += play.bonus.amount;
  }
  return { prize_cents, winning };
}
