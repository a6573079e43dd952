/**
 * PGlite's backups: a consistent copy of the whole data folder (the database in `db/`, central.json,
 * the online key, published files and print data). Taken by the process that holds the store (the
 * running service, through its admin route, or the command itself when nothing serves): a checkpoint,
 * then, inside a transaction (PGlite runs one at a time, so nothing else writes), a synchronous copy.
 * Nothing of the process runs during that copy: the files are the database as it stands between two
 * writes, which PostgreSQL opens as after a clean stop or a crash (its WAL is in the copy).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Central } from '../context.js';
import { currentEpoch } from '../epoch.js';
import { TOKEN_FILE, URL_FILE } from '../../server/holder.js';

/** What a snapshot folder holds besides the data folder's files. */
export const SNAPSHOT_FILE = 'snapshot.json';

export interface SnapshotInfo {
  format: 'guichet-central-snapshot/1';
  taken_at: string;
  /** The epoch the copy was taken in (a restore from it starts a new one). */
  epoch: string;
  /** The data folder it is a copy of. */
  source: string;
}

/** Files of the data folder that belong to the running process, not to the store. */
const PROCESS_FILES = new Set([URL_FILE, TOKEN_FILE]);

/** Copies an opened PGlite store to `target` (a new or empty folder); answers the snapshot's description. */
export async function snapshotPgliteStore(c: Central, target: string): Promise<SnapshotInfo> {
  if (c.db.engine !== 'pglite') throw new Error('central backup on PostgreSQL goes through pgBackRest (--pgbackrest-config): see the README, "Backups"');
  const to = resolve(target);
  if (existsSync(to) && readdirSync(to).length > 0) throw new Error(`${to} is not empty: give a new folder for the snapshot`);
  const from = resolve(c.dataDir);
  if (to === from || to.startsWith(`${from}/`)) throw new Error(`the snapshot must go outside the data folder ${from}`);
  const epoch = (await currentEpoch(c)).epoch;
  await c.db.exec('CHECKPOINT');
  const info: SnapshotInfo = { format: 'guichet-central-snapshot/1', taken_at: c.now(), epoch, source: from };
  await c.db.transaction(async (tx) => {
    await tx.query('SELECT 1');
    mkdirSync(to, { recursive: true, mode: 0o700 });
    cpSync(from, to, { recursive: true, filter: (src) => !(resolve(src, '..') === from && PROCESS_FILES.has(basename(src))) });
  });
  writeFileSync(join(to, SNAPSHOT_FILE), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  return info;
}
