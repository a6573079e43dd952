/**
 * A throwaway PostgreSQL cluster with its WAL archived by pgBackRest (the restore drill's tests): initdb
 * in a temporary folder owned by `postgres`, the server on a Unix socket there (no TCP), archive_mode on
 * with pgBackRest's archive_command, a pgBackRest repository and configuration in the same folder. The
 * server can be stopped and started again on the same folder (a restore needs it stopped).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { archiveSettings, DEFAULT_STANZA, type PgBackRestTarget } from '../../../central/store/backup/pgbackrest.js';
import { PG_BIN } from '../../support/local-cluster.js';

const asRoot = process.getuid?.() === 0;

function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

/** True when pgBackRest is installed (CI installs it: scripts/setup.sh). */
export function pgBackRestAvailable(): boolean {
  return existsSync('/usr/bin/pgbackrest');
}

export interface ArchivedCluster {
  readonly dir: string;
  readonly pgbackrest: PgBackRestTarget;
  /** URL of a database of this cluster. */
  urlOf(db: string): string;
  createDatabase(name: string): Promise<string>;
  /** Forces the current WAL segment out and waits until pgBackRest archived it. */
  archiveNow(): Promise<void>;
  start(): Promise<void>;
  stopServer(): void;
  /** Stops the server and removes the folder. */
  close(): Promise<void>;
}

export async function startArchivedCluster(): Promise<ArchivedCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-pgbr-'));
  const data = join(dir, 'data');
  const repo = join(dir, 'repo');
  for (const d of [repo, join(dir, 'log'), join(dir, 'lock')]) mkdirSync(d);
  const config = join(dir, 'pgbackrest.conf');
  writeFileSync(
    config,
    [
      '[global]',
      `repo1-path=${repo}`,
      'repo1-retention-full=2',
      'start-fast=y',
      'archive-async=n',
      `log-path=${join(dir, 'log')}`,
      `lock-path=${join(dir, 'lock')}`,
      'log-level-console=warn',
      'log-level-file=off',
      'compress-type=none',
      '',
      `[${DEFAULT_STANZA}]`,
      `pg1-path=${data}`,
      `pg1-socket-path=${dir}`,
      '',
    ].join('\n'),
  );
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    for (const p of [dir, repo, join(dir, 'log'), join(dir, 'lock'), config]) chownSync(p, uid, gid);
  }
  const target: PgBackRestTarget = { config, stanza: DEFAULT_STANZA };
  const [initCmd, initArgs] = asPostgres(join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const settings = { ...archiveSettings(target), listen_addresses: '', fsync: 'off', max_connections: '30', max_wal_senders: '3' };
  const logFile = join(dir, 'postgres.log');
  let child: ChildProcess | null = null;
  let exited = true;
  const urlOf = (db: string): string => `postgresql://postgres@/${db}?host=${encodeURIComponent(dir)}`;

  async function start(): Promise<void> {
    const [cmd, args] = asPostgres(join(PG_BIN, 'postgres'), ['-D', data, '-k', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]);
    const c = spawn('sh', ['-c', `exec "$@" >>'${logFile}' 2>&1`, 'sh', cmd, ...args], { stdio: 'ignore' });
    child = c;
    exited = false;
    c.on('exit', () => {
      exited = true;
    });
    const started = Date.now();
    for (;;) {
      if (exited) throw new Error(`postgres did not start: ${existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '(no log)'}`);
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      try {
        await client.connect();
        // Ready once it accepts writes (a restored cluster first replays the WAL, read-only).
        const r = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
        await client.end();
        if (!r.rows[0]?.r) return;
      } catch {
        await client.end().catch(() => undefined);
      }
      if (Date.now() - started > 60_000) throw new Error(`postgres did not accept writes within 60 s: ${readFileSync(logFile, 'utf8').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  function stopServer(): void {
    if (exited) return;
    const [stopCmd, stopArgs] = asPostgres(join(PG_BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']);
    try {
      execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
    } catch {
      child?.kill('SIGKILL');
    }
  }

  await start();
  return {
    dir,
    pgbackrest: target,
    urlOf,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    async archiveNow() {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        const wal = (await client.query<{ w: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS w')).rows[0]!.w;
        for (let i = 0; i < 300; i++) {
          const last = (await client.query<{ l: string | null }>('SELECT last_archived_wal AS l FROM pg_stat_archiver')).rows[0]?.l ?? '';
          if (last >= wal) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`WAL ${wal} was not archived within 30 s: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
      } finally {
        await client.end();
      }
    },
    start,
    stopServer,
    async close() {
      stopServer();
      if (child && !exited) await new Promise((r) => child!.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
