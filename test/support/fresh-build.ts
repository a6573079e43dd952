/**
 * `npm test` builds out/ once and has the tiers that spawn run it (GUICHET_SPAWN_COMPILED=1: bin/guichet.js
 * starts out/ instead of the sources through tsx). A run must never test stale output: before those tiers
 * start, every source file of the build must have its compiled file, no older than itself, and each
 * bundle must be newer than its sources. Without the flag (a test file run alone) the sources run.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
/** tsconfig.build.json's folders, compiled into out/ file for file. */
const COMPILED = ['games', 'common', 'render', 'node', 'db', 'native', 'central', 'main'];
/** The bundles vite makes, and the folder each is made from. */
const BUNDLES = [
  { sources: 'renderer', index: 'out/renderer/index.html' },
  { sources: 'console', index: 'out/console/index.html' },
];

function* sourceFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|tsx|cts|mts)$/.test(e.name) && !/\.d\.ts$|\.test\.tsx?$/.test(e.name)) yield p;
  }
}

function compiledOf(source: string): string {
  const rel = path.relative(root, source).replace(/\.cts$/, '.cjs').replace(/\.mts$/, '.mjs').replace(/\.tsx?$/, '.js');
  return path.join(root, 'out', rel);
}

/** What is stale or missing in out/, described (at most a few), or null when the build is fresh. */
export function staleBuild(): string | null {
  const problems: string[] = [];
  for (const dir of COMPILED) {
    for (const source of sourceFiles(path.join(root, dir))) {
      const out = compiledOf(source);
      if (!existsSync(out)) problems.push(`${path.relative(root, out)} is missing`);
      else if (statSync(out).mtimeMs < statSync(source).mtimeMs) problems.push(`${path.relative(root, source)} changed after its build`);
    }
  }
  for (const b of BUNDLES) {
    const index = path.join(root, b.index);
    if (!existsSync(index)) {
      problems.push(`${b.index} is missing`);
      continue;
    }
    const built = statSync(index).mtimeMs;
    for (const source of sourceFiles(path.join(root, b.sources))) {
      if (statSync(source).mtimeMs > built) {
        problems.push(`${path.relative(root, source)} changed after ${b.index} was built`);
        break;
      }
    }
  }
  if (problems.length === 0) return null;
  return `${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`;
}

/** Throws when the run spawns the compiled build and that build is stale: rebuild (npm run build) first. */
export function requireFreshBuild(): void {
  if (process.env.GUICHET_SPAWN_COMPILED !== '1') return;
  const stale = staleBuild();
  if (stale) throw new Error(`GUICHET_SPAWN_COMPILED=1 but out/ is stale: ${stale}. Run npm run build first.`);
}
