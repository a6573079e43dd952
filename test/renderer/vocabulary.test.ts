/**
 * One vocabulary (issue 14, finding 9): the glossary (docs/reference/glossary.md) is the reference. Every text a person
 * reads — the renderer dictionaries, the receipt words, the ticket picture's annotations — is checked
 * against its « not » columns, and « carnet » and « pack » go together in the two languages.
 */
import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../../renderer/src/i18n/index.js';
import { receiptLabels } from '../../main/services/receipts/labels.js';
import { labelsFor } from '../../render/labels.js';
import { glossary as readGlossaryPage, termPattern } from '../support/glossary.js';

type Language = 'fr' | 'en';

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

const glossary = readGlossaryPage();

describe('one vocabulary, the glossary', () => {
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
