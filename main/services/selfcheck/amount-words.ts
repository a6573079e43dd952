/** A whole-euro prize in words, French (as printed on the tickets) and English, for the player's screen. */
import { toCardinal as englishCardinal } from 'n2words/en-GB';
import { euroAmountInWords } from '../../../games/french-words.js';

export interface AmountWords {
  readonly fr: string;
  readonly en: string;
}

/** "forty thousand euros", "one euro"; whole euros only (ticket prizes are). */
export function englishEuroWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents % 100 !== 0) {
    throw new RangeError(`englishEuroWords: ${cents} cents is not a positive whole number of euros`);
  }
  const euros = cents / 100;
  return `${englishCardinal(euros)} ${euros === 1 ? 'euro' : 'euros'}`;
}

/** Both languages, or null when the amount is not a positive whole number of euros. */
export function amountWords(cents: number | null): AmountWords | null {
  if (cents === null || !Number.isSafeInteger(cents) || cents <= 0 || cents % 100 !== 0) return null;
  return { fr: euroAmountInWords(cents), en: englishEuroWords(cents) };
}
