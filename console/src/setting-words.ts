/**
 * A setting as an operator reads and types it: its value in its unit (cents as euros, basis points as a
 * percentage, seconds, days, yes/no), and the text typed in the change form read back into the value
 * central stores — so nobody types cents or JSON for a setting the console knows.
 */
import type { SettingUnit } from '../../common/console/config.js';
import { count, money } from './format.js';
import type { Lang } from './i18n.js';

const UNIT_WORDS: Record<Lang, Partial<Record<SettingUnit, string>>> = {
  fr: { cents: 'en euros, p. ex. 900,00', seconds: 'en secondes', minutes: 'en minutes', hours: 'en heures', days: 'en jours', percent: 'en %', bp: 'en %, p. ex. 5 ou 2,5', count: 'un nombre entier', boolean: 'oui ou non', urls: 'adresses séparées par des virgules', choice: 'un des choix', text: 'un texte', json: 'en JSON' },
  en: { cents: 'in euros, e.g. 900.00', seconds: 'in seconds', minutes: 'in minutes', hours: 'in hours', days: 'in days', percent: 'in %', bp: 'in %, e.g. 5 or 2.5', count: 'a whole number', boolean: 'yes or no', urls: 'addresses separated by commas', choice: 'one of the choices', text: 'a text', json: 'as JSON' },
};

/** What the change form asks for, in words ("en euros, p. ex. 900,00"). */
export const unitHint = (unit: SettingUnit, lang: Lang): string => UNIT_WORDS[lang][unit] ?? '';

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A value as the operator reads it in `unit`; null reads "none". */
export function settingText(unit: SettingUnit, value: unknown, lang: Lang): string {
  if (value === null || value === undefined) return lang === 'fr' ? 'aucun' : 'none';
  if (unit === 'cents' && whole(value)) return money(value, lang);
  if (unit === 'bp' && whole(value)) return `${(value / 100).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 })} %`;
  if (unit === 'percent' && whole(value)) return `${value} %`;
  if (unit === 'seconds' && whole(value)) return `${count(value, lang)} s`;
  if (unit === 'minutes' && whole(value)) return `${count(value, lang)} min`;
  if (unit === 'hours' && whole(value)) return `${count(value, lang)} h`;
  if (unit === 'days' && whole(value)) return `${count(value, lang)} ${lang === 'fr' ? 'j' : 'd'}`;
  if (unit === 'count' && whole(value)) return count(value, lang);
  if (unit === 'boolean' && typeof value === 'boolean') return value ? (lang === 'fr' ? 'oui' : 'yes') : lang === 'fr' ? 'non' : 'no';
  if (unit === 'urls' && Array.isArray(value)) return value.map(String).join(', ');
  if ((unit === 'choice' || unit === 'text') && typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Why a typed value is refused, or the value to send. */
export type Parsed = { ok: true; value: unknown } | { ok: false; why: string };

function decimal(text: string, places: number): number | null {
  const m = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0€%]/g, ''));
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(places, '0');
  return Number(m[1]) * 10 ** places + Number(frac || '0');
}

/** The text typed in the change form as the value central stores for `unit`. */
export function parseSetting(unit: SettingUnit, text: string, lang: Lang): Parsed {
  const t = text.trim();
  const refuse = (): Parsed => ({ ok: false, why: lang === 'fr' ? `« ${t} » n’est pas une valeur ${unitHint(unit, lang)}` : `"${t}" is not a value ${unitHint(unit, lang)}` });
  switch (unit) {
    case 'cents': {
      const v = decimal(t, 2);
      return v === null ? refuse() : { ok: true, value: v };
    }
    case 'bp': {
      const v = decimal(t, 2);
      return v === null ? refuse() : { ok: true, value: v };
    }
    case 'percent':
    case 'seconds':
    case 'minutes':
    case 'hours':
    case 'days':
    case 'count':
      return /^\d{1,12}$/.test(t.replace(/[\s\u00a0%]/g, '')) ? { ok: true, value: Number(t.replace(/[\s\u00a0%]/g, '')) } : refuse();
    case 'boolean':
      return /^(oui|yes|true)$/i.test(t) ? { ok: true, value: true } : /^(non|no|false)$/i.test(t) ? { ok: true, value: false } : refuse();
    case 'urls': {
      const list = t.split(/[,\s]+/).filter(Boolean);
      return list.length === 0 ? refuse() : { ok: true, value: list };
    }
    case 'choice':
    case 'text':
      return t === '' ? refuse() : { ok: true, value: t };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(t) as unknown };
      } catch {
        return refuse();
      }
  }
}
