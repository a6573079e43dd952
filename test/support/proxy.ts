/**
 * The HTTP proxy of the tests, on loopback only: it stands between a terminal and central and passes every
 * exchange on, unless a hook does otherwise. A hook sees the exchange and may ask central (`forward`, as
 * often as it likes, with the request as it was or rewritten), answer in central's place, rewrite central's
 * answer, or spoil the exchange: reset the connection, close it without an answer, cut the answer in the
 * middle. Attacks are hooks written by each test; seeded faults are one hook (`faultHook`, proxy-faults.ts).
 * The proxy keeps a log of the exchanges with central's answers (what an on-path attacker records).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Exchange {
  readonly method: string;
  /** Path with its query, as the terminal sent it. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface ProxiedAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Instead of an answer: reset the connection (TCP RST), close it without an answer, or send half of `cut` then close. */
export type Spoiled = { readonly spoil: 'reset' } | { readonly spoil: 'close' } | { readonly spoil: 'cut'; readonly answer: ProxiedAnswer };

/** What the proxy does with one exchange: `forward()` asks central (the exchange given, or the terminal's). */
export type Hook = (exchange: Exchange, forward: (rewritten?: Exchange) => Promise<ProxiedAnswer>) => Promise<ProxiedAnswer | Spoiled>;

export interface LoggedExchange {
  readonly exchange: Exchange;
  /** Central's last answer to it; null when central was not asked or did not answer. */
  central: ProxiedAnswer | null;
}

export interface ProxyOptions {
  /** Central's URL (http://127.0.0.1:PORT). */
  readonly target: string;
  /** The hook from the start (none: pass everything on). */
  readonly hook?: Hook;
  /** Largest request body accepted, bytes; default 64 MiB. */
  readonly maxBodyBytes?: number;
  /** Called for each request once its body is read, before anything is passed on (tests kill processes here). */
  readonly onRequest?: (request: { readonly method: string; readonly path: string; readonly bytes: number }) => void | Promise<void>;
}

export interface Proxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The hook from now on (null: pass everything on). */
  setHook(hook: Hook | null): void;
  /** Exchanges the hook touched: the answer sent differs from central's, or central was never asked. */
  forged(): number;
  /** Requests seen. */
  requests(): number;
  /** Every exchange so far, in order, with central's answer. */
  exchanges(): readonly LoggedExchange[];
  /** Changes the target (e.g. after central restarts on another port). */
  retarget(target: string): void;
  close(): Promise<void>;
}

function loopbackOnly(target: URL): URL {
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') throw new Error('proxy: loopback targets only');
  return target;
}

function forwardTo(target: URL, ex: Exchange): Promise<ProxiedAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...ex.headers, host: target.host, 'content-length': String(ex.body.length) };
    delete headers.connection;
    const up = http.request({ host: target.hostname, port: target.port, method: ex.method, path: ex.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    up.on('error', reject);
    up.end(ex.body);
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

function head(res: ServerResponse, a: ProxiedAnswer): void {
  const headers = { ...a.headers };
  delete headers['transfer-encoding'];
  delete headers.connection;
  headers['content-length'] = String(a.body.length);
  res.writeHead(a.status, headers);
}

function send(res: ServerResponse, outcome: ProxiedAnswer | Spoiled): void {
  const socket = res.req.socket;
  if (!('spoil' in outcome)) {
    head(res, outcome);
    res.end(outcome.body);
  } else if (outcome.spoil === 'reset') socket.resetAndDestroy();
  else if (outcome.spoil === 'close') socket.destroy();
  else {
    head(res, outcome.answer);
    res.write(outcome.answer.body.subarray(0, Math.floor(outcome.answer.body.length / 2)));
    // Let the half body leave before the cut.
    setImmediate(() => socket.destroy());
  }
}

/** A JSON answer in central's place, with central's signature headers copied from `like` when given. */
export function forgedJson(status: number, body: unknown, like?: ProxiedAnswer): ProxiedAnswer {
  const headers: IncomingHttpHeaders = { ...(like?.headers ?? {}), 'content-type': 'application/json; charset=utf-8' };
  return { status, headers, body: Buffer.from(JSON.stringify(body), 'utf8') };
}

/** A JSON body parsed (undefined when it is not JSON). */
export function jsonOf(a: { readonly body: Buffer }): unknown {
  try {
    return JSON.parse(a.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Starts the proxy on 127.0.0.1 (a free port). */
export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  let target = loopbackOnly(new URL(options.target));
  const limit = options.maxBodyBytes ?? 64 * 1024 * 1024;
  let hook: Hook | null = options.hook ?? null;
  let forged = 0;
  const log: LoggedExchange[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const ex: Exchange = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: await readBody(req, limit) };
      const entry: LoggedExchange = { exchange: ex, central: null };
      log.push(entry);
      await options.onRequest?.({ method: ex.method, path: ex.path, bytes: ex.body.length });
      const forward = async (rewritten?: Exchange): Promise<ProxiedAnswer> => (entry.central = await forwardTo(target, rewritten ?? ex));
      const outcome = hook ? await hook(ex, forward) : await forward();
      if (outcome !== entry.central) forged++;
      send(res, outcome);
    })().catch(() => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"error":"proxy","message":"central unreachable"}');
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
    setHook(next) {
      hook = next;
    },
    forged: () => forged,
    requests: () => log.length,
    exchanges: () => log,
    retarget(next) {
      target = loopbackOnly(new URL(next));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
