/**
 * The unit tiers (vitest projects), one list: the test files of the `full` tier, which start processes,
 * servers or databases (central on PGlite and PostgreSQL, sync, the CLI, socat pseudo-terminals, the crash
 * test, tools such as zbarimg and tar). Every other test file is `quick` (`npm run test:quick`): pure code
 * and services on SQLite. test/build/tiers.test.ts fails on a quick file that starts anything.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const FULL: readonly string[] = [
  'test/central/**',
  'test/bin/**',
  'test/scripts/**',
  'test/build/**',
  'test/native/**',
  'test/main/hosts/cli/**',
  'test/main/hosts/kiosk/**',
  'test/main/hosts/electron/updates.test.ts',
  'test/main/services/sync/**',
  'test/main/services/crash/**',
  'test/main/services/digital/**',
  'test/main/services/sales/basket-digital.test.ts',
  'test/main/services/updates/**',
  'test/main/services/diagnostics/bundle.test.ts',
  'test/main/services/diagnostics/tar.test.ts',
  'test/main/services/receipts/journal-receipts.test.ts',
  'test/main/services/receipts/basket-reprint.test.ts',
  'test/main/services/tickets/offline-verdict.test.ts',
  'test/main/services/tickets/payout.test.ts',
  'test/main/services/tickets/central-refusals.test.ts',
  'test/main/app/same-act-both-hosts.test.ts',
  'test/render/render.test.ts',
];

/**
 * What makes a test file change its process for the files after it: module mocks, stubbed globals or
 * environment, fake timers, the process's umask or working folder. The quick tier shares one module
 * graph between its files (no isolation: importing the same modules again in each file's fresh process
 * was most of its time); a quick file doing any of these runs isolated instead (`quick-isolated`).
 */
export const CHANGES_ITS_PROCESS = /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|process\.(umask|chdir)\(/;

/** The quick test files that must run isolated (see CHANGES_ITS_PROCESS), found by reading them. */
export function isolatedQuickFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (rel !== 'test/e2e') walk(rel);
      } else if (/\.test\.tsx?$/.test(e.name) && !FULL.some((g) => path.matchesGlob(rel, g)) && CHANGES_ITS_PROCESS.test(readFileSync(path.join(root, rel), 'utf8'))) {
        found.push(rel);
      }
    }
  };
  walk('test');
  return found.sort();
}

export const ALL: readonly string[] = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
export const NEVER: readonly string[] = ['test/e2e/**', 'node_modules/**'];

/** The same globs as vitest's include patterns (a folder's `**` stands for its test files). */
export const FULL_INCLUDE: readonly string[] = FULL.map((g) => (g.endsWith('/**') ? `${g}/*.test.{ts,tsx}` : g));
