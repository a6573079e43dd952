/**
 * The engines central's tests run on (#48: each behaviour on the engine it depends on):
 * - `ENGINES`, for store rules: PostgreSQL, the production engine (installed: required in CI); PGlite
 *   alone on a machine without PostgreSQL; both with `GUICHET_ENGINES=all` (`npm run test:engines`,
 *   the full matrix);
 * - `BOTH_ENGINES`, where PGlite is itself the engine under test (migrations, the embedded central's
 *   sync smoke, the money rules a forged entry attacks: void-checks, payout-checks; snapshots, PGlite's own backups): PGlite and PostgreSQL in every run.
 * Both start from the migrated stores the run's global set-up made once (test/support/central-templates.ts):
 * `databaseFor(engine)` gives a migrated database (a PostgreSQL URL, or undefined for PGlite, whose
 * migrated folder `seedPglite` copies into a store), `emptyDatabaseFor` an unmigrated one.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { initCentral, type OpenOptions } from '../../../central/store/open.js';
import { TEMPLATE_DB } from '../../support/central-templates.js';
import { requirePg } from '../../support/local-cluster.js';

export type Engine = 'pglite' | 'postgres';

/** PGlite and PostgreSQL, or PGlite alone on a machine without PostgreSQL (outside CI). */
export const BOTH_ENGINES: readonly Engine[] = requirePg() ? ['pglite', 'postgres'] : ['pglite'];

/** Which engines `ENGINES` names for a `GUICHET_ENGINES` value, with PostgreSQL installed or not. */
export function enginesFor(setting: string | undefined, havePg: boolean): readonly Engine[] {
  if (!havePg) return ['pglite'];
  if (setting === undefined || setting === '' || setting === 'postgres') return ['postgres'];
  if (setting === 'all') return ['pglite', 'postgres'];
  if (setting === 'pglite') return ['pglite'];
  throw new Error(`GUICHET_ENGINES must be postgres, pglite or all, not '${setting}'`);
}

/** The engines store rules run on: PostgreSQL, unless GUICHET_ENGINES asks for PGlite or both. */
export const ENGINES: readonly Engine[] = enginesFor(process.env.GUICHET_ENGINES, requirePg());

let dbCount = 0;

function clusterUrl(db: string): string {
  const dir = inject('centralTemplates').pgSocketDir;
  if (!dir) throw new Error('no PostgreSQL cluster in this run (is PostgreSQL 15 installed?)');
  return `postgresql://postgres@/${db}?host=${encodeURIComponent(dir)}`;
}

async function createDatabase(template: string | null): Promise<string> {
  const name = `t${process.pid}_${++dbCount}`;
  const client = new pg.Client({ connectionString: clusterUrl('postgres') });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (err) {
        // Two workers copying the template at the same instant: PostgreSQL refuses the second for a moment.
        if (attempt > 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await client.end();
  }
  return clusterUrl(name);
}

/** A migrated database for a test: undefined for PGlite (see `seedPglite`), a fresh copy of the template's URL for PostgreSQL. */
export async function databaseFor(engine: Engine): Promise<string | undefined> {
  return engine === 'pglite' ? undefined : createDatabase(TEMPLATE_DB);
}

/** An unmigrated database: undefined for PGlite (a fresh folder is empty), an empty database's URL for PostgreSQL. */
export async function emptyDatabaseFor(engine: Engine): Promise<string | undefined> {
  return engine === 'pglite' ? undefined : createDatabase(null);
}

/** Kept for the tests' symmetry: the run's cluster outlives every file and stops in the global teardown. */
export async function releaseDatabase(_engine: Engine): Promise<void> {}

/** Copies the run's migrated PGlite folder into a central data folder that has no database yet. */
export function seedPglite(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(inject('centralTemplates').pglite, join(dataDir, 'db'), { recursive: true });
}

/** `initCentral` from the run's migrated store: the PGlite folder copied when no database URL is given. */
export async function initTestCentral(opts: OpenOptions & { keyFile: string }): ReturnType<typeof initCentral> {
  if (!opts.databaseUrl) seedPglite(opts.dataDir);
  return initCentral(opts);
}

/** A central store for a test file on `engine`, in a fresh temporary folder; `close` gives everything back. */
export async function testCentral(
  engine: Engine,
  name: string,
  opts: { now?: () => string } = {},
): Promise<{ central: Central; url: string | undefined; close: () => Promise<void> }> {
  const tmp = mkdtempSync(join(tmpdir(), `guichet-central-${name}-`));
  const url = await databaseFor(engine);
  const { central } = await initTestCentral({ dataDir: join(tmp, 'central'), keyFile: join(tmp, 'lottery.key'), ...(url ? { databaseUrl: url } : {}), ...opts });
  return {
    central,
    url,
    async close() {
      await central.db.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
