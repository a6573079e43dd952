/**
 * A tiny i18n: one dictionary per area (`<area>.ts` exporting `{ fr: {...}, en: {...} }`), merged here.
 * French is the default; `t(key, vars)` replaces `{name}` placeholders. A missing English text falls
 * back to French, a missing key shows the key itself (so a gap is visible, never a crash).
 *
 * To add an area: create `renderer/src/i18n/<area>.ts` (`defineTexts({ fr, en })`: French defines the keys,
 * English must have the same) and append ONE line to DICTIONARIES below. Keys are typed (`TextKey`).
 */
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../../common/api/views.js';
import { commonText } from './common.js';
import { displayText } from './display.js';
import { validateText } from './validate.js';
import { sellText } from './sell.js';
import { packsText } from './packs.js';
import { cashText } from './cash.js';
import { journalText } from './journal.js';
import { diagnosticsText } from './diagnostics.js';
import { settingsText } from './settings.js';
import { selfCheckText } from './selfcheck.js';
import { digitalText } from './digital.js';

/** One area's texts: the same keys in both languages (French is the reference). */
export interface Dictionary {
  readonly fr: Readonly<Record<string, string>>;
  readonly en: Readonly<Record<string, string>>;
}

export type Vars = Readonly<Record<string, string | number>>;

/** Every area's dictionary. ONE line per area. */
export const DICTIONARIES = [
  commonText,
  validateText,
  displayText,
  sellText,
  packsText,
  cashText,
  journalText,
  diagnosticsText,
  settingsText,
  selfCheckText,
  digitalText,
] as const satisfies readonly Dictionary[];

/** Every text's key, as the French dictionaries define them: `t('no.such.key')` does not compile. */
export type TextKey = (typeof DICTIONARIES)[number] extends infer D ? (D extends { readonly fr: infer F } ? keyof F & string : never) : never;

export type Translate = (key: TextKey, vars?: Vars) => string;

/** Merges dictionaries; a later one wins on a duplicated key. */
export function mergeDictionaries(list: readonly Dictionary[]): Dictionary {
  const fr: Record<string, string> = {};
  const en: Record<string, string> = {};
  for (const d of list) {
    Object.assign(fr, d.fr);
    Object.assign(en, d.en);
  }
  return { fr, en };
}

/** Fills `{name}` placeholders; unknown placeholders stay as they are. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole));
}

/** A translate function over a merged dictionary (any keys: the typed `Translate` narrows them). */
export function makeTranslate(dict: Dictionary, language: Language): (key: string, vars?: Vars) => string {
  return (key, vars) => {
    const text = (language === 'en' ? dict.en[key] : undefined) ?? dict.fr[key] ?? key;
    return interpolate(text, vars);
  };
}

let merged: Dictionary | null = null;
function allTexts(): Dictionary {
  merged ??= mergeDictionaries(DICTIONARIES);
  return merged;
}

interface I18nState {
  readonly language: Language;
  readonly t: Translate;
  setLanguage(language: Language): void;
  /** Shows a language without reporting it as the operator's choice (the session's own, on login/logout). */
  showLanguage(language: Language): void;
}

const I18nContext = createContext<I18nState>({
  language: 'fr',
  t: makeTranslate(mergeDictionaries(DICTIONARIES), 'fr'),
  setLanguage: () => undefined,
  showLanguage: () => undefined,
});

/**
 * Holds the language for the whole window. `onChange` is called when the operator switches
 * (the shell passes a function that calls `settings.language`).
 */
export function I18nProvider(props: { initial?: Language; onChange?: (language: Language) => void; children: ReactNode }) {
  const [language, setLang] = useState<Language>(props.initial ?? 'fr');
  const { onChange } = props;
  const setLanguage = useCallback(
    (l: Language) => {
      setLang(l);
      onChange?.(l);
    },
    [onChange],
  );
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo<I18nState>(() => ({ language, t: makeTranslate(allTexts(), language), setLanguage, showLanguage: setLang }), [language, setLanguage]);
  return createElement(I18nContext.Provider, { value }, props.children);
}

/** Whether `key` names a text: for keys built from data (an error code, a state the services may add to). */
export function isTextKey(key: string): key is TextKey {
  return Object.prototype.hasOwnProperty.call(allTexts().fr, key);
}

/** The text of a key built from data, or `fallback` (default: the key itself) when there is none. */
export function textOf(t: Translate, key: string, vars?: Vars, fallback: string = key): string {
  return isTextKey(key) ? t(key, vars) : fallback;
}

/** The translate function of the current language: `t('validate.title')`, `t('x.count', { n: 2 })`. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

/** The current language and the function that switches it. */
export function useLanguage(): [Language, (language: Language) => void] {
  const s = useContext(I18nContext);
  return [s.language, s.setLanguage];
}

/** Shows a language without reporting it as the operator's choice. */
export function useShowLanguage(): (language: Language) => void {
  return useContext(I18nContext).showLanguage;
}
