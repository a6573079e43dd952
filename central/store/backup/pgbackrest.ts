/**
 * PostgreSQL's backups with pgBackRest (Debian `pgbackrest`): full and incremental backups of the
 * cluster, WAL archived continuously by PostgreSQL's `archive_command`, and a restore to a point in
 * time. pgBackRest runs on the database's machine as the cluster's owner (`postgres`; from root, through
 * runuser), with its own configuration file naming the repository and the cluster (docs/operations/backup-and-restore.md).
 * These functions only run it and say clearly what failed; pgBackRest does the work.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PGBACKREST = 'pgbackrest';
export const DEFAULT_STANZA = 'guichet';

export interface PgBackRestTarget {
  /** pgBackRest's configuration file (repository, cluster path and socket, under the stanza's section). */
  readonly config: string;
  readonly stanza: string;
}

const asRoot = process.getuid?.() === 0;

/** Runs pgbackrest as the cluster's owner; answers its standard output, or throws with its own words. */
async function pgbackrest(t: PgBackRestTarget, args: readonly string[]): Promise<string> {
  const argv = [`--config=${t.config}`, `--stanza=${t.stanza}`, ...args];
  const [cmd, full] = asRoot ? ['runuser', ['-u', 'postgres', '--', PGBACKREST, ...argv]] : [PGBACKREST, argv];
  try {
    const { stdout } = await run(cmd, full, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string; stdout?: string };
    if (e.code === 'ENOENT') throw new Error('pgbackrest is not installed: apt-get install pgbackrest (scripts/setup.sh installs it)');
    const said = `${e.stderr ?? ''}${e.stdout ?? ''}`.trim().split('\n').filter((l) => /ERROR|WARN/.test(l)).join('; ');
    throw new Error(`pgbackrest ${args[0] ?? ''} failed: ${said || e.message}`);
  }
}

/** The `archive_command` PostgreSQL must run for every WAL segment (with archive_mode = on). */
export function archiveCommand(t: PgBackRestTarget): string {
  return `pgbackrest --config=${t.config} --stanza=${t.stanza} archive-push %p`;
}

/** The settings to put in postgresql.conf (then restart PostgreSQL once) so that every WAL segment is archived. */
export function archiveSettings(t: PgBackRestTarget): Record<string, string> {
  return { archive_mode: 'on', archive_command: archiveCommand(t), wal_level: 'replica' };
}

export interface BackupResult {
  readonly type: 'full' | 'incr' | 'diff';
  /** pgBackRest's label of the backup just made. */
  readonly label: string | null;
  /** When it ended (UTC ISO): a restore may aim at any time after it. */
  readonly stopped_at: string | null;
}

interface InfoBackup {
  label: string;
  type: string;
  timestamp: { start: number; stop: number };
}

/** The stanza's backups, oldest first (pgBackRest's `info`). */
export async function listBackups(t: PgBackRestTarget): Promise<{ label: string; type: string; stopped_at: string }[]> {
  const out = await pgbackrest(t, ['info', '--output=json']);
  const stanzas = JSON.parse(out) as { name: string; backup?: InfoBackup[] }[];
  const mine = stanzas.find((s) => s.name === t.stanza);
  return (mine?.backup ?? []).map((b) => ({ label: b.label, type: b.type, stopped_at: new Date(b.timestamp.stop * 1000).toISOString() }));
}

/**
 * A backup: creates the stanza the first time (harmless after), checks that WAL archiving works (a
 * backup without its WAL restores nothing), then a full or incremental backup (incremental needs a full
 * one before it; pgBackRest makes a full one when there is none).
 */
export async function backupCluster(t: PgBackRestTarget, type: 'full' | 'incr' | 'diff'): Promise<BackupResult> {
  await pgbackrest(t, ['stanza-create']);
  await pgbackrest(t, ['check']);
  await pgbackrest(t, ['backup', `--type=${type}`]);
  const last = (await listBackups(t)).at(-1);
  return { type, label: last?.label ?? null, stopped_at: last?.stopped_at ?? null };
}

/**
 * Restores the cluster to `target` (UTC ISO time: the last transaction committed at or before it), with
 * PostgreSQL stopped: pgBackRest rewrites the cluster's folder (--delta: only the files that differ) and
 * leaves the recovery settings; at its next start PostgreSQL replays the archived WAL up to `target`,
 * then promotes (accepts writes). pgBackRest refuses while PostgreSQL runs.
 */
export async function restoreCluster(t: PgBackRestTarget, target: string): Promise<void> {
  if (!Number.isFinite(Date.parse(target))) throw new Error(`--to takes a time (e.g. 2026-12-02T14:05:00Z), not '${target}'`);
  const at = new Date(Date.parse(target)).toISOString().replace('T', ' ').replace('Z', '+00');
  await pgbackrest(t, ['restore', '--delta', '--type=time', `--target=${at}`, '--target-action=promote']);
}
