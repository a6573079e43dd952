/**
 * An on-path attacker for tests, on loopback only: an HTTP proxy between a terminal and central that
 * may answer in central's place or rewrite central's answer (`attack`), and a TCP tap that passes every
 * byte on and keeps a copy (what an eavesdropper sees of a TLS channel).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

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

/** What the attacker does with one exchange: `forward()` asks central; the answer returned goes to the terminal. */
export type Attack = (exchange: Exchange, forward: () => Promise<ProxiedAnswer>) => Promise<ProxiedAnswer>;

export interface AttackProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The attack from now on (null: pass everything on). */
  setAttack(attack: Attack | null): void;
  /** Exchanges the attack touched: the answer it sent differs from central's, or central was never asked. */
  forged(): number;
  close(): Promise<void>;
}

function loopbackOnly(target: URL): void {
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') throw new Error('attack proxy: loopback targets only');
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

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, a: ProxiedAnswer): void {
  const headers = { ...a.headers };
  delete headers['transfer-encoding'];
  delete headers.connection;
  headers['content-length'] = String(a.body.length);
  res.writeHead(a.status, headers);
  res.end(a.body);
}

/** A JSON answer of the attacker's, with central's signature headers copied from `like` when given. */
export function forgedJson(status: number, body: unknown, like?: ProxiedAnswer): ProxiedAnswer {
  const headers: IncomingHttpHeaders = { ...(like?.headers ?? {}), 'content-type': 'application/json; charset=utf-8' };
  return { status, headers, body: Buffer.from(JSON.stringify(body), 'utf8') };
}

export async function startAttackProxy(options: { target: string }): Promise<AttackProxy> {
  const target = new URL(options.target);
  loopbackOnly(target);
  let attack: Attack | null = null;
  let forged = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const ex: Exchange = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: await readBody(req) };
      let central: ProxiedAnswer | null = null;
      const forward = async (): Promise<ProxiedAnswer> => (central = await forwardTo(target, ex));
      const a = attack ? await attack(ex, forward) : await forward();
      if (a !== central) forged++;
      send(res, a);
    })().catch(() => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"error":"attack proxy","reason":"internal"}');
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
    setAttack(next) {
      attack = next;
    },
    forged: () => forged,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface Tap {
  /** 127.0.0.1:PORT to connect to instead of central. */
  readonly port: number;
  /** Every byte seen so far, both ways. */
  captured(): Buffer;
  close(): Promise<void>;
}

/** A TCP tap before `target` (host:port on loopback): passes every byte on, keeps a copy. */
export async function startTap(options: { targetPort: number }): Promise<Tap> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = net.createServer((client) => {
    const up = net.connect(options.targetPort, '127.0.0.1');
    for (const s of [client, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (c: Buffer) => {
      chunks.push(Buffer.from(c));
      up.write(c);
    });
    up.on('data', (c: Buffer) => {
      chunks.push(Buffer.from(c));
      client.write(c);
    });
    client.on('end', () => up.end());
    up.on('end', () => client.end());
    client.on('close', () => up.destroy());
    up.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    captured: () => Buffer.concat(chunks),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
