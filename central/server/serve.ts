/**
 * `central serve`: opens the store, listens, and records in the data folder that it serves it
 * (`central.url`: URL and pid; `admin.token`, mode 0600) so other commands go through it; PGlite admits
 * one process. Both files go when it stops.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Central } from '../store/context.js';
import { openCentral } from '../store/open.js';
import { ensureMonthPartitions } from '../store/partitions.js';
import { warmVerifyPool } from '../protocol/verify-pool.js';
import { buildCentralServer } from './app.js';

export const URL_FILE = 'central.url';
export const TOKEN_FILE = 'admin.token';

export interface ServingRecord {
  /** null while the process opens the store (or when a command uses it directly). */
  url: string | null;
  pid: number;
  /** PEM file of the TLS certificate, when serving https (the admin client pins it). */
  tls_cert?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding a data folder, or null (a record left by a killed process is ignored). */
export function servingRecord(dataDir: string): ServingRecord | null {
  const path = join(resolve(dataDir), URL_FILE);
  if (!existsSync(path)) return null;
  try {
    const rec = JSON.parse(readFileSync(path, 'utf8')) as ServingRecord;
    return typeof rec.pid === 'number' && alive(rec.pid) ? rec : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder for this process (PGlite admits one): writes `central.url` with our pid and no
 * URL yet. Returns the holder's record instead when another live process holds it.
 */
export function claimDataDir(dataDir: string): ServingRecord | null {
  const path = join(resolve(dataDir), URL_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify({ url: null, pid: process.pid })}\n`, { mode: 0o644, flag: 'wx' });
      return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = servingRecord(dataDir);
      if (holder) return holder;
      rmSync(path, { force: true }); // left by a killed process
    }
  }
  throw new Error(`cannot take ${path}`);
}

/** Gives the data folder back (only when this process holds it). */
export function releaseDataDir(dataDir: string): void {
  const path = join(resolve(dataDir), URL_FILE);
  try {
    const rec = JSON.parse(readFileSync(path, 'utf8')) as ServingRecord;
    if (rec.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // already gone
  }
}

/** Waits until the holder of a data folder serves it (its URL is known) or is gone; null when gone. */
export async function waitForService(dataDir: string, timeoutMs = 120_000): Promise<ServingRecord | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rec = servingRecord(dataDir);
    if (!rec || rec.url) return rec;
    if (Date.now() > until) throw new Error(`process ${rec.pid} holds ${dataDir} but serves no URL yet`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Parses `host:port` (IPv6 in brackets); port 0 picks a free one. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  const port = Number(m?.[3]);
  if (!m || port > 65535) throw new Error(`--listen takes HOST:PORT, e.g. 127.0.0.1:8470, not '${value}'`);
  return { host: (m[1] ?? m[2]) as string, port };
}

export interface ServeOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  listen?: string;
  tls?: { certFile: string; keyFile: string };
  now?: () => string;
  log?: (line: string) => void;
}

export interface RunningCentral {
  readonly url: string;
  readonly central: Central;
  close(): Promise<void>;
}

export const DEFAULT_LISTEN = '127.0.0.1:8470';

export async function serveCentral(opts: ServeOptions): Promise<RunningCentral> {
  const dataDir = resolve(opts.dataDir);
  const { host, port } = parseListen(opts.listen ?? DEFAULT_LISTEN);
  const other = claimDataDir(dataDir);
  if (other) throw new Error(`${dataDir} is already held by process ${other.pid}${other.url ? ` serving ${other.url}` : ''}`);
  let central: Central;
  try {
    central = await openCentral({ dataDir, databaseUrl: opts.databaseUrl, ...(opts.now ? { now: opts.now } : {}) });
  } catch (err) {
    releaseDataDir(dataDir);
    throw err;
  }
  // The journal checks' worker threads start now, in the background, rather than on the first large push.
  void warmVerifyPool().catch(() => undefined);
  const token = randomBytes(32).toString('base64url');
  const app = buildCentralServer(central, {
    adminToken: token,
    ...(opts.tls ? { https: { cert: readFileSync(opts.tls.certFile), key: readFileSync(opts.tls.keyFile) } } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  try {
    await app.listen({ host, port });
  } catch (err) {
    await central.db.close();
    releaseDataDir(dataDir);
    throw err;
  }
  const addr = app.server.address() as AddressInfo;
  const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `${opts.tls ? 'https' : 'http'}://${shownHost}:${addr.port}`;
  writeFileSync(join(dataDir, TOKEN_FILE), token, { mode: 0o600 });
  const record: ServingRecord = { url, pid: process.pid, ...(opts.tls ? { tls_cert: resolve(opts.tls.certFile) } : {}) };
  writeFileSync(join(dataDir, URL_FILE), `${JSON.stringify(record)}\n`, { mode: 0o644 });
  // The coming month's partitions, created ahead twice a day (also at every opening).
  const ahead = setInterval(() => {
    void ensureMonthPartitions(central.db, central.now()).then(
      (r) => r.failed.forEach((f) => (opts.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(`central: month partition not created: ${f}`)),
      () => undefined,
    );
  }, 12 * 3600_000);
  ahead.unref();
  let closed: Promise<void> | null = null;
  return {
    url,
    central,
    close() {
      closed ??= (async () => {
        clearInterval(ahead);
        rmSync(join(dataDir, TOKEN_FILE), { force: true });
        await app.close();
        await central.db.close();
        releaseDataDir(dataDir);
      })();
      return closed;
    },
  };
}
