/**
 * `guichet central backup` and `guichet central restore` (docs/operations/backup-and-restore.md).
 * PostgreSQL: pgBackRest (full or incremental backups, WAL archived by PostgreSQL's archive_command, a
 * restore to a point in time). PGlite: a consistent snapshot of the data folder, and a restore from one.
 * Either restore leaves a mark in the data folder: central's next opening starts a new epoch, which
 * tells every terminal to push again from central's head and to read the feed again (store/epoch.ts).
 */
import { constants, cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { archiveSettings, backupCluster, DEFAULT_STANZA, listBackups, restoreCluster, type PgBackRestTarget } from '../../store/backup/pgbackrest.js';
import { setBackupFolder, SNAPSHOT_FILE, type SnapshotInfo } from '../../store/backup/snapshot.js';
import { builtConsoleDir } from '../../server/console-dir.js';
import { RESTORED_MARK } from '../../store/epoch.js';
import type { RestoreStatus } from '../../store/restore-hold.js';
import { localTime } from '../local-time.js';
import { claimDataDir, releaseDataDir, servingRecord } from '../../server/holder.js';

interface Flags {
  data: string;
  databaseUrl?: string;
  json?: boolean;
  pgbackrestConfig?: string;
  stanza: string;
}

type Run = (flags: Flags, op: 'backup.snapshot' | 'restore.status' | 'restore.release', args: Record<string, unknown>) => Promise<unknown>;
type Common = (cmd: Command) => Command;
type Print = (flags: Flags, value: unknown, human: () => string[]) => void;

function withPgBackRest(cmd: Command): Command {
  return cmd
    .addOption(new Option('--pgbackrest-config <file>', "pgBackRest's configuration file (PostgreSQL only; docs/operations/backup-and-restore.md)").env('GUICHET_PGBACKREST_CONFIG'))
    .option('--stanza <name>', "pgBackRest's stanza (the cluster's name in its configuration)", DEFAULT_STANZA);
}

function target(flags: Flags): PgBackRestTarget {
  if (!flags.pgbackrestConfig) throw new CliError('central on PostgreSQL is backed up with pgBackRest: give --pgbackrest-config FILE (or $GUICHET_PGBACKREST_CONFIG)');
  if (!existsSync(flags.pgbackrestConfig)) throw new CliError(`no pgBackRest configuration at ${resolve(flags.pgbackrestConfig)}`);
  return { config: resolve(flags.pgbackrestConfig), stanza: flags.stanza };
}

function asCli<T>(p: Promise<T>): Promise<T> {
  return p.catch((err: unknown) => {
    throw err instanceof CliError ? err : new CliError(err instanceof Error ? err.message : String(err));
  });
}

export function addBackupCommands(cmd: Command, common: Common, run: Run, print: Print): void {
  withPgBackRest(common(cmd.command('backup')))
    .description('Back central up: pgBackRest on PostgreSQL (full or incremental; WAL archived continuously), a consistent snapshot of the data folder on PGlite (--to).')
    .option('--type <type>', 'PostgreSQL: full, incr or diff', 'incr')
    .option('--to <folder>', 'PGlite: a new folder for the snapshot, inside the backup folder (--set-folder); under dual control once an administrator exists')
    .option('--reason <text>', 'PGlite: why (the snapshot is proposed to a second administrator)')
    .option('--set-folder <folder>', "the folder snapshots go into, apart from the data folder and the console's: set here, on central's machine, and do nothing else")
    .option('--archive-settings', "PostgreSQL: print the postgresql.conf settings that archive every WAL segment, and do nothing else")
    .action(async (flags: Flags & { type: string; to?: string; reason?: string; setFolder?: string; archiveSettings?: boolean }) => {
      if (flags.setFolder) {
        const at = setBackupFolder(flags.data, flags.setFolder, [builtConsoleDir()]);
        print(flags, { backups: at }, () => [`snapshots of ${resolve(flags.data)} go into new folders inside ${at}`]);
        return;
      }
      if (flags.databaseUrl) {
        const t = target(flags);
        if (flags.archiveSettings) {
          const s = archiveSettings(t);
          print(flags, s, () => Object.entries(s).map(([k, v]) => `${k} = '${v}'`));
          return;
        }
        if (!['full', 'incr', 'diff'].includes(flags.type)) throw new CliError(`--type is full, incr or diff, not '${flags.type}'`);
        const r = await asCli(backupCluster(t, flags.type as 'full' | 'incr' | 'diff'));
        print(flags, r, () => [`backup ${r.label ?? '?'} (${r.type}) done at ${r.stopped_at ? localTime(r.stopped_at) : '?'}: a restore may aim at any time after it (central restore --to TIME)`]);
        return;
      }
      if (!flags.to) throw new CliError('central on PGlite: give --to FOLDER, a new folder for the snapshot');
      const info = (await run(flags, 'backup.snapshot', { to: resolve(flags.to), ...(flags.reason ? { reason: flags.reason } : {}) })) as SnapshotInfo;
      print(flags, { ...info, to: resolve(flags.to) }, () => [
        `snapshot of ${info.source} taken at ${localTime(info.taken_at)} in ${resolve(flags.to!)}`,
        `private keys left out (keep their offline copies): ${info.keys_left_out.join(', ') || 'none'}`,
      ]);
    });

  withPgBackRest(common(cmd.command('restore')))
    .description('Restore central: PostgreSQL to a point in time (--to, PostgreSQL stopped), PGlite from a snapshot (--from, central stopped). The next start makes a new epoch: terminals push again and read the feed again.')
    .option('--to <time>', 'PostgreSQL: the time to restore to (UTC ISO, e.g. 2026-12-02T14:05:00Z)')
    .option('--from <folder>', 'PGlite: the snapshot folder (central backup --to)')
    .option('--list', 'PostgreSQL: list the backups a restore can start from, and do nothing else')
    .action(async (flags: Flags & { to?: string; from?: string; list?: boolean }) => {
      const dataDir = resolve(flags.data);
      if (!existsSync(join(dataDir, 'central.json'))) throw new CliError(`${dataDir} is not a central data folder (no central.json)`);
      const holder = servingRecord(dataDir);
      if (holder && !flags.list) throw new CliError(`stop central first: process ${holder.pid} holds ${dataDir}${holder.url ? ` serving ${holder.url}` : ''}`);
      if (flags.databaseUrl) {
        const t = target(flags);
        if (flags.list) {
          const list = await asCli(listBackups(t));
          print(flags, list, () => (list.length === 0 ? ['no backup yet'] : list.map((b) => `${b.label} (${b.type}) ended ${localTime(b.stopped_at)}`)));
          return;
        }
        if (!flags.to) throw new CliError('give --to TIME: the point in time to restore PostgreSQL to');
        await asCli(restoreCluster(t, flags.to));
        writeFileSync(join(dataDir, RESTORED_MARK), `${JSON.stringify({ engine: 'postgres', to: flags.to, at: new Date().toISOString() })}\n`, { mode: 0o600 });
        print(flags, { restored_to: flags.to, next: 'start PostgreSQL, then central' }, () => [
          `PostgreSQL's folder restored; start PostgreSQL: it replays the archived WAL up to ${flags.to}, then accepts writes.`,
          'Then start central: it begins a new epoch, and every terminal pushes again what central lost and reads the feed again.',
        ]);
        return;
      }
      if (!flags.from) throw new CliError('central on PGlite: give --from FOLDER, a snapshot taken by central backup --to');
      const from = resolve(flags.from);
      if (!existsSync(join(from, SNAPSHOT_FILE))) throw new CliError(`${from} is not a snapshot of central (no ${SNAPSHOT_FILE})`);
      const info = JSON.parse(readFileSync(join(from, SNAPSHOT_FILE), 'utf8')) as SnapshotInfo;
      // A snapshot holds no private key: they come from the folder it replaces (else from their offline copies).
      const keys = info.keys_left_out ?? [];
      const missing = keys.filter((k) => !existsSync(join(from, k)) && !existsSync(join(dataDir, k)));
      if (missing.length > 0) {
        throw new CliError(`the snapshot holds no private key and ${dataDir} lacks ${missing.join(', ')}: put them there from their offline copies first (or certify a new online key: guichet central keys certify --role online)`);
      }
      if (claimDataDir(dataDir)) throw new CliError(`stop central first: another process holds ${dataDir}`);
      // The folder as it was is kept beside it, never deleted by a restore.
      const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      releaseDataDir(dataDir);
      renameSync(dataDir, aside);
      cpSync(from, dataDir, { recursive: true });
      rmSync(join(dataDir, SNAPSHOT_FILE), { force: true });
      for (const k of keys) if (!existsSync(join(dataDir, k))) cpSync(join(aside, k), join(dataDir, k), { mode: constants.COPYFILE_EXCL });
      writeFileSync(join(dataDir, RESTORED_MARK), `${JSON.stringify({ engine: 'pglite', from, taken_at: info.taken_at, at: new Date().toISOString() })}\n`, { mode: 0o600 });
      print(flags, { restored_from: from, taken_at: info.taken_at, previous_folder: aside }, () => [
        `restored the snapshot taken at ${localTime(info.taken_at)}; the folder as it was is in ${aside}.`,
        'Start central: it begins a new epoch, and every terminal pushes again what central lost and reads the feed again.',
      ]);
    });

  // The restore window (#21): online claims wait until every active terminal has re-synced.
  common(cmd.command('restore-status'))
    .description('After a restore: whether online claims are held, and the active terminals that have not re-synced yet.')
    .action(async (flags: Flags) => {
      const s = (await run(flags, 'restore.status', {})) as RestoreStatus;
      print(flags, s, () => [
        s.held
          ? `online claims HELD since the restore of ${localTime(s.started_at)}: ${s.resynced} terminal(s) re-synced, ${s.waiting} still to come`
          : s.reason === 'restore'
            ? `online claims released at ${localTime(s.released_at)} by ${s.released_by ?? '?'} (restore of ${localTime(s.started_at)})`
            : 'no restore: online claims are not held',
        ...(s.held ? s.waiting_terminals.map((t) => `  waiting for ${t.terminal_id} (${t.retailer}), last heard ${t.last_contact_at ? localTime(t.last_contact_at) : 'never'}`) : []),
        ...(s.held && s.waiting > s.waiting_terminals.length ? [`  … and ${s.waiting - s.waiting_terminals.length} more`] : []),
      ]);
    });
  common(cmd.command('restore-release'))
    .description('Let online claims through before every terminal re-synced (a terminal that does not come back), under dual control: a ticket one of them paid may be paid again.')
    .requiredOption('--reason <text>', 'why (journaled)')
    .action(async (flags: Flags & { reason: string }) => {
      const r = (await run(flags, 'restore.release', { reason: flags.reason })) as { released_at: string; waiting: number };
      print(flags, r, () => [`online claims released at ${localTime(r.released_at)}; ${r.waiting} terminal(s) had not re-synced`]);
    });
}
