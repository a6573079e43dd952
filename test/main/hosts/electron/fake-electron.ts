/**
 * A stand-in for the parts of Electron's main-process API that main/hosts/electron uses, for
 * `vi.mock('electron', () => import('./fake-electron.js'))`. It records what the code under test
 * does (handlers registered, windows opened, messages sent) so the tests can drive and inspect it.
 */
import { EventEmitter } from 'node:events';

export interface FakeFrame {
  parent: FakeFrame | null;
  processId: number;
  frameToken: string;
  url: string;
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly mainFrame: FakeFrame;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  devToolsClosed = 0;

  constructor(url = 'guichet://app/index.html') {
    super();
    this.mainFrame = { parent: null, processId: 100 + this.id, frameToken: `token-${this.id}`, url };
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  closeDevTools(): void {
    this.devToolsClosed++;
  }
}

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  destroyed = false;
  shown: 'active' | 'inactive' | null = null;

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  show(): void {
    this.shown = 'active';
  }
  showInactive(): void {
    this.shown = 'inactive';
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, InvokeHandler>(),
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

export interface FakeDisplay {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
}

class FakeScreen extends EventEmitter {
  displays: FakeDisplay[] = [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }];
  getAllDisplays(): FakeDisplay[] {
    return this.displays;
  }
  getPrimaryDisplay(): FakeDisplay {
    return this.displays[0] as FakeDisplay;
  }
}

export const screen = new FakeScreen();

export const Menu = {
  calls: [] as unknown[],
  setApplicationMenu(menu: unknown): void {
    this.calls.push(menu);
  },
};

export const protocol = {
  privileged: [] as unknown[],
  handled: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    this.handled.set(scheme, handler);
  },
};

class FakeApp extends EventEmitter {
  isPackaged = false;
  sandboxed = false;
  quits = 0;
  exitCode: number | null = null;
  enableSandbox(): void {
    this.sandboxed = true;
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  quit(): void {
    this.quits++;
    this.emit('will-quit', { preventDefault() {} });
  }
  exit(code: number): void {
    this.exitCode = code;
  }
}

export const app = new FakeApp();

class FakeSession extends EventEmitter {
  permissionRequest: unknown = null;
  permissionCheck: unknown = null;
  setPermissionRequestHandler(h: unknown): void {
    this.permissionRequest = h;
  }
  setPermissionCheckHandler(h: unknown): void {
    this.permissionCheck = h;
  }
  setDevicePermissionHandler(): void {}
  webRequest = { onBeforeRequest(): void {}, onHeadersReceived(): void {} };
}

export const session = { defaultSession: new FakeSession() };

export const dialog = {
  errors: [] as string[],
  showErrorBox(title: string, content: string): void {
    this.errors.push(`${title}: ${content}`);
  },
};

/** Forgets everything recorded (call in beforeEach). */
export function resetFakeElectron(): void {
  BrowserWindow.created = [];
  ipcMain.handlers.clear();
  screen.removeAllListeners();
  screen.displays = [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }];
  Menu.calls = [];
  protocol.privileged = [];
  protocol.handled.clear();
}

export default { app, session, dialog, BrowserWindow, ipcMain, screen, Menu, protocol };
