/** Amounts written out in French words, as printed on paper tickets ("QUARANTE MILLE EUROS"). */
import { toCardinal } from 'n2words/fr-FR';

/**
 * Whole-euro amounts only: ticket amounts are whole euros. `cents` must be a positive multiple of 100.
 * "un million d'euros" takes the elision French requires after million/milliard.
 */
export function euroAmountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents % 100 !== 0) {
    throw new RangeError(`euroAmountInWords: ${cents} cents is not a positive whole number of euros`);
  }
  const euros = cents / 100;
  const words = toCardinal(euros);
  const unit = euros === 1 ? 'euro' : /(million|milliard)s?$/.test(words) ? "d'euros" : 'euros';
  return `${words} ${unit}`.toUpperCase();
}
