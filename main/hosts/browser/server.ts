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
 *
 * The customer display (a second window, often a second browser) has its own way in, with the rights
 * of Electron's customer window (WINDOW_RIGHTS.customer) and nothing more: a second single-use token,
 * `/?display=…`, traded for a display cookie of its own (never rotated: it opens no operator's
 * session) that reaches only `/api/display/language` (the terminal's language) and
 * `/api/display/events` (the `display` events alone, each as its DisplayView). The cashier's page may
 * read the same two routes with its session cookie.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { HostApp } from '../../app/app.js';
import { CONTENT_SECURITY_POLICY } from './csp.js';
import { sendLinkRefusal } from './link-refusal.js';

export interface BrowserHostOptions {
  readonly app: HostApp;
  /** The built renderer (vite build output). */
  readonly staticDir: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Fixed token (tests); a random one otherwise. */
  readonly token?: string;
  /** Fixed customer display token (tests); a random one otherwise. */
  readonly displayToken?: string;
}

export interface BrowserHost {
  /** The URL that opens the kiosk, token included (once). */
  readonly url: string;
  /** The URL that opens the customer display, its own token included (once): display rights only. */
  readonly displayUrl: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

export const COOKIE = 'guichet_session';
/** The customer display's cookie: the display routes only. */
export const DISPLAY_COOKIE = 'guichet_display';
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

function cookieOf(req: IncomingMessage, name = COOKIE): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra });
  res.end(body);
}

function sessionCookie(value: string, name = COOKIE): string {
  return `${name}=${value}; HttpOnly; SameSite=Strict; Path=/`;
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
  const displayToken = options.displayToken ?? newSecret();
  let displayTokenSpent = false;
  /** The one session cookie that works now (none until the token is traded). */
  let session: string | null = null;
  /** The customer display's cookie (none until its token is traded). */
  let displaySession: string | null = null;
  const staticDir = path.resolve(options.staticDir);
  let origin = '';
  /**
   * Open event streams: what each is sent (every event, or the display views alone) and the session
   * cookie it was opened with (null: the display's own cookie, which no login or logout retires).
   */
  const streams = new Map<ServerResponse, { readonly events: 'all' | 'display'; readonly session: string | null }>();
  const unsubscribe = options.app.subscribe((event) => {
    const all = `data: ${JSON.stringify(event)}\n\n`;
    const display = event.type === 'display' ? `data: ${JSON.stringify(event.display)}\n\n` : null;
    for (const [s, { events }] of streams) {
      if (events === 'all') s.write(all);
      else if (display) s.write(display);
    }
  });

  /** A fresh session cookie replaces the current one, whose event streams are closed. */
  function rotate(): string {
    session = newSecret();
    for (const [s, opened] of streams) {
      if (opened.session !== null && opened.session !== session) {
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

  function validDisplay(req: IncomingMessage): boolean {
    return displaySession !== null && sameToken(cookieOf(req, DISPLAY_COOKIE), displaySession);
  }

  /** An event stream of our own page? An EventSource sends Sec-Fetch-Site: same-origin (and an Origin, if any, ours). */
  function sameOriginStream(req: IncomingMessage): boolean {
    const from = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    return from !== undefined ? from === origin : site === 'same-origin';
  }

  function openStream(req: IncomingMessage, res: ServerResponse, opened: { readonly events: 'all' | 'display'; readonly session: string | null }): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
    // Reconnect soon after the stream is closed by a cookie rotation.
    res.write('retry: 250\n: connected\n\n');
    streams.set(res, opened);
    req.on('close', () => streams.delete(res));
  }

  /** The customer display's routes: for its own cookie, or the cashier page's session. */
  async function handleDisplay(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const current = validSession(req);
    if (current === null && !validDisplay(req)) return send(res, 401, 'not authenticated: open the customer display URL with its token');
    if (req.method !== 'GET') return send(res, 405, 'method not allowed');
    if (!sameOriginStream(req)) return send(res, 403, 'cross-origin request refused');
    if (pathname === '/api/display/events') return openStream(req, res, { events: 'display', session: current });
    if (pathname === '/api/display/language') {
      const info = await options.app.call('app.info', {});
      const language = info.ok && (info.value as { language?: unknown }).language === 'en' ? 'en' : 'fr';
      return send(res, 200, JSON.stringify({ language }), 'application/json');
    }
    return send(res, 404, 'no such API route');
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
    if (url.pathname.startsWith('/api/display/')) return handleDisplay(req, res, url.pathname);
    if (url.pathname.startsWith('/api/')) {
      const current = validSession(req);
      if (current === null) return send(res, 401, 'not authenticated: open the kiosk URL with its token');
      if (url.pathname === '/api/events' && req.method === 'GET') {
        if (!sameOriginStream(req)) return send(res, 403, 'cross-origin request refused');
        return openStream(req, res, { events: 'all', session: current });
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
    const givenDisplay = url.searchParams.get('display');
    if (givenDisplay !== null) {
      if (!sameToken(givenDisplay, displayToken)) return sendLinkRefusal(res, 'wrong');
      if (displayTokenSpent) return sendLinkRefusal(res, 'display-spent');
      displayTokenSpent = true;
      displaySession = newSecret();
      // The display's own cookie, and the display's route (nothing else opens with it).
      res.writeHead(303, { location: '/#/display', 'set-cookie': sessionCookie(displaySession, DISPLAY_COOKIE), 'cache-control': 'no-store' });
      return void res.end();
    }
    const given = url.searchParams.get('token');
    if (given !== null) {
      if (!sameToken(given, token)) return sendLinkRefusal(res, 'wrong');
      if (tokenSpent) return sendLinkRefusal(res, 'start-spent');
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
    displayUrl: `${origin}/?display=${displayToken}`,
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
