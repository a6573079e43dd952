/**
 * The browser host: the same renderer and the same API as the Electron window, served on 127.0.0.1.
 * A token made at each start opens the session (`/?token=…` sets an HttpOnly, SameSite=Strict cookie);
 * every API request must carry that cookie, come from the page's own origin and name this host, so
 * another page in the browser or a DNS-rebinding site cannot drive the terminal.
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
  /** The URL that opens the kiosk, token included. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

const COOKIE = 'guichet_session';
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

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
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
  const token = options.token ?? randomBytes(32).toString('base64url');
  const staticDir = path.resolve(options.staticDir);
  let origin = '';
  const streams = new Set<ServerResponse>();
  const unsubscribe = options.app.subscribe((event) => {
    const line = `data: ${JSON.stringify(event)}\n\n`;
    for (const s of streams) s.write(line);
  });

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
      if (!sameToken(cookieOf(req), token)) return send(res, 401, 'not authenticated: open the kiosk URL with its token');
      if (url.pathname === '/api/events' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write(': connected\n\n');
        streams.add(res);
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
        const result = await options.app.call(body.method, body.input);
        return send(res, 200, JSON.stringify(result), 'application/json');
      }
      return send(res, 404, 'no such API route');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    const given = url.searchParams.get('token');
    if (given !== null) {
      if (!sameToken(given, token)) return send(res, 401, 'wrong token');
      // Trade the token in the address for a cookie, and drop it from the address bar and history.
      res.writeHead(303, {
        location: '/',
        'set-cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      });
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
        for (const s of streams) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
