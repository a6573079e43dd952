/**
 * `central serve`: opens the store, listens, and records in the data folder that it serves it
 * (`central.url`: URL and pid; `admin.token`, mode 0600) so other commands go through it; PGlite admits
 * one process. Both files go when it stops.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Central } from '../store/context.js';
import { openCentral } from '../store/open.js';
import { ensureMonthPartitions } from '../store/partitions.js';
import { PG_CLOSE_MS } from '../store/postgres.js';
import { warmVerifyPool } from '../protocol/verify-pool.js';
import { buildCentralServer } from './app.js';
import { centralMetrics } from './metrics.js';
import { DEFAULT_LISTEN, parseListen } from './listen.js';
import { claimDataDir, releaseDataDir, TOKEN_FILE, URL_FILE, type ServingRecord } from './holder.js';

export interface ServeOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  listen?: string;
  tls?: { certFile: string; keyFile: string };
  now?: () => string;
  log?: (line: string) => void;
  /** The structured log's level (pino: fatal, error, warn, info, debug; 'silent' by default here, `central serve` says info). */
  logLevel?: string;
  /** Where its JSON lines go (default: standard output). */
  logStream?: { write(line: string): void };
  /** The reverse proxies whose X-Forwarded-For is believed (ServerOptions.trustedProxies; default none). */
  trustedProxies?: readonly string[];
}

export interface RunningCentral {
  readonly url: string;
  readonly central: Central;
  close(): Promise<void>;
}

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
    logger: { level: opts.logLevel ?? 'silent', ...(opts.logStream ? { stream: opts.logStream } : {}) },
    metrics: centralMetrics(central.db, { processMetrics: true }),
    ...(opts.trustedProxies?.length ? { trustedProxies: opts.trustedProxies } : {}),
  });
  // Once stopping, each answer to a request still in flight closes its connection: a client's keep-alive
  // connection would otherwise hold fastify's close() until the client drops it (KEEP_ALIVE_TIMEOUT_MS).
  let stopping = false;
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) void reply.header('connection', 'close');
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
      // Stops accepting (new requests get 503 meanwhile) and lets the requests in flight finish, then closes
      // the pool. A request still waiting on the database after PG_CLOSE_MS (a COMMIT waiting for a standby
      // that is gone, a statement on a killed server) would hold fastify's close() for ever: the pool is
      // closed under it then, its statement fails, it is answered 503, and fastify's close() ends.
      closed ??= (async () => {
        clearInterval(ahead);
        rmSync(join(dataDir, TOKEN_FILE), { force: true });
        stopping = true;
        const appClosed = app.close();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([appClosed, new Promise((r) => (timer = setTimeout(r, PG_CLOSE_MS)))]);
        clearTimeout(timer);
        await central.db.close();
        await appClosed;
        releaseDataDir(dataDir);
      })();
      return closed;
    },
  };
}
