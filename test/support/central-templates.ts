/**
 * Central's migrated stores, made once per test run (vitest's global set-up) and copied per test:
 * migrating a fresh PGlite store takes about 6 s, copying a migrated one a few milliseconds.
 *
 * - PGlite: a data folder migrated to the current schema, copied into a test store's `db/`.
 * - PostgreSQL (when installed; required in CI): one throwaway cluster for the whole run, with a
 *   migrated database `central_template` that each test's database is created from
 *   (`CREATE DATABASE … TEMPLATE central_template`), and a plain `postgres` database for the tests
 *   that want an empty one (migrations).
 *
 * The global set-up hands the locations to the test files through vitest's `provide`/`inject`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateCentral } from '../../central/store/migrate.js';
import { openPglite } from '../../central/store/pglite.js';
import { openPostgres } from '../../central/store/postgres.js';
import { requirePg, startPgCluster, type PgCluster } from './local-cluster.js';
import { requireFreshBuild } from './fresh-build.js';

export interface CentralTemplates {
  /** A migrated PGlite data folder (copy it; never open it). */
  readonly pglite: string;
  /** The run's PostgreSQL cluster: its socket folder, or null without PostgreSQL. */
  readonly pgSocketDir: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    centralTemplates: CentralTemplates;
  }
}

export const TEMPLATE_DB = 'central_template';

let cluster: PgCluster | null = null;
let folder: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  requireFreshBuild();
  folder = mkdtempSync(join(tmpdir(), 'guichet-central-template-'));
  const pglite = join(folder, 'pglite');
  const lite = await openPglite(pglite);
  try {
    await migrateCentral(lite);
  } finally {
    await lite.close();
  }
  let pgSocketDir: string | null = null;
  if (requirePg()) {
    // Two workers, each file holding a pool of 10 and a few servers of its own.
    cluster = await startPgCluster({ settings: { max_connections: '300' } });
    const url = await cluster.createDatabase(TEMPLATE_DB);
    const db = await openPostgres(url);
    try {
      await migrateCentral(db);
    } finally {
      await db.close();
    }
    pgSocketDir = cluster.dir;
  }
  project.provide('centralTemplates', { pglite, pgSocketDir });
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = null;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
}
