/**
 * What electron-builder packs (electron-builder.yml `files`): the compiled application only. No
 * TypeScript source, no TypeScript loader (tsx, esbuild), no folder of sources.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');

/** The entries of a top-level list (`key:` then `  - entry` lines), quotes removed. */
function topLevelList(key: string): string[] {
  const lines = yml.split('\n');
  const start = lines.indexOf(`${key}:`);
  if (start < 0) return [];
  const entries: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const m = /^\s+-\s+(.+?)\s*$/.exec(line);
    if (m) entries.push((m[1] as string).replace(/^"(.*)"$/, '$1'));
  }
  return entries;
}

describe('electron-builder.yml', () => {
  const files = topLevelList('files');
  const included = files.filter((f) => !f.startsWith('!'));
  const excluded = files.filter((f) => f.startsWith('!')).map((f) => f.slice(1));

  it('packs package.json and the compiled out/ only', () => {
    expect(included.sort()).toEqual(['out/**/*', 'package.json']);
  });

  it('leaves out every TypeScript file and the TypeScript loader', () => {
    expect(excluded).toContain('**/*.{ts,cts,mts,tsx}');
    for (const loader of ['tsx', 'esbuild', '@esbuild']) expect(excluded).toContain(`**/node_modules/${loader}/**`);
  });

  it('leaves out the lottery\'s side: central and the back-office console it serves', () => {
    expect(excluded).toContain('out/central/**');
    expect(excluded).toContain('out/console/**');
  });

  it('packages the Electron the checkout installs (its typings, its _electron tests): 45, in support', () => {
    const installed = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
    expect(yml).toMatch(new RegExp(`^electronVersion: ${installed.replaceAll('.', '\\.')}$`, 'm'));
    expect(installed).toMatch(/^45\./);
  });

  it('starts the compiled Electron entry', () => {
    expect(yml).toMatch(/^\s+main: out\/main\/hosts\/electron\/main\.js$/m);
  });
});
