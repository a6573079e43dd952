/**
 * An ISO week as people read it: the days it covers, Monday to Sunday ("30 nov. – 6 déc. 2026" /
 * "30 Nov – 6 Dec 2026"), never "2026-W49". The cash screen and the printed statement say the same.
 */
import type { Language } from './api/views.js';
import { isoWeekBounds } from './protocol/statement.js';

/** The days of ISO week `week` (`YYYY-Www`); anything that is not an ISO week is given back as it came. */
export function isoWeekText(week: string, language: Language = 'fr'): string {
  let monday: number;
  try {
    monday = Date.parse(isoWeekBounds(week).from);
  } catch {
    return week;
  }
  const sunday = monday + 6 * 86_400_000;
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  const day = (t: number, withYear: boolean) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(new Date(t));
  const sameYear = new Date(monday).getUTCFullYear() === new Date(sunday).getUTCFullYear();
  return `${day(monday, !sameYear)} – ${day(sunday, true)}`;
}
