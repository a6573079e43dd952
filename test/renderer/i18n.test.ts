import { describe, expect, it } from 'vitest';
import { DICTIONARIES, interpolate, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { commonText } from '../../renderer/src/i18n/common.js';
import { validateText } from '../../renderer/src/i18n/validate.js';
import { displayText } from '../../renderer/src/i18n/display.js';
import { COUNTER_VERDICTS } from '../../main/services/tickets/counter-verdict.js';

describe('i18n', () => {
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

  it('gives every text of the shell, validation and display in both languages', () => {
    for (const d of [commonText, validateText, displayText]) {
      expect(Object.keys(d.en).sort()).toEqual(Object.keys(d.fr).sort());
      for (const [k, v] of Object.entries(d.fr)) expect(v.trim(), k).not.toBe('');
    }
    expect(DICTIONARIES).toContain(commonText);
    expect(DICTIONARIES).toContain(validateText);
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
    expect(errorText(fr, refusal('invalid-input', 'barcode: too long'))).toBe('Saisie invalide : barcode: too long');
    expect(errorText(fr, refusal('some-new-code', 'as the service says'))).toBe('as the service says');
    expect(errorText(fr, new Error('plain'))).toBe('plain');
  });
});
