/** Validation of 2013 Année de la chance play data in its canonical JSON shape. */
import { PlayDataError } from '../errors.js';
import { describe, expectAmount, expectKeys, expectMonths, expectObject, monthShape } from '../months/parse.js';
import { ANNEE_CHANCE_2013_SYMBOLS, LUCKY_NUMBER, type AnneeChance2013Play } from './play.js';

const GAME = 'annee-chance-2013';
const ROOT_KEYS = ['months', 'bonus'] as const;
const BONUS_KEYS = ['number', 'amount'] as const;
const MONTH = monthShape('gain', ANNEE_CHANCE_2013_SYMBOLS);

/**
 * `play` itself, typed, once every check passed: an object with exactly `months` (twelve
 * `{ symbols, gain }`) and `bonus` (`{ number: 1–13, amount }`); every amount is a positive whole
 * number of euros in cents. Throws `PlayDataError` naming the zone otherwise.
 */
export function parseAnneeChance2013(play: unknown): AnneeChance2013Play {
  const root = expectObject(GAME, '', play);
  expectKeys(GAME, '', root, ROOT_KEYS);
  expectMonths(GAME, root.months, MONTH);
  const bonus = expectObject(GAME, 'bonus', root.bonus);
  expectKeys(GAME, 'bonus', bonus, BONUS_KEYS);
  const number = bonus.number;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > LUCKY_NUMBER) {
    throw new PlayDataError(GAME, 'bonus.number', `is not an integer from 1 to ${LUCKY_NUMBER} (got ${describe(number)})`);
  }
  expectAmount(GAME, 'bonus.amount', bonus.amount);
  return play as AnneeChance2013Play;
}
