/**
 * The glossary (docs/reference/glossary.md, one word for one thing), read as a table, and a term as a
 * pattern: what the vocabulary tests of the counter (test/renderer/) and of the console (test/console/)
 * check every text a person reads against.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface GlossaryRow {
  readonly fr: string;
  readonly en: string;
  readonly notFr: readonly string[];
  readonly notEn: readonly string[];
}

/** The glossary table of a page whose heading says "Glossary" (docs/reference/glossary.md). */
export function readGlossary(page: string): GlossaryRow[] {
  const start = page.search(/^#{1,6} Glossary/m);
  if (start < 0) throw new Error('the page has no glossary heading');
  const lines = page.slice(start).split('\n');
  const rows: GlossaryRow[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|') || line.startsWith('|---') || line.startsWith('| Français')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const terms = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    rows.push({ fr: cells[0] ?? '', en: cells[1] ?? '', notFr: terms(cells[2] ?? ''), notEn: terms(cells[3] ?? '') });
  }
  return rows;
}

/** The glossary of this tree, docs/reference/glossary.md. */
export function glossary(): GlossaryRow[] {
  return readGlossary(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'reference', 'glossary.md'), 'utf8'));
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
