/**
 * The Electron hardening, in one place: the windows' web preferences, the session's
 * permission and request policy, and the guards put on every web contents (navigation, new windows,
 * webviews, devtools in kiosk mode). The renderer is trusted with nothing but the preload's API.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions, type Session, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../browser/csp.js';
import { isAppUrl } from './app-url.js';

export interface SecureWindowOptions {
  /** Absolute path of the built preload (`preload.cjs`). */
  readonly preload: string;
  /** Kiosk mode: devtools off. */
  readonly kiosk: boolean;
}

/**
 * Opens a Guichet window: isolated, sandboxed, no Node, no webviews, no remote or insecure content,
 * middle-click (auxclick) off, devtools off in kiosk mode. The web preferences are written out here,
 * in the constructor call, so that electronegativity reads them as they are.
 */
export function createSecureWindow(options: Omit<BrowserWindowConstructorOptions, 'webPreferences'>, secure: SecureWindowOptions): BrowserWindow {
  return new BrowserWindow({
    ...options,
    webPreferences: {
      preload: secure.preload,
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
      plugins: false,
      enableWebSQL: false,
      spellcheck: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      devTools: !secure.kiosk,
      // The counter beeps on a scan without anyone touching the screen first.
      autoplayPolicy: 'no-user-gesture-required',
    },
  });
}

/** Headers on every response the app serves: the strict CSP and the usual no-sniff / no-frame guards. */
export function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/** URL patterns the app never needs: every network and file request is cancelled. */
export const BLOCKED_REQUEST_URLS = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*', 'ftp://*/*', 'file://*'];

/**
 * Applies the session policy: every permission request and check denied (camera, notifications, HID,
 * serial, USB, clipboard …), no downloads, no network or file requests, and the CSP added to any
 * response that reaches the renderer by another road than the app's protocol.
 */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
  session.webRequest.onBeforeRequest({ urls: BLOCKED_REQUEST_URLS }, (_details, callback) => callback({ cancel: true }));
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

export interface WebContentsOptions {
  readonly kiosk: boolean;
  /** Where refusals are reported (default: console.warn). */
  readonly log?: (message: string) => void;
}

/**
 * Guards one web contents (called from `app.on('web-contents-created')`, so it covers every window):
 * navigation and redirects only within the app's own origin, no new windows, no webviews,
 * and in kiosk mode devtools closed as soon as anything opens them.
 */
export function hardenWebContents(contents: WebContents, options: WebContentsOptions): void {
  const log = options.log ?? ((message: string) => console.warn(message));
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log(`guichet: navigation to ${url} refused`);
  });
  contents.on('will-redirect', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log(`guichet: redirect to ${url} refused`);
  });
  contents.setWindowOpenHandler(({ url }) => {
    log(`guichet: new window for ${url} refused`);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('guichet: webview refused');
  });
  if (options.kiosk) contents.on('devtools-opened', () => contents.closeDevTools());
}
