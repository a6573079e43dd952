/** What the console shows: money in cents as euros, times in Europe/Paris, printed ticket numbers. */
import { formatCount, formatEuros } from '../../common/money-text.js';
import { printedTicketKey } from '../../common/ticket-number.js';
import type { Lang } from './i18n.js';

export const TIME_ZONE = 'Europe/Paris';

export const money = (cents: number, lang: Lang): string => formatEuros(cents, { locale: lang });
export const count = (n: number, lang: Lang): string => formatCount(n, lang);
export const ticket = (key: string): string => printedTicketKey(key);

const fmt = new Map<string, Intl.DateTimeFormat>();

/** A `YYYY-MM-DD` day as the person reads it ("02/12/2026"): a calendar day, no time zone moves it. */
export function calendarDay(d: string, lang: Lang): string {
  const at = new Date(`${d}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? d : at.toLocaleDateString(lang === 'en' ? 'en-GB' : 'fr-FR', { timeZone: 'UTC' });
}

/** "02/12/2026 15:42" in Paris time ('—' for none). */
export function dateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const key = `dt-${lang}`;
  let f = fmt.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    fmt.set(key, f);
  }
  return f.format(d).replace(',', '');
}

/** A duration in seconds as "45 s", "12 min", "3 h", "2 j"/"2 d". */
export function duration(seconds: number | null, lang: Lang): string {
  if (seconds === null) return '—';
  const s = Math.abs(seconds);
  if (s < 120) return `${Math.round(seconds)} s`;
  if (s < 7200) return `${Math.round(seconds / 60)} min`;
  if (s < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} ${lang === 'fr' ? 'j' : 'd'}`;
}
