/**
 * The counter guide cannot fall behind the screen: every refusal the counter translates (each `error.*`
 * key of the French dictionaries) is quoted in docs/guide/fr/messages.md, word for word, a placeholder
 * (`{pack}`, `{amount}` …) standing for any words on the same line; and in English, in
 * docs/guide/en/messages.md. A pure file read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, mergeDictionaries } from '../../renderer/src/i18n/index.js';

const guide = (language: 'fr' | 'en') => path.join(import.meta.dirname, '..', '..', 'docs', 'guide', language, 'messages.md');

/** The French text as a pattern: its words exact, each placeholder any text on the line. */
function quoted(text: string): RegExp {
  const words = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(words.join('[^\\n]+?'));
}

/** The refusals the counter translates: the `error.*` keys of the French dictionaries, with their text in a language. */
function errors(language: 'fr' | 'en'): [string, string][] {
  const dict = mergeDictionaries(DICTIONARIES);
  return Object.keys(dict.fr)
    .filter((key) => key.startsWith('error.'))
    .map((key) => [key, dict[language][key] ?? dict.fr[key] ?? key]);
}

describe('the counter guide lists every message', () => {
  it('reads a placeholder as any words, the rest word for word', () => {
    expect(quoted('Le carnet {pack} est {state} : seul un carnet actif.').test('« Le carnet … est … : seul un carnet actif. »')).toBe(true);
    expect(quoted('Le carnet {pack} est {state} : seul un carnet actif.').test('« Le carnet … est … : seul un carnet. »')).toBe(false);
    expect(quoted('Code incorrect.').test('Code correct.')).toBe(false);
  });

  it.each(['fr', 'en'] as const)('quotes in %s the text of every error the counter translates', (language) => {
    const page = readFileSync(guide(language), 'utf8');
    const texts = errors(language);
    expect(texts.length).toBeGreaterThan(90);
    const missing = texts.filter(([, text]) => !quoted(text).test(page)).map(([key, text]) => `${key}: ${text}`);
    expect(missing, `add these messages to docs/guide/${language}/messages.md (what it means, what to do)`).toEqual([]);
  });
});
