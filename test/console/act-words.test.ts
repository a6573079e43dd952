/**
 * The audit page names central's journal entries in words (console/src/act-words.ts): every type
 * central records (each `journalAtCentral` call in central/, its literal types, both sides of a
 * ternary, and a stop list's `stoplist.${action}`) has words in French and in English. Before, the page
 * showed only the code (`exception.charge-back`, `proposal.propose`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actWords, WORDED_TYPES } from '../../console/src/act-words.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The text of the fifth argument of the call whose arguments start at `from` (commas inside brackets skipped), or null. */
function fifthArgument(text: string, from: number): string | null {
  let depth = 0;
  let arg = 0;
  let start = from;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) {
      if (depth === 0) return arg === 4 ? text.slice(start, i) : null;
      depth--;
    } else if (ch === ',' && depth === 0) {
      if (arg === 4) return text.slice(start, i);
      arg++;
      start = i + 1;
    }
  }
  return null;
}

/** The types central's code passes to journalAtCentral (its fifth argument's string literals). */
function centralTypes(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(path.join(ROOT, 'central'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(path.join(ROOT, 'central', file), 'utf8');
    for (const m of text.matchAll(/journalAtCentral\(/g)) {
      const arg = fifthArgument(text, m.index + m[0].length);
      if (arg === null) continue;
      if (arg.includes('`stoplist.${action}`')) ['stoplist.add', 'stoplist.remove'].forEach((t) => found.add(t));
      for (const lit of arg.matchAll(/'([a-z][a-z_.-]*)'/g)) found.add(lit[1]!);
    }
  }
  return [...found].sort();
}

describe('central journal types in words', () => {
  it('finds the types central records in its code', () => {
    const types = centralTypes();
    expect(types.length).toBeGreaterThan(30);
    expect(types).toEqual(expect.arrayContaining(['config.set', 'exception.charge-back', 'game.disable', 'proposal.fail', 'stoplist.remove', 'terminal.enrol']));
  });

  it('names every one in French and in English', () => {
    for (const lang of ['fr', 'en'] as const) {
      expect(centralTypes().filter((type) => actWords(type, lang) === null), `types without ${lang} words`).toEqual([]);
    }
    expect(actWords('exception.charge-back', 'fr')).toBe('Exception refacturée au détaillant');
    expect(actWords('exception.charge-back', 'en')).toBe('Exception charged back');
  });

  it('has no words for a type central no longer records', () => {
    expect(WORDED_TYPES.filter((type) => !centralTypes().includes(type))).toEqual([]);
  });
});
