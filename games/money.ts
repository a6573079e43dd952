/** Money display. Amounts are integer cents everywhere; this is the only place they become text. */

export type Locale = 'fr' | 'en';

export interface MoneyFormat {
  /** 'fr' (default): "1 000,00 €"; 'en': "€1,000.00". */
  readonly locale?: Locale;
  /** Show cents (default true); whole-euro amounts on tickets drop them: "40 000 €". */
  readonly cents?: boolean;
}

function groups(n: bigint, sep: string): string {
  return n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/**
 * Formats integer cents with plain ASCII spaces (receipt printers and terminals lack the narrow
 * no-break space that Intl uses), exactly and without floating point.
 */
export function formatEuros(cents: number, format: MoneyFormat = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatEuros: ${cents} is not a whole number of cents`);
  const locale = format.locale ?? 'fr';
  const showCents = format.cents ?? true;
  const negative = cents < 0;
  const abs = BigInt(Math.abs(cents));
  const euros = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  const sign = negative ? '-' : '';
  if (locale === 'en') return `${sign}€${groups(euros, ',')}${showCents ? `.${rest}` : ''}`;
  return `${sign}${groups(euros, ' ')}${showCents ? `,${rest}` : ''} €`;
}

/** A count with thousands grouped the same way: "2 000 000" (fr), "2,000,000" (en). */
export function formatCount(n: number, locale: Locale = 'fr'): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`formatCount: ${n} is not a whole number`);
  return (n < 0 ? '-' : '') + groups(BigInt(Math.abs(n)), locale === 'en' ? ',' : ' ');
}
