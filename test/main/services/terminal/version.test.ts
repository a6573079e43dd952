/** One version, package.json's: every place that shows it reads it from there, none writes it out. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../../main/hosts/cli/program.js';
import { packageJsonPath, VERSION } from '../../../../main/services/terminal/version.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|cts|mts|tsx|js|cjs|mjs|yml)$/.test(name) ? [file] : [];
  });
}

describe('the version', () => {
  it("is package.json's, found from the sources as it would be from out/", () => {
    expect(VERSION).toBe(pkg.version);
    expect(packageJsonPath()).toBe(path.join(ROOT, 'package.json'));
    expect(packageJsonPath(path.join(ROOT, 'out', 'main', 'services', 'terminal'))).toBe(path.join(ROOT, 'package.json'));
  });

  it('is what guichet --version says', async () => {
    expect((await buildProgram(['--version'])).version()).toBe(pkg.version);
  });

  it('is written nowhere else in the terminal, the lottery side, the build files or bin', () => {
    const literal = new RegExp(`['"\`]v?${pkg.version.replace(/\./g, '\\.')}['"\`]`);
    const files = [...['main', 'central', 'common', 'bin', 'build', 'renderer/src'].flatMap((d) => sources(path.join(ROOT, d))), path.join(ROOT, 'electron-builder.yml')];
    const writers = files.filter((f) => literal.test(readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(writers).toEqual([]);
  });
});
