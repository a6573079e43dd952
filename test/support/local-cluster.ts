/**
 * A throwaway PostgreSQL cluster (tests and benches): initdb in a temporary folder, the server on a Unix
 * socket in that folder (no TCP port), run as `postgres` when run as root. Stopped and removed by
 * `stop()`. `pgAvailable()` says whether Debian's PostgreSQL 15 is installed; in CI (CI=true) a missing
 * PostgreSQL must fail the suite rather than skip it (see `requirePg`). Durability is off (fsync,
 * synchronous_commit): fine for throwaway data, and said so next to every figure measured on it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

export function pgAvailable(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'postgres'));
}

/** True when the real-PostgreSQL tests should run; throws in CI when PostgreSQL is missing. */
export function requirePg(): boolean {
  if (pgAvailable()) return true;
  if (process.env.CI) throw new Error(`PostgreSQL 15 is missing (${PG_BIN}/initdb): run scripts/setup.sh; CI does not skip the real-PostgreSQL tests`);
  return false;
}

export interface PgCluster {
  readonly dir: string;
  /** URL of the `postgres` database. */
  readonly url: string;
  /** Creates a fresh database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** The postmaster's process id (its backends are its children: CPU accounting in benches). */
  readonly pid: number;
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function urlFor(dir: string, db: string): string {
  return `postgresql://postgres@/${db}?host=${encodeURIComponent(dir)}`;
}

export interface PgClusterOptions {
  /** Extra server settings (`-c name=value`), e.g. { max_connections: '100' }. */
  settings?: Record<string, string>;
}

export async function startPgCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const [initCmd, initArgs] = asPostgres(join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const [cmd, args] = asPostgres(join(PG_BIN, 'postgres'), [
    '-D', data,
    '-k', dir,
    '-c', 'listen_addresses=',
    '-c', 'fsync=off',
    '-c', 'synchronous_commit=off',
    '-c', 'full_page_writes=off',
    '-c', 'max_connections=50',
    '-c', `logging_collector=off`,
    ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ]);
  const logFile = join(dir, 'postgres.log');
  const child: ChildProcess = spawn('sh', ['-c', `exec "$@" >>'${logFile}' 2>&1`, 'sh', cmd, ...args], { stdio: 'ignore' });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = urlFor(dir, 'postgres');
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`postgres did not start: ${existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)'}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() - started > 60_000) throw new Error(`postgres did not answer within 60 s: ${readFileSync(logFile, 'utf8')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    dir,
    url,
    pid: child.pid ?? 0,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlFor(dir, name);
    },
    async stop() {
      if (!exited) {
        const [stopCmd, stopArgs] = asPostgres(join(PG_BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']);
        try {
          execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
        } catch {
          child.kill('SIGKILL');
        }
        if (!exited) await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
