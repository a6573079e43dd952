/**
 * The configuration reference (docs/reference/configuration.md) is held to the code: every setting the
 * console lists (central/admin/known-settings.ts) has its row, with its default and its dual-control
 * mark as the code has them, and the page names no key the code does not know.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDualControlKey } from '../../central/admin/dual-keys.js';
import { KNOWN_SETTINGS } from '../../central/admin/known-settings.js';

const page = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'reference', 'configuration.md'), 'utf8');
const section = page.slice(page.indexOf("## Central's configuration"), page.indexOf('\n## ', page.indexOf("## Central's configuration") + 5));
const rows = new Map(
  section
    .split('\n')
    .filter((l) => /^\| `[^`]+` \|/.test(l))
    .map((l) => {
      const cells = l.split('|').slice(1, -1).map((c) => c.trim());
      return [cells[0]!.replace(/`/g, ''), { default: cells[1]!, dual: cells.at(-1) === '2' }] as const;
    }),
);

/** The default as the page writes it: its first number, a word in backticks, or "—" for none. */
function written(d: string): unknown {
  if (d.startsWith('—')) return null;
  const word = /^`([^`]+)`/.exec(d)?.[1];
  if (word !== undefined) return word;
  if (/^(true|false)\b/.test(d)) return d.startsWith('true');
  const n = /^\d+/.exec(d)?.[0];
  return n === undefined ? d : Number(n);
}

describe("the configuration reference is central's own list", () => {
  it('has a row for every setting, with its default and its dual-control mark', () => {
    for (const s of KNOWN_SETTINGS) {
      const row = rows.get(s.key);
      expect(row, `${s.key} has a row`).toBeDefined();
      expect([s.key, written(row!.default)]).toEqual([s.key, s.default]);
      expect([s.key, row!.dual]).toEqual([s.key, isDualControlKey(s.key)]);
    }
  });

  it('names no key the code does not know', () => {
    const known = new Set(KNOWN_SETTINGS.map((s) => s.key));
    expect([...rows.keys()].filter((k) => !known.has(k))).toEqual([]);
  });
});
