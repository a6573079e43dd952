/**
 * The browser host over real HTTP on 127.0.0.1: the start-up token is spent once for a fresh cookie,
 * the cookie rotates at login and logout, and every refusal (host, origin, content type, token,
 * cookie) is what it says. The application is the real dispatcher with stand-in login handlers, so
 * its rule "nothing but the login screen without a login" is the real one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../../main/app/app.js';
import { ServiceError } from '../../../../main/kernel/errors.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { COOKIE, DISPLAY_COOKIE, startBrowserHost, type BrowserHost } from '../../../../main/hosts/browser/server.js';

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const TOKEN = 'start-up-token-for-tests-0123456789abcdef';
const DISPLAY_TOKEN = 'display-token-for-tests-0123456789abcdef';

function request(host: BrowserHost, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  const { port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Opens the event stream; resolves with the response as soon as its head arrives. */
function openStream(host: BrowserHost, headers: Record<string, string>, path = '/api/events'): Promise<IncomingMessage> {
  const { port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Collects a stream's text until `until` shows in it. */
function readUntil(stream: IncomingMessage, until: string): Promise<string> {
  return new Promise<string>((resolve) => {
    let text = '';
    stream.setEncoding('utf8').on('data', (c: string) => {
      text += c;
      if (text.includes(until)) resolve(text);
    });
  });
}

function cookieFrom(reply: Reply, name = COOKIE): string {
  const set = reply.headers['set-cookie']?.[0] ?? '';
  const m = new RegExp(`^${name}=([^;]+);`).exec(set);
  if (!m) throw new Error(`no session cookie in ${JSON.stringify(reply.headers)}`);
  expect(set).toContain('HttpOnly');
  expect(set).toContain('SameSite=Strict');
  return m[1] as string;
}

describe('browser host', () => {
  let dir: string;
  let app: App;
  let host: BrowserHost;

  /** A JSON call as the page makes it. */
  const call = (cookie: string, method: string, input: unknown = {}, headers: Record<string, string> = {}): Promise<Reply> =>
    request(host, {
      method: 'POST',
      path: '/api/call',
      headers: { cookie: `${COOKIE}=${cookie}`, origin: host.origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ method, input }),
    });
  const open = async (): Promise<string> => {
    const reply = await request(host, { path: `/?token=${TOKEN}` });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/');
    return cookieFrom(reply);
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-browser-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Guichet</title>');
    app = createApp({
      terminal: { close() {} } as unknown as LotteryTerminal,
      devices: { printer: null },
      host: 'browser',
      version: 'test',
      handlers: {
        'app.info': () => ({ terminal_id: 'T-1', language: 'en' }) as never,
        'status.get': (ctx) => ({ operator: ctx.session?.name ?? null }) as never,
        'auth.login': (ctx, { name, pin }) => {
          if (pin !== '1234') throw new ServiceError('wrong-pin', 'wrong PIN');
          ctx.session = { name, role: 'cashier' } as never;
          return { name } as never;
        },
        'auth.logout': (ctx) => {
          ctx.session = null;
          return null;
        },
      },
    });
    host = await startBrowserHost({ app, staticDir: dir, token: TOKEN, displayToken: DISPLAY_TOKEN });
  });
  afterEach(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('trades the start-up token once for a fresh cookie; a second use is refused', async () => {
    expect(host.url).toBe(`${host.origin}/?token=${TOKEN}`);
    const cookie = await open();
    expect(cookie).not.toBe(TOKEN);
    expect(cookie.length).toBeGreaterThanOrEqual(32);
    const again = await request(host, { path: `/?token=${TOKEN}` });
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    // Said to a person, in both languages, with what to do (#25: one line of English text).
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.body).toContain('Ce lien de démarrage a déjà servi.');
    expect(again.body).toContain('This start-up link was already used.');
    expect(again.body).toContain('Redémarrez le kiosque');
    expect((await call(cookie, 'app.info')).status).toBe(200);
  });

  it('refuses a wrong token, the token as a cookie, and no cookie', async () => {
    expect((await request(host, { path: '/?token=wrong' })).status).toBe(401);
    expect((await call(TOKEN, 'app.info')).status).toBe(401);
    const none = await request(host, { method: 'POST', path: '/api/call', headers: { origin: host.origin, 'content-type': 'application/json' }, body: '{"method":"app.info"}' });
    expect(none.status).toBe(401);
    // Before the token is traded no cookie works, not even an empty one.
    expect((await call('', 'app.info')).status).toBe(401);
    await open();
    expect((await call('made-up', 'app.info')).status).toBe(401);
  });

  it('refuses any other Host (DNS rebinding), for pages and the API alike', async () => {
    const cookie = await open();
    for (const bad of ['evil.example', `localhost:${new URL(host.origin).port}`, '127.0.0.1:1']) {
      expect((await request(host, { path: '/', headers: { host: bad } })).status, bad).toBe(421);
      expect((await call(cookie, 'app.info', {}, { host: bad })).status, bad).toBe(421);
    }
    expect((await request(host, { path: '/' })).status).toBe(200);
  });

  it('refuses a call from another origin or without one, and anything but JSON', async () => {
    const cookie = await open();
    expect((await call(cookie, 'app.info', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await call(cookie, 'app.info', {}, { origin: 'null' })).status).toBe(403);
    const noOrigin = await request(host, { method: 'POST', path: '/api/call', headers: { cookie: `${COOKIE}=${cookie}`, 'content-type': 'application/json' }, body: '{}' });
    expect(noOrigin.status).toBe(403);
    expect((await call(cookie, 'app.info', {}, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await call(cookie, 'app.info', {}, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const garbage = await request(host, { method: 'POST', path: '/api/call', headers: { cookie: `${COOKIE}=${cookie}`, origin: host.origin, 'content-type': 'application/json' }, body: '{"method":' });
    expect(garbage.status).toBe(400);
    expect((await request(host, { method: 'POST', path: '/api/call', headers: { cookie: `${COOKIE}=${cookie}`, origin: host.origin, 'content-type': 'application/json' }, body: 'null' })).status).toBe(400);
  });

  it('opens the event stream for our own page only, and without the cookie for nobody', async () => {
    const cookie = await open();
    const auth = { cookie: `${COOKIE}=${cookie}` };
    const foreign: Record<string, string>[] = [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}];
    for (const headers of foreign) {
      const res = await openStream(host, { ...auth, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      res.resume();
    }
    const noCookie = await openStream(host, { 'sec-fetch-site': 'same-origin' });
    expect(noCookie.statusCode).toBe(401);
    noCookie.resume();
    const ours: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { origin: host.origin }];
    for (const headers of ours) {
      const res = await openStream(host, { ...auth, ...headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream');
      res.destroy();
    }
  });

  it('answers the login screen only, until someone logs in', async () => {
    const cookie = await open();
    expect(JSON.parse((await call(cookie, 'status.get')).body)).toMatchObject({ ok: false, error: { code: 'not-logged-in' } });
    expect(JSON.parse((await call(cookie, 'scanner.feed', { data: '123' })).body)).toMatchObject({ ok: false, error: { code: 'not-logged-in' } });
    expect(JSON.parse((await call(cookie, 'app.info')).body)).toMatchObject({ ok: true });
    expect(JSON.parse((await call(cookie, 'settings.language', { language: 'en' })).body)).toMatchObject({ ok: false, error: { code: 'not-logged-in' } });
  });

  it('rotates the cookie at each login and clears it at logout: an old cookie and its event stream stop working', async () => {
    const first = await open();
    const stream = await openStream(host, { cookie: `${COOKIE}=${first}`, 'sec-fetch-site': 'same-origin' });
    const ended = new Promise<void>((resolve) => stream.on('end', resolve).resume());

    const wrong = await call(first, 'auth.login', { name: 'Camille', pin: '0000' });
    expect(JSON.parse(wrong.body)).toMatchObject({ ok: false, error: { code: 'wrong-pin' } });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await call(first, 'app.info')).status).toBe(200);

    const login = await call(first, 'auth.login', { name: 'Camille', pin: '1234' });
    expect(JSON.parse(login.body)).toMatchObject({ ok: true });
    const second = cookieFrom(login);
    expect(second).not.toBe(first);
    await ended;
    expect((await call(first, 'status.get')).status).toBe(401);
    expect(JSON.parse((await call(second, 'status.get')).body)).toEqual({ ok: true, value: { operator: 'Camille' } });

    const switched = cookieFrom(await call(second, 'auth.login', { name: 'Marie', pin: '1234' }));
    expect((await call(second, 'status.get')).status).toBe(401);

    const logout = await call(switched, 'auth.logout');
    const third = cookieFrom(logout);
    expect(new Set([first, second, switched, third]).size).toBe(4);
    expect((await call(switched, 'status.get')).status).toBe(401);
    expect(JSON.parse((await call(third, 'status.get')).body)).toMatchObject({ ok: false, error: { code: 'not-logged-in' } });
  });

  it('sends the application events down a stream of the current cookie', async () => {
    const cookie = await open();
    const stream = await openStream(host, { cookie: `${COOKIE}=${cookie}`, 'sec-fetch-site': 'same-origin' });
    const data = new Promise<string>((resolve) => {
      let text = '';
      stream.setEncoding('utf8').on('data', (c: string) => {
        text += c;
        if (text.includes('data: ')) resolve(text);
      });
    });
    app.context.emit({ type: 'display', display: { kind: 'idle' } });
    expect(await data).toContain('data: {"type":"display","display":{"kind":"idle"}}');
    stream.destroy();
  });

  describe('the customer display', () => {
    const openDisplay = async (): Promise<string> => {
      const reply = await request(host, { path: `/?display=${DISPLAY_TOKEN}` });
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toBe('/#/display');
      return cookieFrom(reply, DISPLAY_COOKIE);
    };
    const same = { 'sec-fetch-site': 'same-origin' };

    it('has its own single-use link, which is not the kiosk\'s and does not spend it', async () => {
      expect(host.displayUrl).toBe(`${host.origin}/?display=${DISPLAY_TOKEN}`);
      const display = await openDisplay();
      expect(display).not.toBe(DISPLAY_TOKEN);
      const again = await request(host, { path: `/?display=${DISPLAY_TOKEN}` });
      expect(again.status).toBe(401);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect((await request(host, { path: '/?display=wrong' })).status).toBe(401);
      // The kiosk's own link still opens the counter, once; the display token is no kiosk token.
      expect((await request(host, { path: `/?token=${DISPLAY_TOKEN}` })).status).toBe(401);
      await open();
    });

    it('reads the language and the display views, and nothing else', async () => {
      const display = await openDisplay();
      const auth = { cookie: `${DISPLAY_COOKIE}=${display}` };
      const language = await request(host, { path: '/api/display/language', headers: { ...auth, ...same } });
      expect(language.status).toBe(200);
      expect(JSON.parse(language.body)).toEqual({ language: 'en' });
      // No API call, no cashier's event stream, even under the session cookie's name.
      expect((await call(display, 'app.info')).status).toBe(401);
      expect((await request(host, { method: 'POST', path: '/api/call', headers: { ...auth, origin: host.origin, 'content-type': 'application/json' }, body: '{"method":"app.info","input":{}}' })).status).toBe(401);
      const all = await openStream(host, { ...auth, ...same });
      expect(all.statusCode).toBe(401);
      all.resume();
      // Not from another site, and nothing without a cookie.
      const foreign = await openStream(host, { ...auth, origin: 'http://evil.example' }, '/api/display/events');
      expect(foreign.statusCode).toBe(403);
      foreign.resume();
      expect((await request(host, { path: '/api/display/language', headers: same })).status).toBe(401);
      expect((await request(host, { method: 'POST', path: '/api/display/language', headers: { ...auth, origin: host.origin } })).status).toBe(405);

      // Its stream carries the display views alone, and outlives the cashier's logins and logouts.
      const stream = await openStream(host, { ...auth, ...same }, '/api/display/events');
      expect(stream.statusCode).toBe(200);
      const seen = readUntil(stream, '"kind":"cart"');
      app.context.emit({ type: 'status', status: { operator: null } as never });
      app.context.emit({ type: 'display', display: { kind: 'idle' } });
      const cashier = await open();
      const second = cookieFrom(await call(cashier, 'auth.login', { name: 'Camille', pin: '1234' }));
      cookieFrom(await call(second, 'auth.logout'));
      app.context.emit({ type: 'display', display: { kind: 'cart', count: 1, total_cents: 300 } as never });
      const text = await seen;
      expect(text).not.toContain('"type"');
      expect(text).toContain('data: {"kind":"idle"}');
      expect(text).toContain('data: {"kind":"cart","count":1,"total_cents":300}');
      stream.destroy();
    });

    it('its routes open for the counter page too, whose streams follow the cookie rotation', async () => {
      const cookie = await open();
      const auth = { cookie: `${COOKIE}=${cookie}` };
      expect(JSON.parse((await request(host, { path: '/api/display/language', headers: { ...auth, ...same } })).body)).toEqual({ language: 'en' });
      const stream = await openStream(host, { ...auth, ...same }, '/api/display/events');
      expect(stream.statusCode).toBe(200);
      const ended = new Promise<void>((resolve) => stream.on('end', resolve).resume());
      cookieFrom(await call(cookie, 'auth.login', { name: 'Camille', pin: '1234' }));
      await ended;
      expect((await request(host, { path: '/api/display/language', headers: { ...auth, ...same } })).status).toBe(401);
    });
  });
});
