/** Validation of Happy 2014 play data in its canonical JSON shape. */
import { PlayDataError } from '../errors.js';
import { isPositiveWholeEuros } from '../months/amounts.js';
import { describe, expectKeys, expectMonths, expectObject, monthShape } from '../months/parse.js';
import { HAPPY_2014_SYMBOLS, type Happy2014Play } from './play.js';

const GAME = 'happy-2014';
const ROOT_KEYS = ['months', 'bonus'] as const;
const MONTH = monthShape('amount', HAPPY_2014_SYMBOLS);

/**
 * `play` itself, typed, once every check passed: an object with exactly `months` (twelve
 * `{ symbols, amount }`) and `bonus` (0, or a positive whole number of euros in cents).
 * Throws `PlayDataError` naming the zone otherwise.
 */
export function parseHappy2014(play: unknown): Happy2014Play {
  const root = expectObject(GAME, '', play);
  expectKeys(GAME, '', root, ROOT_KEYS);
  expectMonths(GAME, root.months, MONTH);
  const bonus = root.bonus;
  if (bonus !== 0 && !isPositiveWholeEuros(bonus)) {
    if (typeof bonus !== 'number' || !Number.isSafeInteger(bonus) || bonus < 0) {
      throw new PlayDataError(GAME, 'bonus', `is not 0 or a positive integer number of cents (got ${describe(bonus)})`);
    }
    throw new PlayDataError(GAME, 'bonus', `is not whole euros: tickets print whole euros (got ${bonus} cents)`);
  }
  return play as Happy2014Play;
}
