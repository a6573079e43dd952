/**
 * Display formats of the kiosk: money the French way ("1 000,00 €") or the English way ("€1,000.00"),
 * dates and times in the shop's zone (Europe/Paris) whatever the machine's zone is.
 */
import { gameByCode, isGameCode } from '../../games/index.js';
import { formatCount, formatEuros } from '../../games/money.js';
import type { Language } from '../../common/api/views.js';

export const SHOP_TIME_ZONE = 'Europe/Paris';

/** Integer cents as money text in the given language, never broken across two lines (no-break spaces). */
export function money(cents: number, language: Language = 'fr'): string {
  return formatEuros(cents, { locale: language }).replace(/ /g, '\u00a0');
}

/**
 * Money as a ticket prints it: whole euros without their cents ("1 000 €", "€1,000"), cents only when
 * there are some ("2,50 €"); never broken across two lines (its spaces are no-break spaces).
 */
export function moneyAsPrinted(cents: number, language: Language = 'fr'): string {
  return formatEuros(cents, { locale: language, cents: cents % 100 !== 0 }).replace(/ /g, '\u00a0');
}

/** A whole count with thousands grouped ("2 000" / "2,000"), on one line. */
export function count(n: number, language: Language = 'fr'): string {
  return formatCount(n, language).replace(/ /g, '\u00a0');
}

function parts(iso: string, language: Language, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${JSON.stringify(iso)}`);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { timeZone: SHOP_TIME_ZONE, ...options }).format(date);
}

/** "30/11/2026 10:00" in Paris time (24-hour clock in both languages). */
export function dateTime(iso: string, language: Language = 'fr'): string {
  return parts(iso, language, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).replace(',', '');
}

/** "30/11/2026" in Paris time. */
export function date(iso: string, language: Language = 'fr'): string {
  return parts(iso, language, { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** "10:05" in Paris time (a lock's end, a time of day to the minute). */
export function hourMinute(iso: string, language: Language = 'fr'): string {
  return parts(iso, language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** "10:00:05" in Paris time. */
export function time(iso: string, language: Language = 'fr'): string {
  return parts(iso, language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

/** An ISO week ("2026-W49") as the days it covers, "30 nov. – 6 déc. 2026" (shared with the printed statement). */
export { isoWeekText as isoWeek } from '../../common/week-text.js';

/** A game's name from its code ("Millionnaire"); a code no game has, as it is. */
export function gameName(code: string): string {
  return isGameCode(code) ? gameByCode(code).name : code;
}

/** `text` cut to `max` characters, the cut marked with "…". */
export function shortened(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
