/**
 * Issue 39 (low 17): every runtime dependency is one the product loads. A package in `dependencies`
 * that nothing imports is shipped and installed on every machine for nothing (attack surface, audits);
 * one only the benchmarks or tests use belongs in `devDependencies`. The lock file says the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the product's code lives (not test/, not bench/), and its build and packaging files. */
const PRODUCT_DIRS = ['games', 'common', 'node', 'db', 'render', 'native', 'main', 'renderer', 'central', 'console', 'bin', 'build', 'scripts'];
const PRODUCT_FILES = ['vite.config.ts', 'vite.console.config.ts', 'electron-builder.yml'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|sh|yml)$/;

interface Manifest { dependencies: Record<string, string>; devDependencies: Record<string, string> }
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, Partial<Manifest> & { dev?: boolean }> };

const productText = [
  ...PRODUCT_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => SOURCE.test(f) && !f.split(path.sep).includes('node_modules'))
      .map((f) => path.join(ROOT, dir, f)),
  ),
  ...PRODUCT_FILES.map((f) => path.join(ROOT, f)),
].map((f) => readFileSync(f, 'utf8'));

/** A module specifier naming the package or a file in it: 'name', "name/sub". */
const named = (name: string): RegExp => new RegExp(`['"\`]${name.replace(/[/.-]/g, (ch) => `\\${ch}`)}(/[^'"\`]*)?['"\`]`);

describe('runtime dependencies', () => {
  it('are each loaded by the product', () => {
    const unused = Object.keys(pkg.dependencies).filter((name) => !productText.some((text) => named(name).test(text)));
    expect(unused).toEqual([]);
  });

  it('are the lock file\'s, as are the development ones', () => {
    const root = lock.packages[''];
    expect(root?.dependencies).toEqual(pkg.dependencies);
    expect(root?.devDependencies).toEqual(pkg.devDependencies);
  });
});
