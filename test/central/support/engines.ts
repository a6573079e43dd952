/**
 * The engines central's tests run on: PGlite always, and a throwaway PostgreSQL cluster when installed
 * (required in CI). `engineSetup(name)` gives a database URL (or none for PGlite) and a teardown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Central } from '../../../central/store/context.js';
import { initCentral } from '../../../central/store/open.js';
import { requirePg, startPgCluster, type PgCluster } from './pg-cluster.js';

export type Engine = 'pglite' | 'postgres';

/** The engines to run: both, or PGlite alone on a machine without PostgreSQL (outside CI). */
export const ENGINES: readonly Engine[] = requirePg() ? ['pglite', 'postgres'] : ['pglite'];

let cluster: PgCluster | null = null;
let users = 0;
let dbCount = 0;

/** A database for a test file: undefined for PGlite, a fresh database's URL for PostgreSQL. */
export async function databaseFor(engine: Engine): Promise<string | undefined> {
  if (engine === 'pglite') return undefined;
  cluster ??= await startPgCluster();
  users++;
  return cluster.createDatabase(`t${process.pid}_${++dbCount}`);
}

/** Gives the database back; the cluster stops with its last user. */
export async function releaseDatabase(engine: Engine): Promise<void> {
  if (engine === 'pglite' || !cluster) return;
  if (--users === 0) {
    const c = cluster;
    cluster = null;
    await c.stop();
  }
}

/** A central store for a test file on `engine`, in a fresh temporary folder; `close` gives everything back. */
export async function testCentral(
  engine: Engine,
  name: string,
  opts: { now?: () => string } = {},
): Promise<{ central: Central; url: string | undefined; close: () => Promise<void> }> {
  const tmp = mkdtempSync(join(tmpdir(), `guichet-central-${name}-`));
  const url = await databaseFor(engine);
  const { central } = await initCentral({ dataDir: join(tmp, 'central'), keyFile: join(tmp, 'lottery.key'), ...(url ? { databaseUrl: url } : {}), ...opts });
  return {
    central,
    url,
    async close() {
      await central.db.close();
      rmSync(tmp, { recursive: true, force: true });
      await releaseDatabase(engine);
    },
  };
}
