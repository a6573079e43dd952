/**
 * Installing a verified release (#23), only when no transaction is open: no cash session open (the till
 * is closed), or inside the maintenance window of the signed configuration (`update_window`, local
 * Europe/Paris times, e.g. { "from": "03:00", "to": "04:00" }). In order, each step before the next:
 * 1. unpack beside the other versions (`versions/<version>/`, its `installed.json` naming the tarball's hash);
 * 2. journal `update.installed` with its outbox event (one transaction, before anything switches);
 * 3. back the database up (SQLite's online backup) as it is before the new version's migrations;
 * 4. write `updates/state.json` (the self-check pending, the previous version, the backup);
 * 5. switch `versions/current` atomically (a new symlink renamed over the old one).
 * The caller then restarts: the launcher (supervise.ts) runs the new version's self-check.
 */
import { existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openSessionRow } from '../../../db/queries/sessions.js';
import { TARGET_MAX_BYTES } from '../../../node/updates/tuf.js';
import { inTransaction, record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { centralConfig } from '../sync/central-config.js';
import { noteStep } from './download.js';
import { reasonText, type Bilingual } from './messages.js';
import { INSTALLED_FILE, type UpdatePaths } from './paths.js';
import { untarGz } from './untar.js';
import { packageJsonPath } from '../terminal/version.js';

/** The packages folder of the running installation (followed through a version's link), or null. */
export function installationNodeModules(): string | null {
  try {
    return realpathSync(path.join(path.dirname(packageJsonPath()), 'node_modules'));
  } catch {
    return null;
  }
}

export interface PendingUpdate {
  readonly version: string;
  readonly sha256: string;
  /** The version folder `current` pointed to before (null: the launcher's own installation). */
  readonly previous: string | null;
  readonly backup: string;
  readonly installed_at: string;
}

export interface UpdateState {
  readonly pending?: PendingUpdate;
}

export function readUpdateState(paths: UpdatePaths): UpdateState {
  return existsSync(paths.stateFile) ? (JSON.parse(readFileSync(paths.stateFile, 'utf8')) as UpdateState) : {};
}

export function writeUpdateState(paths: UpdatePaths, state: UpdateState): void {
  mkdirSync(path.dirname(paths.stateFile), { recursive: true });
  const tmp = `${paths.stateFile}.tmp`;
  writeFileSync(tmp, JSON.stringify(state, null, 2));
  renameSync(tmp, paths.stateFile);
}

/** Points `versions/current` at `target` (a version folder), or removes it (null), atomically. */
export function switchCurrent(paths: UpdatePaths, target: string | null): void {
  mkdirSync(paths.versionsDir, { recursive: true });
  if (target === null) {
    rmSync(paths.current, { force: true });
    return;
  }
  const tmp = `${paths.current}.new`;
  rmSync(tmp, { force: true });
  symlinkSync(target, tmp, 'dir');
  renameSync(tmp, paths.current);
}

export function currentTarget(paths: UpdatePaths): string | null {
  try {
    return path.resolve(paths.versionsDir, readlinkSync(paths.current));
  } catch {
    return null;
  }
}

/** Local minutes of the day in Europe/Paris. */
function parisMinutes(iso: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return n('hour') * 60 + n('minute');
}

function inMaintenanceWindow(t: LotteryTerminal): boolean {
  const w = centralConfig(t)['update_window'] as { from?: unknown; to?: unknown } | undefined;
  const hm = (v: unknown) => (typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? Number(v.slice(0, 2)) * 60 + Number(v.slice(3)) : null);
  const from = hm(w?.from);
  const to = hm(w?.to);
  if (from === null || to === null) return false;
  const now = parisMinutes(t.now());
  return from <= to ? now >= from && now < to : now >= from || now < to;
}

/** True when an update may be installed now (see the file's comment). */
export function mayInstallNow(t: LotteryTerminal): boolean {
  return openSessionRow(t.db) === undefined || inMaintenanceWindow(t);
}

export type InstallResult = ({ readonly state: 'installed'; readonly version: string; readonly dir: string } & Bilingual) | ({ readonly state: 'waiting'; readonly reason: 'till_open' } & Bilingual);

/**
 * Installs the verified tarball `file` (from checkForUpdate) when no transaction is open. `nodeModules`:
 * the packages folder the new version uses (a release holds the compiled JavaScript only).
 */
export async function installUpdate(t: LotteryTerminal, paths: UpdatePaths, update: { version: string; sha256: string; file: string }, options: { nodeModules?: string } = {}): Promise<InstallResult> {
  if (!mayInstallNow(t)) return { state: 'waiting', reason: 'till_open', ...reasonText('till_open') };
  const dir = paths.versionDir(update.version);
  if (!existsSync(dir)) {
    const tmp = `${dir}.unpacking`;
    rmSync(tmp, { recursive: true, force: true });
    untarGz(readFileSync(update.file), tmp, TARGET_MAX_BYTES * 4);
    writeFileSync(path.join(tmp, INSTALLED_FILE), JSON.stringify({ version: update.version, sha256: update.sha256, installed_at: t.now() }, null, 2));
    if (options.nodeModules) symlinkSync(options.nodeModules, path.join(tmp, 'node_modules'), 'dir');
    renameSync(tmp, dir);
  }
  const previous = currentTarget(paths);
  const text = { fr: `Version ${update.version} installée : autocontrôle au redémarrage`, en: `Version ${update.version} installed: self-check at restart` };
  inTransaction(t, () => {
    record(t, { type: 'update.installed', operator: null, payload: { version: update.version, sha256: update.sha256, previous: previous ? path.basename(previous) : null }, outbox: { key: `update.installed/${update.sha256}/${t.now()}` } });
    noteStep(t, 'installed', text, { version: update.version, sha256: update.sha256 });
  });
  mkdirSync(paths.backupsDir, { recursive: true });
  const backup = path.join(paths.backupsDir, `before-${update.version}.db`);
  rmSync(backup, { force: true });
  await t.db.backup(backup);
  writeUpdateState(paths, { pending: { version: update.version, sha256: update.sha256, previous, backup, installed_at: t.now() } });
  switchCurrent(paths, dir);
  return { state: 'installed', version: update.version, dir, ...text };
}
