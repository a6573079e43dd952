import { describe, expect, it } from 'vitest';
import { DICTIONARIES, interpolate, isTextKey, makeTranslate, mergeDictionaries, type Translate } from '../../renderer/src/i18n/index.js';
import { defineTexts } from '../../renderer/src/i18n/define.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { commonText } from '../../renderer/src/i18n/common.js';
import { validateText } from '../../renderer/src/i18n/validate.js';
import { COUNTER_VERDICTS } from '../../main/services/tickets/counter-verdict.js';
import { countKey } from '../../renderer/src/i18n/plural.js';

describe('i18n', () => {
  it('counts in each language’s grammar: “0 ticket” in French, “0 tickets” in English', () => {
    const dict = mergeDictionaries(DICTIONARIES);
    const said = (language: 'fr' | 'en', n: number) => makeTranslate(dict, language)(countKey('sell.cart.count', n, language), { n });
    expect([0, 1, 2].map((n) => said('fr', n))).toEqual(['0 ticket', '1 ticket', '2 tickets']);
    expect([0, 1, 2].map((n) => said('en', n))).toEqual(['0 tickets', '1 ticket', '2 tickets']);
  });

  it('says an operator in French without guessing a gender (“Lucie est désactivé : il…” was said of anyone)', () => {
    const gendered: string[] = [];
    for (const d of DICTIONARIES) {
      for (const [key, text] of Object.entries(d.fr as Record<string, string>)) {
        if (!text.includes('{name}')) continue;
        // {name} as the subject of a masculine participle, or a pronoun standing for it.
        if (/(^|[.:!?] )\{name\} (est |a été )?\p{L}+é(?=[\s:.,(]|$)|(^|\s)(il|elle)s? (ne )?(peut|pourra|doit)\s/u.test(text)) gendered.push(`${key}: ${text}`);
      }
    }
    expect(gendered).toEqual([]);
  });

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(interpolate('{n} à synchroniser', { n: 3 })).toBe('3 à synchroniser');
    expect(interpolate('Code de {name} ({name})', { name: 'Marie' })).toBe('Code de Marie (Marie)');
    expect(interpolate('{missing} stays', { n: 1 })).toBe('{missing} stays');
    expect(interpolate('no vars {x}')).toBe('no vars {x}');
  });

  it('speaks French by default, English on request, falls back to French, and shows a missing key as itself', () => {
    const dict = mergeDictionaries([{ fr: { a: 'Bonjour {who}', b: 'Seulement en français' }, en: { a: 'Hello {who}' } }]);
    expect(makeTranslate(dict, 'fr')('a', { who: 'Marie' })).toBe('Bonjour Marie');
    expect(makeTranslate(dict, 'en')('a', { who: 'Marie' })).toBe('Hello Marie');
    expect(makeTranslate(dict, 'en')('b')).toBe('Seulement en français');
    expect(makeTranslate(dict, 'fr')('nope.key')).toBe('nope.key');
  });

  it('merges area dictionaries, a later one winning on a duplicate key', () => {
    const d = mergeDictionaries([
      { fr: { x: '1', y: 'y' }, en: { x: 'one' } },
      { fr: { x: '2' }, en: {} },
    ]);
    expect(d.fr).toEqual({ x: '2', y: 'y' });
    expect(d.en).toEqual({ x: 'one' });
  });

  it('has every key of every dictionary in every language, none empty, with the same {placeholders}', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const problems: string[] = [];
    for (const d of DICTIONARIES) {
      const languages = Object.keys(d) as (keyof typeof d)[];
      expect(languages.sort()).toEqual(['en', 'fr']);
      const keys = new Set(languages.flatMap((l) => Object.keys(d[l])));
      for (const key of keys) {
        const fr: unknown = (d.fr as Record<string, unknown>)[key];
        for (const lang of languages) {
          const text: unknown = (d[lang] as Record<string, unknown>)[key];
          if (typeof text !== 'string') problems.push(`${lang} ${key}: missing`);
          else if (text.trim() === '') problems.push(`${lang} ${key}: empty`);
          else if (typeof fr === 'string' && placeholders(text).join() !== placeholders(fr).join()) problems.push(`${lang} ${key}: {${placeholders(text).join('} {')}} where French has {${placeholders(fr).join('} {')}}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(DICTIONARIES).toContain(commonText);
    expect(DICTIONARIES).toContain(validateText);
  });

  it('types the keys from the French dictionary: English must have exactly its keys (compile-time)', () => {
    // These lines only compile while the checks hold: `npm run typecheck` fails if one is lifted.
    // @ts-expect-error English without a French key
    defineTexts({ fr: { a: 'un', b: 'deux' }, en: { a: 'one' } });
    // @ts-expect-error English with a key French does not have
    defineTexts({ fr: { a: 'un' }, en: { a: 'one', b: 'two' } });
    const t = makeTranslate(mergeDictionaries(DICTIONARIES), 'fr') as Translate;
    // @ts-expect-error a key no dictionary defines
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('app.name')).toBe('Guichet');
    expect(isTextKey('app.name')).toBe(true);
    expect(isTextKey('error.some-new-code')).toBe(false);
  });

  it('never lets one area silently change another area’s text (same key, different words)', () => {
    for (const lang of ['fr', 'en'] as const) {
      const seen = new Map<string, string>();
      const clashes: string[] = [];
      for (const d of DICTIONARIES) {
        for (const [k, text] of Object.entries(d[lang])) {
          if (seen.has(k) && seen.get(k) !== text) clashes.push(`${lang} ${k}`);
          seen.set(k, text);
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('has a headline and a sentence for every counter verdict, on both screens', () => {
    const all = mergeDictionaries(DICTIONARIES);
    for (const lang of ['fr', 'en'] as const) {
      const t = makeTranslate(all, lang);
      for (const v of COUNTER_VERDICTS) {
        for (const key of [`verdict.${v}`, `verdictSub.${v}`, `display.verdict.${v}`, `display.verdictSub.${v}`]) expect(t(key), `${lang} ${key}`).not.toBe(key);
      }
    }
  });

  it('turns API refusals into sentences, falling back to the service message', () => {
    const all = mergeDictionaries(DICTIONARIES);
    const fr = makeTranslate(all, 'fr');
    const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(errorText(fr, refusal('wrong-pin', 'wrong PIN'))).toBe('Code incorrect.');
    expect(errorText(makeTranslate(all, 'en'), refusal('locked', 'x'))).toMatch(/locked/);
    // Never the schema's text nor the internal field name (issue 14, finding 6).
    expect(errorText(fr, refusal('invalid-input', 'barcode: too long'))).toBe('Saisie refusée : vérifiez la saisie.');
    const tooBig = Object.assign(new Error('payout_limit_cents: Too big: expected number to be <=100000000'), {
      code: 'invalid-input',
      details: { field: 'payout_limit_cents', problem: 'too_big', limit: 100_000_000 },
    });
    expect(errorText(fr, tooBig)).toMatch(/^Saisie refusée : le plafond de paiement est trop grand \(au plus 1.000.000,00 €\)\.$/);
    expect(errorText(makeTranslate(all, 'en'), tooBig)).toMatch(/^Refused: the payout limit is too large/);
    expect(errorText(fr, refusal('some-new-code', 'as the service says'))).toBe('as the service says');
    expect(errorText(fr, new Error('plain'))).toBe('plain');
  });
});
