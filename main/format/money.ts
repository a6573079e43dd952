/**
 * Euro amounts for people at the terminal: integer cents in, text out, without floating point.
 * French `1 000,00 €`, English `€1,000.00`. One source of truth: the rules engine's `games/money.ts`
 * (plain ASCII spaces, which receipt printers and every terminal can show).
 */
import { formatEuros as format, type Locale } from '../../games/money.js';

export type MoneyLocale = Locale;

/** Formats a whole number of euro cents, e.g. `formatEuros(100000, 'fr')` → `1 000,00 €`. */
export function formatEuros(cents: number, locale: MoneyLocale = 'fr'): string {
  return format(cents, { locale });
}
