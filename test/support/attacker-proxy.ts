/**
 * An on-path attacker for tests, on loopback: an HTTP proxy between a terminal and central that can read
 * and rewrite what passes (JSON bodies), answer in central's place, or cut an answer (a lost answer).
 * Each hook gets the path and the parsed body; returning undefined leaves it as it was.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  readonly method: string;
  readonly path: string;
}

export interface AttackerHooks {
  /** Rewrites a request's JSON body before central sees it. */
  request?(x: Exchange, body: unknown): unknown;
  /** Answers in central's place (central never sees the request): status and JSON body. */
  forge?(x: Exchange, body: unknown): { status: number; body: unknown } | undefined;
  /** Rewrites central's JSON answer before the terminal sees it. */
  answer?(x: Exchange, status: number, body: unknown): unknown;
  /** True: the connection is closed without the answer (central did the work). */
  drop?(x: Exchange, status: number, body: unknown): boolean;
}

export interface AttackerProxy {
  readonly url: string;
  /** Every exchange as the attacker saw it: request and answer bodies as central sent them. */
  readonly seen: { x: Exchange; request: unknown; status: number | null; answer: unknown }[];
  hooks: AttackerHooks;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const parse = (b: Buffer): unknown => {
  if (b.length === 0) return undefined;
  try {
    return JSON.parse(b.toString('utf8'));
  } catch {
    return b;
  }
};
const bytes = (v: unknown): Buffer => (v === undefined ? Buffer.alloc(0) : Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v), 'utf8'));

export async function startAttackerProxy(target: string, hooks: AttackerHooks = {}): Promise<AttackerProxy> {
  const seen: AttackerProxy['seen'] = [];
  const proxy: AttackerProxy = { url: '', seen, hooks, close: async () => undefined };
  const server = http.createServer((req, res) => {
    void (async () => {
      const x: Exchange = { method: req.method ?? 'GET', path: req.url ?? '/' };
      const original = parse(await readBody(req));
      const body = proxy.hooks.request?.(x, original) ?? original;
      const entry: AttackerProxy['seen'][number] = { x, request: original, status: null, answer: undefined };
      seen.push(entry);
      const forged = proxy.hooks.forge?.(x, body);
      if (forged) {
        res.writeHead(forged.status, { 'content-type': 'application/json' }).end(bytes(forged.body));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
      const out = bytes(body);
      const upstream = await fetch(`${target}${x.path}`, { method: x.method, headers, ...(x.method === 'GET' || x.method === 'HEAD' ? {} : { body: new Uint8Array(out) }) });
      const answer = parse(Buffer.from(await upstream.arrayBuffer()));
      entry.status = upstream.status;
      entry.answer = answer;
      if (proxy.hooks.drop?.(x, upstream.status, answer)) {
        res.socket?.destroy();
        return;
      }
      const rewritten = proxy.hooks.answer?.(x, upstream.status, answer) ?? answer;
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(bytes(rewritten));
    })().catch(() => res.socket?.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
