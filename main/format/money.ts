/**
 * Euro amounts for people: integer cents in, text out, without floating point.
 * French: `1 000,00 €` (no-break spaces, so an amount never wraps); English: `€1,000.00`.
 */
export type MoneyLocale = 'fr' | 'en';

/** U+00A0: groups thousands and separates the euro sign in French. */
export const NBSP = '\u00a0';

function group(digits: string, separator: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** Formats a whole number of euro cents, e.g. `formatEuros(100000, 'fr')` → `1 000,00 €`. */
export function formatEuros(cents: number, locale: MoneyLocale = 'fr'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatEuros: ${cents} is not a whole number of cents`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  if (locale === 'fr') return `${sign}${group(euros, NBSP)},${rest}${NBSP}€`;
  return `${sign}€${group(euros, ',')}.${rest}`;
}
