/**
 * A fault-injecting HTTP proxy for tests, on loopback only: it stands between a terminal and central
 * and, with seeded randomness, spoils some exchanges. Modes:
 * - `drop`: the request reaches central (or not, at random), the connection closes without an answer;
 * - `delay`: the request is held for a while, then passed on;
 * - `cut`: central's answer is cut in the middle of its body;
 * - `duplicate`: the request is sent to central twice, the client sees the second answer;
 * - `reset`: the connection is reset (TCP RST) before anything is passed on;
 * - `5xx`: a 502/503/504 without asking central.
 * At most `maxFaults` faults in all (then it only passes requests on); `counts` says how many of each.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createRng } from '../../games/rng.js';

export const FAULT_MODES = ['drop', 'delay', 'cut', 'duplicate', 'reset', '5xx'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultProxyOptions {
  /** Central's URL (http://127.0.0.1:PORT). */
  readonly target: string;
  readonly seed: number | string;
  /** Chance in [0, 1] that one request meets a fault. */
  readonly rate: number;
  /** Most faults in all; afterwards every request passes. */
  readonly maxFaults: number;
  /** Modes to draw from (all by default). */
  readonly modes?: readonly FaultMode[];
  /** Longest delay in ms (`delay` mode); default 200. */
  readonly maxDelayMs?: number;
  /** Largest request body accepted, bytes; default 64 MiB. */
  readonly maxBodyBytes?: number;
  /** Called for each request once its body is read, before anything is passed on (tests kill processes here). */
  readonly onRequest?: (request: { readonly method: string; readonly path: string; readonly bytes: number }) => void | Promise<void>;
}

export interface FaultProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** Faults injected so far, per mode. */
  readonly counts: Readonly<Record<FaultMode, number>>;
  /** Total faults injected. */
  faults(): number;
  /** Requests seen. */
  requests(): number;
  /** Changes the target (e.g. after central restarts on another port). */
  retarget(target: string): void;
  close(): Promise<void>;
}

interface Upstream {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    delete headers.connection;
    const up = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    up.on('error', reject);
    up.end(body);
  });
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('body over the proxy limit'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, up: Upstream): void {
  const headers = { ...up.headers };
  delete headers['transfer-encoding'];
  delete headers.connection;
  headers['content-length'] = String(up.body.length);
  res.writeHead(up.status, headers);
  res.end(up.body);
}

/** Starts the proxy on 127.0.0.1 (a free port). */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  let target = new URL(options.target);
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') throw new Error('fault proxy: loopback targets only');
  const rng = createRng(options.seed);
  const modes = options.modes ?? FAULT_MODES;
  const maxDelay = options.maxDelayMs ?? 200;
  const limit = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const counts = Object.fromEntries(FAULT_MODES.map((m) => [m, 0])) as Record<FaultMode, number>;
  let total = 0;
  let seen = 0;
  const sockets = new Set<Socket>();

  const draw = (): FaultMode | null => {
    if (total >= options.maxFaults) return null;
    if (rng.next32() / 2 ** 32 >= options.rate) return null;
    const mode = rng.pick(modes);
    counts[mode]++;
    total++;
    return mode;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    seen++;
    const body = await readBody(req, limit);
    await options.onRequest?.({ method: req.method ?? 'GET', path: req.url ?? '/', bytes: body.length });
    const mode = draw();
    const socket = req.socket;
    switch (mode) {
      case 'reset':
        socket.resetAndDestroy();
        return;
      case '5xx': {
        const status = rng.pick([502, 503, 504]);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'fault-proxy', message: `injected ${status}` }));
        return;
      }
      case 'drop': {
        if (rng.int(2) === 1) await forward(target, req, body).catch(() => undefined);
        socket.destroy();
        return;
      }
      case 'delay':
        await new Promise((r) => setTimeout(r, rng.int(maxDelay + 1)));
        break;
      case 'duplicate':
        await forward(target, req, body).catch(() => undefined);
        break;
      default:
        break;
    }
    const up = await forward(target, req, body);
    if (mode === 'cut') {
      const headers = { ...up.headers };
      delete headers['transfer-encoding'];
      delete headers.connection;
      headers['content-length'] = String(up.body.length);
      res.writeHead(up.status, headers);
      res.write(up.body.subarray(0, Math.floor(up.body.length / 2)));
      // Let the half body leave before the cut.
      setImmediate(() => socket.destroy());
      return;
    }
    answer(res, up);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'fault-proxy', message: 'central unreachable' }));
      } else req.socket.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    faults: () => total,
    requests: () => seen,
    retarget(next) {
      target = new URL(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
