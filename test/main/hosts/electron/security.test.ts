import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../../../main/hosts/browser/csp.js';
import { BLOCKED_REQUEST_URLS, createSecureWindow, hardenSession, hardenWebContents, securityHeaders } from '../../../../main/hosts/electron/security.js';
import { BrowserWindow, FakeWebContents } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

function preventable(): { preventDefault: () => void; prevented: boolean } {
  const e = {
    prevented: false,
    preventDefault() {
      e.prevented = true;
    },
  };
  return e;
}

describe('secure windows', () => {
  function prefsOf(kiosk: boolean): Record<string, unknown> {
    const w = createSecureWindow({ title: 'T', show: false }, { preload: '/app/out/main/hosts/electron/preload.cjs', kiosk }) as unknown as BrowserWindow;
    expect(w).toBeInstanceOf(BrowserWindow);
    expect(w.options).toMatchObject({ title: 'T', show: false });
    return w.options.webPreferences as Record<string, unknown>;
  }

  it('isolate, sandbox and keep Node, webviews, middle-click and insecure content out', () => {
    const prefs = prefsOf(false);
    expect(prefs).toMatchObject({
      preload: '/app/out/main/hosts/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: true,
    });
    expect(prefs.enableBlinkFeatures).toBeUndefined();
  });

  it('turn devtools off in kiosk mode', () => {
    expect(prefsOf(true).devTools).toBe(false);
  });

  it('cannot have their web preferences overridden by the caller', () => {
    const w = createSecureWindow({ webPreferences: { nodeIntegration: true } } as never, { preload: '/p.cjs', kiosk: false }) as unknown as BrowserWindow;
    expect((w.options.webPreferences as Record<string, unknown>).nodeIntegration).toBe(false);
  });

  it('come with the strict CSP on every served response', () => {
    expect(securityHeaders()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
  });
});

describe('web contents guards', () => {
  function guarded(kiosk: boolean): { contents: FakeWebContents; logged: string[] } {
    const contents = new FakeWebContents();
    const logged: string[] = [];
    hardenWebContents(contents as unknown as WebContents, { kiosk, log: (m) => logged.push(m) });
    return { contents, logged };
  }

  it('refuse navigation and redirects away from the app origin', () => {
    const { contents, logged } = guarded(false);
    for (const url of ['https://example.com/', 'http://127.0.0.1:8080/', 'file:///etc/passwd', 'guichet://evil/index.html', 'javascript:alert(1)', 'not a url']) {
      for (const name of ['will-navigate', 'will-redirect']) {
        const e = preventable();
        contents.emit(name, e, url);
        expect(e.prevented, `${name} ${url}`).toBe(true);
      }
    }
    expect(logged.length).toBe(12);
  });

  it('let the app move within its own origin', () => {
    const { contents } = guarded(false);
    for (const name of ['will-navigate', 'will-redirect']) {
      const e = preventable();
      contents.emit(name, e, 'guichet://app/index.html');
      expect(e.prevented).toBe(false);
    }
  });

  it('deny every new window, even one for the app itself', () => {
    const { contents } = guarded(false);
    expect(contents.windowOpenHandler).not.toBeNull();
    for (const url of ['https://example.com/', 'guichet://app/index.html#/display', 'about:blank']) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
  });

  it('refuse webviews', () => {
    const { contents } = guarded(false);
    const e = preventable();
    contents.emit('will-attach-webview', e, {}, {});
    expect(e.prevented).toBe(true);
  });

  it('close devtools in kiosk mode only', () => {
    const kiosk = guarded(true).contents;
    kiosk.emit('devtools-opened');
    expect(kiosk.devToolsClosed).toBe(1);
    const dev = guarded(false).contents;
    dev.emit('devtools-opened');
    expect(dev.devToolsClosed).toBe(0);
  });
});

describe('session policy', () => {
  type Cb<T> = (r: T) => void;
  interface FakeSession extends EventEmitter {
    request: ((wc: unknown, permission: string, cb: Cb<boolean>, details: unknown) => void) | null;
    check: ((...args: unknown[]) => boolean) | null;
    device: ((...args: unknown[]) => boolean) | null;
    beforeRequest: { filter: { urls: string[] }; listener: (d: unknown, cb: Cb<{ cancel?: boolean }>) => void } | null;
    headers: ((d: { responseHeaders?: Record<string, string[]> }, cb: Cb<{ responseHeaders?: Record<string, string[]> }>) => void) | null;
  }

  function fakeSession(): FakeSession {
    const s = new EventEmitter() as FakeSession;
    Object.assign(s, {
      request: null,
      check: null,
      device: null,
      beforeRequest: null,
      headers: null,
      setPermissionRequestHandler: (h: FakeSession['request']) => (s.request = h),
      setPermissionCheckHandler: (h: FakeSession['check']) => (s.check = h),
      setDevicePermissionHandler: (h: FakeSession['device']) => (s.device = h),
      webRequest: {
        onBeforeRequest: (filter: { urls: string[] }, listener: (d: unknown, cb: Cb<{ cancel?: boolean }>) => void) => (s.beforeRequest = { filter, listener }),
        onHeadersReceived: (listener: FakeSession['headers']) => (s.headers = listener),
      },
    });
    hardenSession(s as unknown as Session);
    return s;
  }

  it('denies every permission request and check', () => {
    const s = fakeSession();
    for (const permission of ['media', 'geolocation', 'notifications', 'fullscreen', 'clipboard-read', 'openExternal', 'display-capture', 'unknown']) {
      const answers: boolean[] = [];
      s.request?.({}, permission, (granted) => answers.push(granted), {});
      expect(answers, permission).toEqual([false]);
    }
    for (const permission of ['hid', 'serial', 'usb', 'media']) expect(s.check?.(null, permission, 'guichet://app', {})).toBe(false);
    expect(s.device?.({ deviceType: 'hid', origin: 'guichet://app' })).toBe(false);
  });

  it('cancels downloads and every network or file request', () => {
    const s = fakeSession();
    const download = preventable();
    s.emit('will-download', download, {}, {});
    expect(download.prevented).toBe(true);
    expect(s.beforeRequest?.filter.urls).toEqual(BLOCKED_REQUEST_URLS);
    expect(BLOCKED_REQUEST_URLS).toEqual(expect.arrayContaining(['http://*/*', 'https://*/*', 'file://*']));
    const answers: { cancel?: boolean }[] = [];
    s.beforeRequest?.listener({ url: 'https://example.com/' }, (r) => answers.push(r));
    expect(answers).toEqual([{ cancel: true }]);
  });

  it('adds the CSP to any other response, keeping its headers', () => {
    const s = fakeSession();
    let out: Record<string, string[]> | undefined;
    s.headers?.({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (out = r.responseHeaders));
    expect(out).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
});
