import { defineConfig } from 'vitest/config';
import { ALL, FULL, FULL_INCLUDE, NEVER, isolatedQuickFiles } from './test/support/tiers.js';

const ISOLATED = isolatedQuickFiles(import.meta.dirname);

/**
 * Two tiers (projects) that together hold every unit test file once (test/support/tiers.ts):
 * - `quick` (`npm run test:quick`): pure code and services on SQLite; no child process, no PostgreSQL,
 *   no pseudo-terminal, no central; its files share their forks' modules (no isolation), but for those
 *   that mock modules or change their process (`quick-isolated`, found by tiers.ts);
 * - `full`: what starts processes, servers or databases, with central's migrated stores and the run's
 *   PostgreSQL cluster made once by the global set-up (test/support/central-templates.ts).
 * `npm run unit` runs both; `npm run soak` runs the long tests at their soak sizes (test/support/soak.ts).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three forks on two cores: many files wait on child processes, PostgreSQL and sockets (two left a
    // third of the CPU idle); four made the slowest files crowd each other to half their time-outs.
    maxWorkers: 3,
    reporters: ['default', './test/support/slowest-files.ts'],
    projects: [
      { extends: true, test: { name: 'quick', include: [...ALL], exclude: [...NEVER, ...FULL, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'quick-isolated', include: ISOLATED.length > 0 ? ISOLATED : ['nothing-isolated'], exclude: [...NEVER] } },
      { extends: true, test: { name: 'full', include: [...FULL_INCLUDE], exclude: [...NEVER], globalSetup: ['./test/support/central-templates.ts'] } },
    ],
  },
});
