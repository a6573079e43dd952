/**
 * One vocabulary (issue 14, finding 9): the README's glossary is the reference. Every text a person
 * reads — the renderer dictionaries, the receipt words, the ticket picture's annotations — is checked
 * against its « not » columns, and « carnet » and « pack » go together in the two languages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../../renderer/src/i18n/index.js';
import { receiptLabels } from '../../main/services/receipts/labels.js';
import { labelsFor } from '../../render/labels.js';

type Language = 'fr' | 'en';

interface Row {
  readonly fr: string;
  readonly en: string;
  readonly notFr: readonly string[];
  readonly notEn: readonly string[];
}

/** The glossary table of the README (section "Glossary"). */
export function readGlossary(readme: string): Row[] {
  const start = readme.indexOf('### Glossary');
  if (start < 0) throw new Error('README has no glossary');
  const lines = readme.slice(start).split('\n');
  const rows: Row[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|') || line.startsWith('|---') || line.startsWith('| Français')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const terms = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    rows.push({ fr: cells[0] ?? '', en: cells[1] ?? '', notFr: terms(cells[2] ?? ''), notEn: terms(cells[3] ?? '') });
  }
  return rows;
}

/** A glossary term as a pattern: case-insensitive, whole words, `{n}` for a number or a placeholder. */
export function termPattern(term: string): RegExp {
  const body = term
    .split('{n}')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['’]/g, "['’]"))
    .join('(?:\\{\\w+\\}|\\d+)');
  const before = /^[\p{L}\p{N}]/u.test(term) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = /[\p{L}\p{N}]$/u.test(term) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${body}${after}`, 'iu');
}

/** Every string of a value: nested objects, and functions called with sample arguments. */
function stringsOf(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') return stringsOf((value as (...a: unknown[]) => unknown)(2, '10,00 €'), at);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, at ? `${at}.${k}` : k));
  return [];
}

/** Every text a person reads, by where it comes from, in one language. */
function texts(language: Language): Map<string, string> {
  const all = new Map<string, string>();
  for (const d of DICTIONARIES) for (const [k, v] of Object.entries(d[language])) all.set(`i18n:${k}`, v);
  for (const [k, v] of stringsOf(receiptLabels(language), '')) all.set(`receipt:${k}`, v);
  for (const [k, v] of stringsOf(labelsFor(language), '')) all.set(`picture:${k}`, v);
  return all;
}

const glossary = readGlossary(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'README.md'), 'utf8'));

describe('one vocabulary, the README glossary', () => {
  it('reads the glossary with its forbidden words', () => {
    expect(glossary.find((r) => r.fr === 'carnet')).toMatchObject({ en: 'pack', notFr: expect.arrayContaining(['paquet']) });
    expect(glossary.find((r) => r.en === 'till')?.notEn).toContain('cash session');
    expect(termPattern('receipt {n}').test('Voided (receipt {n})')).toBe(true);
    expect(termPattern('receipt {n}').test('Receipt no. {n}')).toBe(false);
    expect(termPattern('(s)').test('1 ticket(s)')).toBe(true);
    expect(termPattern('book').test('Bookkeeping')).toBe(false);
  });

  for (const language of ['fr', 'en'] as const) {
    it(`has no forbidden synonym in the ${language === 'fr' ? 'French' : 'English'} texts`, () => {
      const found: string[] = [];
      for (const row of glossary) {
        for (const term of language === 'fr' ? row.notFr : row.notEn) {
          const p = termPattern(term);
          for (const [where, text] of texts(language)) if (p.test(text)) found.push(`${where}: « ${text} » says « ${term} », the glossary says « ${language === 'fr' ? row.fr : row.en} »`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('says « carnet » in French exactly where it says « pack » in English', () => {
    const fr = texts('fr');
    const en = texts('en');
    const carnet = termPattern('carnet');
    const carnets = termPattern('carnets');
    const pack = /(?<![\p{L}])packs?(?![\p{L}])/iu;
    const odd = [...fr].filter(([k, v]) => (carnet.test(v) || carnets.test(v)) !== pack.test(en.get(k) ?? '')).map(([k, v]) => `${k}: « ${v} » / « ${en.get(k)} »`);
    expect(odd).toEqual([]);
  });
});
