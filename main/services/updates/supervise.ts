/**
 * The launcher's part (#23, bin/guichet-launcher.js): before starting `versions/current`, when an update
 * is pending, run its self-check (a child process, killed past its deadline); if it fails, go back by
 * itself: the database as it was before the new version's migrations (the backup), `current` switched
 * back to the previous version, and the rollback journaled by the previous version (its own code, for
 * its own schema), all well within 60 s of the failure. Nothing of a version runs unless it is the
 * release TUF verified (`Launch.verify`: issue 39, finding 6): an unverified pending version counts as a
 * failed self-check, and an unverified previous one records nothing of its own.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../../kernel/data-folder.js';
import { readUpdateState, switchCurrent, writeUpdateState, type PendingUpdate } from './install.js';
import type { UpdatePaths } from './paths.js';

/** `release.json` at the top of every release: what to start and how to self-check it (paths inside the release). */
export interface ReleaseManifest {
  readonly version: string;
  readonly start: string;
  readonly selfcheck: string;
}

export function readManifest(dir: string): ReleaseManifest {
  return JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')) as ReleaseManifest;
}

export const SELF_CHECK_DEADLINE_MS = 45_000;

export interface Launch {
  /** The command (argv after node) running a version's self-check: `--data DIR` and maybe `--record-rollback JSON` follow. */
  selfCheckOf(dir: string | null): string[];
  /** Throws why `dir` is not the release TUF verified (verify-release.ts): nothing of it runs then. */
  verify(dir: string): void;
  readonly deadlineMs?: number;
}

/** Runs node with `args`; resolves with its exit code (null: killed at the deadline) and output. */
function run(args: string[], deadlineMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = globalThis.setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.on('close', (code) => {
      globalThis.clearTimeout(timer);
      resolve({ code, output: output.slice(-4000) });
    });
  });
}

/** Puts the database back as the backup holds it (the WAL and shared-memory files of the failed start removed). */
export function restoreDatabase(paths: UpdatePaths, backup: string): void {
  const db = path.join(paths.root, DATABASE_FILE);
  const tmp = `${db}.restoring`;
  copyFileSync(backup, tmp);
  for (const extra of ['-wal', '-shm', '-journal']) rmSync(`${db}${extra}`, { force: true });
  renameSync(tmp, db);
}

export type SuperviseOutcome =
  | { readonly outcome: 'none' }
  | { readonly outcome: 'confirmed'; readonly version: string }
  | { readonly outcome: 'rolled-back'; readonly version: string; readonly reason: string; readonly recorded: boolean };

/** Why `dir` may not run (null: it is a verified release). */
function whyNot(launch: Launch, dir: string): string | null {
  try {
    launch.verify(dir);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Handles a pending update's self-check, and the rollback when it fails. */
export async function supervisePending(paths: UpdatePaths, launch: Launch): Promise<SuperviseOutcome> {
  const state = readUpdateState(paths);
  const pending: PendingUpdate | undefined = state.pending;
  if (!pending) return { outcome: 'none' };
  const deadline = launch.deadlineMs ?? SELF_CHECK_DEADLINE_MS;
  const dir = paths.versionDir(pending.version);
  // state.json is the data folder's word too: the backup is the installer's own file, or nothing is restored.
  const backup = path.join(paths.backupsDir, `before-${path.basename(pending.version)}.db`);
  if (pending.backup !== backup || !existsSync(backup)) {
    writeUpdateState(paths, {});
    return { outcome: 'rolled-back', version: pending.version, reason: `the pending update's backup ${pending.backup} is not ${backup}: nothing run, nothing restored`, recorded: false };
  }
  const unverified = whyNot(launch, dir);
  const check = unverified === null ? await run([...launch.selfCheckOf(dir), '--data', paths.root], deadline) : { code: 1, output: `${dir} is not a verified release: ${unverified}` };
  if (check.code === 0) {
    writeUpdateState(paths, {});
    return { outcome: 'confirmed', version: pending.version };
  }
  const reason = check.code === null ? `no answer within ${deadline / 1000} s` : (check.output.trim().split('\n').pop() ?? `exit ${check.code}`);
  // Back: the database first (before anything opens it), then `current`.
  restoreDatabase(paths, backup);
  switchCurrent(paths, pending.previous);
  writeUpdateState(paths, {});
  const note = JSON.stringify({ version: pending.version, sha256: pending.sha256, reason, restored_to: pending.previous ? path.basename(pending.previous) : null });
  const previous = pending.previous !== null && whyNot(launch, pending.previous) === null ? pending.previous : null;
  const recorded = await run([...launch.selfCheckOf(previous), '--data', paths.root, '--record-rollback', note], deadline);
  return { outcome: 'rolled-back', version: pending.version, reason, recorded: recorded.code === 0 };
}
