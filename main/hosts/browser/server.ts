/**
 * The browser host: the same renderer and the same API as the Electron window, served on 127.0.0.1.
 * A token made at each start opens the kiosk once: `/?token=…` trades it for a fresh random session
 * cookie (HttpOnly, SameSite=Strict) and is then spent (a second use is refused 401). The cookie is
 * rotated at each operator login (the `auth.login` call answers with the new one, and the old one stops
 * working, its event streams closed) and at logout (the logged-in one is cleared: a fresh one reaching
 * only the login screen replaces it). Every API request and the event stream must carry the current
 * cookie, come from the page's own origin (Origin, or for the stream Sec-Fetch-Site) and name this
 * host; the calls must be JSON. So neither another page in the browser, nor a DNS-rebinding site, nor
 * whoever saw the start-up link or an old cookie, can drive the terminal. Which methods need a
 * logged-in operator is the application's rule (SESSIONLESS_METHODS), the same in Electron.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { HostApp } from '../../app/app.js';
import { CONTENT_SECURITY_POLICY } from './csp.js';

export interface BrowserHostOptions {
  readonly app: HostApp;
  /** The built renderer (vite build output). */
  readonly staticDir: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Fixed token (tests); a random one otherwise. */
  readonly token?: string;
}

export interface BrowserHost {
  /** The URL that opens the kiosk, token included (once). */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

export const COOKIE = 'guichet_session';
/** Methods after which the session cookie is replaced: a login (or operator switch) and a logout. */
const ROTATING_METHODS: ReadonlySet<unknown> = new Set(['auth.login', 'auth.logout']);
const MAX_BODY = 64 * 1024;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

function sameToken(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra });
  res.end(body);
}

function sessionCookie(value: string): string {
  return `${COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/`;
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? newSecret();
  let tokenSpent = false;
  /** The one session cookie that works now (none until the token is traded). */
  let session: string | null = null;
  const staticDir = path.resolve(options.staticDir);
  let origin = '';
  /** Open event streams, each with the session cookie it was opened with. */
  const streams = new Map<ServerResponse, string>();
  const unsubscribe = options.app.subscribe((event) => {
    const line = `data: ${JSON.stringify(event)}\n\n`;
    for (const s of streams.keys()) s.write(line);
  });

  /** A fresh session cookie replaces the current one, whose event streams are closed. */
  function rotate(): string {
    session = newSecret();
    for (const [s, cookie] of streams) {
      if (cookie !== session) {
        streams.delete(s);
        s.end();
      }
    }
    return session;
  }

  function validSession(req: IncomingMessage): string | null {
    const given = cookieOf(req);
    return session !== null && sameToken(given, session) ? session : null;
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, err instanceof Error ? err.message : 'error');
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    // DNS rebinding: only requests addressed to this very host and port.
    if (req.headers.host !== new URL(origin).host) return send(res, 421, 'wrong host');
    if (url.pathname.startsWith('/api/')) {
      const current = validSession(req);
      if (current === null) return send(res, 401, 'not authenticated: open the kiosk URL with its token');
      if (url.pathname === '/api/events' && req.method === 'GET') {
        // An EventSource of our own page sends Sec-Fetch-Site: same-origin (and an Origin, if any, ours).
        const from = req.headers.origin;
        const site = req.headers['sec-fetch-site'];
        if ((from !== undefined && from !== origin) || (from === undefined && site !== 'same-origin')) return send(res, 403, 'cross-origin request refused');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
        // Reconnect soon after the stream is closed by a cookie rotation.
        res.write('retry: 250\n: connected\n\n');
        streams.set(res, current);
        req.on('close', () => streams.delete(res));
        return;
      }
      if (url.pathname === '/api/call' && req.method === 'POST') {
        if (req.headers.origin !== origin) return send(res, 403, 'cross-origin request refused');
        if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, 'JSON only');
        let body: { method?: unknown; input?: unknown };
        try {
          body = JSON.parse(await readBody(req)) as { method?: unknown; input?: unknown };
        } catch (err) {
          return send(res, 400, err instanceof Error ? err.message : 'bad request');
        }
        if (typeof body !== 'object' || body === null) return send(res, 400, 'the body is {"method": …, "input": …}');
        const result = await options.app.call(body.method, body.input);
        // A new operator, or none: the cookie that was good until now stops working.
        const rotated: Record<string, string> = result.ok && ROTATING_METHODS.has(body.method) ? { 'set-cookie': sessionCookie(rotate()) } : {};
        return send(res, 200, JSON.stringify(result), 'application/json', rotated);
      }
      return send(res, 404, 'no such API route');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    const given = url.searchParams.get('token');
    if (given !== null) {
      if (!sameToken(given, token)) return send(res, 401, 'wrong token');
      if (tokenSpent) return send(res, 401, 'this start-up link was already used: restart the kiosk for a new one');
      tokenSpent = true;
      // Trade the token in the address for a fresh cookie, and drop it from the address bar and history.
      res.writeHead(303, { location: '/', 'set-cookie': sessionCookie(rotate()), 'cache-control': 'no-store' });
      return void res.end();
    }
    return serveStatic(url.pathname, res);
  }

  function serveStatic(pathname: string, res: ServerResponse): void {
    const rel = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
    const file = path.resolve(staticDir, `.${rel}`);
    if (!file.startsWith(staticDir + path.sep)) return send(res, 403, 'forbidden');
    const target = existsSync(file) && statSync(file).isFile() ? file : path.join(staticDir, 'index.html');
    if (!existsSync(target)) return send(res, 503, `the renderer is not built: run npm run build (${staticDir})`);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    createReadStream(target).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const s of streams.keys()) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
