/** The prize of Happy 2014 play data (seed 000, articles 4.3–4.6). */
import type { PrizeResult, WinningZone } from '../types.js';
import type { Happy2014Month, Happy2014Play } from './play.js';

/** Sum of the months whose two symbols are identical, plus the bonus when it is not 0 €. */
export function evaluateHappy2014(play: Happy2014Play): PrizeResult {
  const winning: WinningZone[] = [];
  let prize_cents = 0;
  for (let index = 0; index < play.months.length; index++) {
    const { symbols, amount } = play.months[index] as Happy2014Month;
    if (symbols[0] !== symbols[1]) continue;
    winning.push({ surface: 'months', index, amount_cents: amount });
    prize_cents += amount;
  }
  if (play.bonus !== 0) {
    winning.push({ surface: 'bonus', index: 0, amount_cents: play.bonus });
    prize_cents += play.bonus;
  }
  return { prize_cents, winning };
}
