/**
 * The README and docs/ hold together: every relative link and image resolves to a file or folder of the
 * tree (and a `#fragment` to a heading of the page it names), and outside docs/contributing/ no page
 * names an issue number or a test file (those belong to docs/contributing/where-tested.md). Pure file
 * reads, so it sits in the quick tier.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? markdownFiles(p) : e.name.endsWith('.md') ? [p] : [];
  });
}

const PAGES = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
const rel = (file: string) => path.relative(ROOT, file);

/** The page's text without fenced code blocks and inline code spans (links there are examples). */
const prose = (text: string) => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors for a page's headings (github-slugger's rule, duplicates numbered). */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of readFileSync(file, 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = (m[1] as string).replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every relative link or image target of a page that does not resolve, with the reason. */
export function deadLinks(file: string): string[] {
  const dead: string[] = [];
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURI(pathPart));
    if (!existsSync(resolved)) {
      dead.push(`${rel(file)}: ${target} (no such file)`);
      continue;
    }
    if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) {
      dead.push(`${rel(file)}: ${target} (no such heading)`);
    }
  }
  return dead;
}

/** Issue numbers and test files a page outside docs/contributing/ names. */
export function changeLogMentions(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...[...text.matchAll(/(?<![\w&/#])#\d+\b/g)].map((m) => m[0]),
    ...[...text.matchAll(/\bissues? \d+/gi)].map((m) => m[0]),
    ...[...text.matchAll(/[\w./-]+\.(?:test|spec)\.[cm]?tsx?\b/g)].map((m) => m[0]),
  ];
  return found.map((f) => `${rel(file)}: ${f}`);
}

describe('the docs', () => {
  it('finds the README and the pages of every reader', () => {
    const names = PAGES.map(rel);
    for (const page of ['README.md', 'docs/reference/glossary.md', 'docs/contributing/testing.md', 'docs/architecture/threat-model.md']) {
      expect(names).toContain(page);
    }
  });

  it('has no dead relative link or missing image', () => {
    expect(PAGES.flatMap(deadLinks)).toEqual([]);
  });

  it('names no issue number or test file outside docs/contributing/', () => {
    const contributing = path.join(ROOT, 'docs', 'contributing') + path.sep;
    expect(PAGES.filter((p) => !p.startsWith(contributing)).flatMap(changeLogMentions)).toEqual([]);
  });

  it('keeps the README short', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(151);
  });
});
