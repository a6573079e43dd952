/**
 * Central's refusals said in the page's language (#22): a refusal whose reason has words here (i18n
 * `refusal.<reason>`, or `refusal.<reason>.<rule>`) is said with its facts, times and days in Paris time,
 * tickets as printed and roles in words; any other keeps central's own sentence and its reason code.
 */
import { OpError } from './api.js';
import { dateTime, ticket, TIME_ZONE } from './format.js';
import { TEXTS, type Lang, type TextKey, type Vars } from './i18n.js';
import { roleWord } from './role-words.js';

/** "02/12/2026" for a day (`YYYY-MM-DD`, the office's day) or a time (UTC ISO, its day in Paris). */
function day(v: string, lang: Lang): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T12:00:00Z`) : new Date(v);
  if (Number.isNaN(d.getTime())) return v;
  return d.toLocaleDateString(lang === 'en' ? 'en-GB' : 'fr-FR', { timeZone: /^\d{4}-\d{2}-\d{2}$/.test(v) ? 'UTC' : TIME_ZONE });
}

/** A fact as a person reads it: by its name's kind (`*_at` a time, `*_on` a day, a ticket, a payment method, a pack's state). */
function factWords(name: string, v: string | number, lang: Lang, t: (key: TextKey, vars?: Vars) => string): string {
  if (typeof v === 'number') return String(v);
  if (name.endsWith('_at')) return /^\d{4}-\d{2}-\d{2}$/.test(v) ? day(v, lang) : dateTime(v, lang);
  if (name.endsWith('_on')) return day(v, lang);
  if (name === 'ticket') return ticket(v);
  const known = (key: string): string | null => (key in TEXTS[lang] ? t(key as TextKey) : null);
  if (name === 'method') return known(`pay.${v}`) ?? v;
  if (name === 'state') return known(`refusal.pack.${v}`) ?? known(`packs.state.${v}`) ?? v;
  // The roles an act takes ("finance,support"): in words, "finance ou support".
  if (name === 'needed') return v.split(',').map((r) => roleWord(r, t)).join(` ${t('refusal.role.or')} `);
  return v;
}

/** What went wrong, for a page's `common.error`. */
export function errorText(e: unknown, i18n?: { lang: Lang; t: (key: TextKey, vars?: Vars) => string }): string {
  if (!(e instanceof OpError)) return e instanceof Error ? e.message : String(e);
  if (i18n) {
    const rule = e.facts.rule;
    const key = [`refusal.${e.reason}.${String(rule)}`, `refusal.${e.reason}`].find((k) => k in TEXTS[i18n.lang]);
    // Words only when central sent every fact they name: else its own sentence, rather than "{id}".
    const complete = key !== undefined && [...TEXTS[i18n.lang][key as TextKey].matchAll(/\{(\w+)\}/g)].every((m) => m[1]! in e.facts);
    if (key && complete) {
      const vars: Record<string, string> = {};
      for (const [name, v] of Object.entries(e.facts)) vars[name] = factWords(name, v, i18n.lang, i18n.t);
      return i18n.t(key as TextKey, vars);
    }
  }
  return `${e.message} (${e.reason})`;
}
