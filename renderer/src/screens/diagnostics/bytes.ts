/** Sizes for people: "16,5 Ko" (fr) / "16.5 KB" (en), powers of 1024. */
import type { Language } from '../../../../common/api/views.js';

const UNITS: Record<Language, readonly string[]> = { fr: ['o', 'Ko', 'Mo', 'Go', 'To'], en: ['B', 'KB', 'MB', 'GB', 'TB'] };

export function formatBytes(n: number, language: Language): string {
  let v = n;
  let i = 0;
  while (v >= 1024 && i < 4) {
    v /= 1024;
    i += 1;
  }
  const text = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v);
  return `${text} ${UNITS[language][i] ?? ''}`;
}

/** The Chromium version of this window, from its user agent, when it says. */
export function browserVersion(userAgent: string): string | null {
  const m = /(?:Chrome|Chromium)\/([\d.]+)/.exec(userAgent);
  return m ? (m[1] ?? null) : null;
}
