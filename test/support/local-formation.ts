/**
 * A throwaway pg_auto_failover formation (tests and benches): a monitor and two or three PostgreSQL nodes
 * on loopback, each under its own `pg_autoctl run` (its own process group), in one temporary folder owned
 * by `postgres`. Failover timings are tuned (see TUNED below) rather than left at the tool's defaults
 * (about 50 s before a dead primary is replaced). Synchronous commit by default: every node takes part in
 * the write quorum and `number_sync_standbys` is the number of standbys less one (at least 1 with two
 * standbys), so a commit is acknowledged only once two nodes hold it. `stop()` kills every process group,
 * stops what is left with `pg_ctl stop -m immediate` and removes the folder, even after a failed test.
 *
 * Durability is kept (fsync on): the point is what survives a SIGKILL.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PG_BIN } from './local-cluster.js';

const run = promisify(execFile);
export const PG_AUTOCTL = '/usr/bin/pg_autoctl';

export function autoFailoverAvailable(): boolean {
  return existsSync(PG_AUTOCTL) && existsSync(join(PG_BIN, 'postgres'));
}

/** True when the formation tests should run; throws in CI when pg_auto_failover is missing. */
export function requireAutoFailover(): boolean {
  if (autoFailoverAvailable()) return true;
  if (process.env.CI) throw new Error(`pg_auto_failover is missing (${PG_AUTOCTL}): run scripts/setup.sh; CI does not skip the failover tests`);
  return false;
}

/**
 * The monitor's health checks and the keepers' time-outs, tuned for a LAN (loopback here). Defaults:
 * health check every 5 s with a 5 s time-out and 2 retries, a node unhealthy after 20 s, a primary
 * demoted after 30 s of network partition (the keeper's network_partition_timeout 20 s).
 */
export const TUNED = {
  monitor: {
    'pgautofailover.health_check_period': '1000',
    'pgautofailover.health_check_timeout': '1000',
    'pgautofailover.health_check_max_retries': '1',
    'pgautofailover.health_check_retry_delay': '500',
    'pgautofailover.node_considered_unhealthy_timeout': '3000',
    'pgautofailover.primary_demote_timeout': '6000',
    'pgautofailover.startup_grace_period': '3000',
  },
  keeper: {
    'timeout.network_partition_timeout': '4',
    'timeout.prepare_promotion_catchup': '10',
    'timeout.prepare_promotion_walreceiver': '2',
    'timeout.postgresql_restart_failure_timeout': '4',
    'timeout.postgresql_restart_failure_max_retries': '2',
    'timeout.listen_notifications_timeout': '1',
  },
  postgres: { wal_sender_timeout: '3s', wal_receiver_timeout: '3s', wal_retrieve_retry_interval: '500ms' },
} as const;

export interface FormationNode {
  readonly name: string;
  readonly port: number;
  readonly pgdata: string;
}

