/**
 * PGlite's backups: a consistent copy of the data folder (the database in `db/`, central.json, published
 * files and print data), without its private keys. Taken by the process that holds the store (the
 * running service, through its admin route, or the command itself when nothing serves): a checkpoint,
 * then, inside a transaction (PGlite runs one at a time, so nothing else writes), a synchronous copy.
 * Nothing of the process runs during that copy: the files are the database as it stands between two
 * writes, which PostgreSQL opens as after a clean stop or a crash (its WAL is in the copy).
 *
 * Where (issue 39): only into a new folder inside the folder the lottery set on central's machine for
 * backups (`central backup --set-folder`, kept in central.json), never inside the data folder or a
 * folder central serves (the console's); refused before anything is written. Every private key of the
 * data folder (`*.key`: central's online key, the TLS authority's and server's keys) is left out: a
 * snapshot that leaves the machine carries no key; `central restore` takes them from the folder it
 * replaces.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { CentralError, type Central } from '../context.js';
import { currentEpoch } from '../epoch.js';
import { centralFileOf, writeCentralFile } from '../open.js';
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
  /** The private keys left out (paths relative to the data folder): a restore takes them from the folder it replaces. */
  keys_left_out: string[];
}

/** Files of the data folder that belong to the running process, not to the store. */
const PROCESS_FILES = new Set([URL_FILE, TOKEN_FILE]);

/** A private key of the data folder (online keys, tls/ca.key, tls/server.key): never in a snapshot. */
export const isPrivateKeyFile = (path: string): boolean => path.endsWith('.key');

/** The path with every existing part resolved through its links (what the disk would write to). */
function realPath(path: string): string {
  const abs = resolve(path);
  if (existsSync(abs)) return realpathSync(abs);
  const parent = dirname(abs);
  return parent === abs ? abs : join(realPath(parent), basename(abs));
}

/** True when `path` is `dir` or lies inside it. */
function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Refuses a folder for backups that is, holds, or lies in the data folder or a served folder. */
function checkApart(folder: string, dataDir: string, served: readonly string[], what: string): void {
  for (const [name, dir] of [['the data folder', realPath(dataDir)], ...served.map((s) => ["a folder central serves (the console's)", realPath(s)] as const)] as const) {
    if (within(dir, folder) || within(folder, dir)) {
      throw new CentralError('backup_folder_refused', `${what} ${folder} must be apart from ${name} ${dir}: a backup holds every ticket's hidden code`, 400, { folder, refused: dir });
    }
  }
}

/** Sets the folder snapshots go into (on central's machine, in central.json): apart from the data folder and the served folders. */
export function setBackupFolder(dataDir: string, folder: string, served: readonly string[]): string {
  const at = realPath(folder);
  checkApart(at, dataDir, served, 'the backup folder');
  mkdirSync(at, { recursive: true, mode: 0o700 });
  writeCentralFile(dataDir, { ...centralFileOf(dataDir), backups: at });
  return at;
}

/**
 * Where a snapshot asked for `target` may go, else a refusal (nothing written): a new or empty folder
 * inside the configured backup folder, apart from the data folder and the served folders.
 */
export function snapshotTarget(dataDir: string, target: string, served: readonly string[]): string {
  const backups = centralFileOf(dataDir).backups;
  if (!backups) throw new CentralError('no_backup_folder', 'no backup folder is set for this central: on its machine, guichet central backup --data DIR --set-folder FOLDER', 409);
  const root = realPath(backups);
  const to = realPath(target);
  if (to === root || !within(root, to)) {
    throw new CentralError('backup_folder_refused', `a snapshot goes into a new folder inside the backup folder ${root}, not ${to}`, 400, { folder: to, backups: root });
  }
  checkApart(root, dataDir, served, 'the backup folder');
  checkApart(to, dataDir, served, 'the snapshot folder');
  if (existsSync(to) && readdirSync(to).length > 0) throw new CentralError('backup_folder_refused', `${to} is not empty: give a new folder for the snapshot`, 400, { folder: to });
  return to;
}

/** Where a snapshot of this store goes (snapshotTarget), or a refusal: on PostgreSQL, backups are pgBackRest's. */
export function checkSnapshot(c: Central, target: string, served: readonly string[]): string {
  const to = snapshotTarget(c.dataDir, target, served);
  if (c.db.engine !== 'pglite') throw new CentralError('not_pglite', 'central backup on PostgreSQL goes through pgBackRest (--pgbackrest-config): see docs/operations/backup-and-restore.md', 409);
  return to;
}

/** Copies an opened PGlite store, keys left out, to `target` (checkSnapshot); answers the snapshot's description. */
export async function snapshotPgliteStore(c: Central, target: string, served: readonly string[]): Promise<SnapshotInfo> {
  const to = checkSnapshot(c, target, served);
  const from = resolve(c.dataDir);
  const epoch = (await currentEpoch(c)).epoch;
  // Through `execute`: an approval runs the snapshot inside its transaction, which `exec` would wait for.
  await c.db.execute('CHECKPOINT');
  const keys: string[] = [];
  const info: SnapshotInfo = { format: 'guichet-central-snapshot/1', taken_at: c.now(), epoch, source: from, keys_left_out: keys };
  await c.db.transaction(async (tx) => {
    await tx.query('SELECT 1');
    mkdirSync(to, { recursive: true, mode: 0o700 });
    cpSync(from, to, {
      recursive: true,
      filter: (src) => {
        if (resolve(src, '..') === from && PROCESS_FILES.has(basename(src))) return false;
        if (!isPrivateKeyFile(src)) return true;
        keys.push(relative(from, src));
        return false;
      },
    });
  });
  writeFileSync(join(to, SNAPSHOT_FILE), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  return info;
}