export interface Formation {
  readonly dir: string;
  /** The multi-host URL of the `central` database (`pg_autoctl show uri`), target_session_attrs=read-write. */
  readonly url: string;
  readonly nodes: readonly FormationNode[];
  /** The node the monitor holds as primary (waits for one). */
  primary(timeoutMs?: number): Promise<FormationNode>;
  /** SIGKILL of the node's postmaster only (its keeper restarts it, or the monitor fails over). */
  killPostgres(node: FormationNode): Promise<void>;
  /** SIGKILL of the node's keeper and postmaster: the machine is gone until `restart(node)`. */
  killNode(node: FormationNode): Promise<void>;
  /** Starts the node's keeper again (it rejoins as a standby). */
  restart(node: FormationNode): Promise<void>;
  /** Waits until one primary and every other node a secondary. */
  settled(timeoutMs?: number): Promise<void>;
  /** Monitor's view: name → reported state. */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export interface FormationOptions {
  /** Standbys (1 or 2, default 1). */
  standbys?: 1 | 2;
  /** Synchronous commit (default true); false: replication-quorum off on every standby (asynchronous). */
  sync?: boolean;
  /** Failover timings (default TUNED); false leaves pg_auto_failover's defaults. */
  tuned?: boolean;
}

const asRoot = process.getuid?.() === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startFormation(opts: FormationOptions = {}): Promise<Formation> {
  const standbys = opts.standbys ?? 1;
  const sync = opts.sync ?? true;
  const tuned = opts.tuned ?? true;
  const dir = mkdtempSync(join(tmpdir(), 'guichet-paf-'));
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const home = join(dir, 'home');
  mkdirSync(home);
  if (asRoot) chownSync(home, uid, gid);
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'share'),
    XDG_RUNTIME_DIR: join(home, 'run'),
    PATH: `${PG_BIN}:/usr/bin:/bin`,
    PG_CONFIG: join(PG_BIN, 'pg_config'),
    LANG: 'C',
  };
  const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const cmd = (args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', 'env', '-i', ...envArgs, ...args]] : ['env', ['-i', ...envArgs, ...args]];
  const autoctl = async (args: string[], timeout = 120_000): Promise<string> => {
    const [c, a] = cmd([PG_AUTOCTL, ...args]);
    try {
      return (await run(c, a, { timeout, maxBuffer: 16 << 20 })).stdout;
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`pg_autoctl ${args.slice(0, 2).join(' ')}: ${e.message}\n${(e.stderr ?? '').split('\n').filter((l) => !l.includes('Permission denied')).slice(-25).join('\n')}`);
    }
  };
  const keepers = new Map<string, ChildProcess>();
  const runKeeper = (name: string, pgdata: string): void => {
    const log = openSync(join(dir, `${name}.log`), 'a');
    const [c, a] = cmd([PG_AUTOCTL, 'run', '--pgdata', pgdata]);
    const child = spawn(c, a, { detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    child.on('error', () => undefined);
    keepers.set(name, child);
  };
  const monitorPort = await freePort();
  const monitorData = join(dir, 'monitor');
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const nodes: FormationNode[] = [];
  const monitorQuery = async <R>(sql: string, params: unknown[] = []): Promise<R[]> => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return (await client.query(sql, params)).rows as R[];
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const states = async (): Promise<Record<string, string>> => {
    const rows = await monitorQuery<{ nodename: string; reportedstate: string; goalstate: string }>('SELECT nodename, reportedstate, goalstate FROM pgautofailover.node');
    return Object.fromEntries(rows.map((r) => [r.nodename, r.reportedstate === r.goalstate ? r.reportedstate : `${r.reportedstate}>${r.goalstate}`]));
  };
  const waitFor = async (what: string, ok: (s: Record<string, string>) => boolean, timeoutMs: number): Promise<void> => {
    const until = Date.now() + timeoutMs;
    let last: Record<string, string> = {};
    for (;;) {
      try {
        last = await states();
        if (ok(last)) return;
      } catch {
        // the monitor is starting
      }
      if (Date.now() > until) throw new Error(`formation: ${what} not reached within ${timeoutMs} ms (states ${JSON.stringify(last)})`);
      await sleep(250);
    }
  };
  /** Sends `sig` to `pid`; false when there is no such process (0 asks whether it still runs). */
  const signal = (pid: number, sig: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(pid, sig);
      return true;
    } catch {
      return false;
    }
  };
  /** The processes whose parent is `pid` (a postmaster's logger, checkpointer, workers …). */
  const childrenOf = (pid: number): number[] => {
    const out: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
    return out;
  };
  /** Still running: there, and not a zombie waiting for a parent (init) to reap it. */
  const running = (pid: number): boolean => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };
  const stop = async (): Promise<void> => {
    for (const child of keepers.values()) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // SIGQUIT first (PostgreSQL's immediate shutdown: the postmaster takes its logger and workers with
    // it), SIGKILL for what is left — the postmaster and the children it had: a postmaster killed
    // outright leaves them running (on a busy machine the monitor's logger and pg_auto_failover's health
    // check worker outlived a run so, their folder deleted under them).
    const postmasters: number[] = [];
    const children: number[] = [];
    for (const pgdata of [monitorData, ...nodes.map((n) => n.pgdata)]) {
      if (!existsSync(join(pgdata, 'postmaster.pid'))) continue;
      const pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (!(pid > 0)) continue;
      children.push(...childrenOf(pid));
      if (signal(pid, 'SIGQUIT')) postmasters.push(pid);
    }
    const until = Date.now() + 3_000;
    while ([...postmasters, ...children].some(running) && Date.now() < until) await sleep(50);
    for (const pid of [...postmasters, ...children]) signal(pid, 'SIGKILL');
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await autoctl(['create', 'monitor', '--pgdata', monitorData, '--pgport', String(monitorPort), '--pgctl', join(PG_BIN, 'pg_ctl'), '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl']);
    runKeeper('monitor', monitorData);
    const untilMonitor = Date.now() + 30_000;
    for (;;) {
      try {
        await monitorQuery('SELECT 1 FROM pgautofailover.formation');
        break;
      } catch (err) {
        if (Date.now() > untilMonitor) throw new Error(`formation: monitor did not answer: ${(err as Error).message}`);
        await sleep(200);
      }
    }
    if (tuned) {
      for (const [k, v] of Object.entries(TUNED.monitor)) await monitorQuery(`ALTER SYSTEM SET ${k} = '${v}'`);
      await monitorQuery('SELECT pg_reload_conf()');
    }
    for (let i = 0; i <= standbys; i++) {
      const name = `node${i + 1}`;
      const node: FormationNode = { name, port: await freePort(), pgdata: join(dir, name) };
      nodes.push(node);
      await autoctl([
        'create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(node.port), '--pgctl', join(PG_BIN, 'pg_ctl'),
        '--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--name', name, '--dbname', 'central', '--monitor', monitorUrl,
        '--auth', 'trust', '--no-ssl', '--replication-quorum', String(sync),
      ]);
      if (tuned) {
        for (const [k, v] of Object.entries(TUNED.keeper)) await autoctl(['config', 'set', '--pgdata', node.pgdata, k, v]);
      }
      runKeeper(name, node.pgdata);
      if (i === 0) await waitFor(`${name} single`, (s) => s[name] === 'single', 60_000);
      else await waitFor(`${name} secondary`, (s) => s[name] === 'secondary', 90_000);
    }
    if (sync && standbys === 2) await autoctl(['set', 'formation', 'number-sync-standbys', '1', '--pgdata', nodes[0]!.pgdata]);
    if (tuned) {
      // Each node's own server: replication connections that notice a dead peer in seconds.
      for (const n of nodes) {
        const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${n.port}/postgres`, connectionTimeoutMillis: 3000 });
        await client.connect();
        for (const [k, v] of Object.entries(TUNED.postgres)) await client.query(`ALTER SYSTEM SET ${k} = '${v}'`);
        await client.query('SELECT pg_reload_conf()');
        await client.end();
      }
    }
    const url = (await autoctl(['show', 'uri', '--formation', 'default', '--pgdata', monitorData])).trim();
    const formation: Formation = {
      dir,
      // pg_autoctl leaves the user to libpq's default (the system user): the formation's is postgres.
      url: url.replace(/sslmode=\w+/, 'sslmode=disable').replace(/^postgres:\/\/(?![^/]*@)/, 'postgres://postgres@'),
      nodes,
      states,
      async primary(timeoutMs = 60_000) {
        let found: FormationNode | undefined;
        await waitFor('a primary', (s) => {
          found = nodes.find((n) => s[n.name] === 'primary' || s[n.name] === 'wait_primary' || s[n.name] === 'single');
          return found !== undefined;
        }, timeoutMs);
        return found as FormationNode;
      },
      async killPostgres(node) {
        const pid = Number(readFileSync(join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
      },
      async killNode(node) {
        const keeper = keepers.get(node.name);
        if (keeper?.pid) {
          try {
            process.kill(-keeper.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        if (existsSync(join(node.pgdata, 'postmaster.pid'))) {
          const pid = Number(readFileSync(join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      },
      async restart(node) {
        runKeeper(node.name, node.pgdata);
      },
      async settled(timeoutMs = 60_000) {
        await waitFor('one primary, the others secondary', (s) => {
          const v = nodes.map((n) => s[n.name]);
          return v.filter((x) => x === 'primary').length === 1 && v.filter((x) => x === 'secondary').length === nodes.length - 1;
        }, timeoutMs);
      },
      stop,
    };
    return formation;
  } catch (err) {
    const logs = ['monitor', ...nodes.map((n) => n.name)]
      .map((n) => join(dir, `${n}.log`))
      .filter((f) => existsSync(f))
      .map((f) => `${f}:\n${readFileSync(f, 'utf8').split('\n').slice(-15).join('\n')}`)
      .join('\n');
    await stop();
    throw new Error(`${(err as Error).message}\n${logs}`);
  }
}
