import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow as ElectronWindow, IpcMainInvokeEvent } from 'electron';
import type { ApiResult } from '../../../../common/api/errors.js';
import type { VerdictView } from '../../../../common/api/views.js';
import { createApp, type App } from '../../../../main/app/app.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { DISPLAY_CHANNEL, DISPLAY_LANGUAGE_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL, mayCall, registerIpc, WINDOW_RIGHTS } from '../../../../main/hosts/electron/ipc.js';
import { METHODS, type MethodName } from '../../../../common/api/contract.js';
import { WindowRegistry } from '../../../../main/hosts/electron/window-registry.js';
import { BrowserWindow, FakeWebContents, ipcMain, resetFakeElectron, type FakeFrame } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

const VERDICT = { barcode: 'B', verdict: 'winner' } as unknown as VerdictView;

/** The application with someone logged in (a stand-in session: the handlers here are stand-ins too). */
function makeApp(checked: string[]): App {
  const app = createApp({
    terminal: { close() {} } as unknown as LotteryTerminal,
    devices: { printer: null },
    host: 'electron',
    version: 'test',
    handlers: {
      'ticket.check': (_ctx, { barcode }) => {
        checked.push(barcode);
        return VERDICT;
      },
    },
  });
  app.context.session = { operator_id: 1, name: 'Camille', role: 'cashier' } as unknown as NonNullable<App['context']['session']>;
  return app;
}

function ourWindow(windows: WindowRegistry, role: 'main' | 'customer' = 'main'): BrowserWindow {
  const w = new BrowserWindow({});
  void w.loadURL(role === 'main' ? 'guichet://app/index.html' : 'guichet://app/index.html#/display');
  windows.add(w as unknown as ElectronWindow, role);
  return w;
}

function eventFrom(sender: FakeWebContents, frame: FakeFrame | null = sender.mainFrame): IpcMainInvokeEvent {
  return { sender, senderFrame: frame } as unknown as IpcMainInvokeEvent;
}

async function invoke(event: IpcMainInvokeEvent, ...args: unknown[]): Promise<ApiResult<unknown>> {
  const handler = ipcMain.handlers.get(INVOKE_CHANNEL);
  if (!handler) throw new Error('no handler registered');
  return (await handler(event, ...args)) as ApiResult<unknown>;
}

async function askLanguage(event: IpcMainInvokeEvent, ...args: unknown[]): Promise<unknown> {
  const handler = ipcMain.handlers.get(DISPLAY_LANGUAGE_CHANNEL);
  if (!handler) throw new Error('no language handler registered');
  return handler(event, ...args);
}

describe('IPC: the invoke channel', () => {
  let windows: WindowRegistry;
  let checked: string[];
  let logged: string[];

  beforeEach(() => {
    resetFakeElectron();
    windows = new WindowRegistry();
    checked = [];
    logged = [];
    registerIpc(makeApp(checked), windows, { log: (m) => logged.push(m) });
  });

  it('answers the top frame of our window with the application result', async () => {
    const w = ourWindow(windows);
    expect(await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: ' 123 ' })).toEqual({ ok: true, value: VERDICT });
    expect(checked).toEqual(['123']);
  });

  it('refuses the customer display every API method: it only shows', async () => {
    const w = ourWindow(windows, 'customer');
    for (const method of ['ticket.check', 'ticket.pay', 'app.info', 'auth.login', 'scanner.feed']) {
      const result = await invoke(eventFrom(w.webContents), method, method === 'ticket.check' || method === 'ticket.pay' ? { barcode: '9' } : {});
      expect(result, method).toMatchObject({ ok: false, error: { code: 'forbidden-window' } });
    }
    expect(checked).toEqual([]);
    expect(logged.join('\n')).toContain('customer window called ticket.pay');
    const main = ourWindow(windows);
    expect((await invoke(eventFrom(main.webContents), 'ticket.check', { barcode: '9' })).ok).toBe(true);
  });

  it('gives each role exactly its methods: the cashier every one, the display none', () => {
    const all = Object.keys(METHODS) as MethodName[];
    expect(all.filter((m) => mayCall('main', m))).toEqual(all);
    expect(all.filter((m) => mayCall('customer', m))).toEqual([]);
    expect(WINDOW_RIGHTS.customer).toMatchObject({ language: true, events: 'display' });
  });

  it("tells the display the terminal's language, and no stranger", async () => {
    const w = ourWindow(windows, 'customer');
    expect(await askLanguage(eventFrom(w.webContents))).toBe('fr');
    expect(await askLanguage(eventFrom(w.webContents), 'extra')).toBeNull();
    expect(await askLanguage(eventFrom(new FakeWebContents('guichet://app/index.html')))).toBeNull();
    w.webContents.mainFrame.url = 'https://evil.example/';
    expect(await askLanguage(eventFrom(w.webContents))).toBeNull();
  });

  it('validates the input with the method schema before anything runs', async () => {
    const w = ourWindow(windows);
    const result = await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: '' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const extra = await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: '1', admin: true });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(checked).toEqual([]);
  });

  it('refuses unknown methods, non-string methods and a wrong number of arguments', async () => {
    const w = ourWindow(windows);
    const ev = eventFrom(w.webContents);
    for (const args of [['system.shutdown', {}], [42, {}], ['ticket.check'], ['ticket.check', { barcode: '1' }, 'extra'], []]) {
      const result = await invoke(ev, ...args);
      expect(result, JSON.stringify(args)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect(checked).toEqual([]);
  });

  it('refuses a web contents that is not one of our windows', async () => {
    ourWindow(windows);
    const stranger = new FakeWebContents('guichet://app/index.html');
    expect(await invoke(eventFrom(stranger), 'ticket.check', { barcode: '1' })).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(checked).toEqual([]);
    expect(logged.join('\n')).toContain('not one of our windows');
  });

  it('refuses a subframe of our window, even one showing the app origin', async () => {
    const w = ourWindow(windows);
    const sub: FakeFrame = { parent: w.webContents.mainFrame, processId: w.webContents.mainFrame.processId, frameToken: 'sub', url: 'guichet://app/index.html' };
    expect(await invoke(eventFrom(w.webContents, sub), 'ticket.check', { barcode: '1' })).toMatchObject({ error: { code: 'forbidden-sender' } });
    // A top-level-looking frame that is not the window's main frame (another process or token).
    const other: FakeFrame = { ...w.webContents.mainFrame, frameToken: 'other' };
    expect(await invoke(eventFrom(w.webContents, other), 'ticket.check', { barcode: '1' })).toMatchObject({ error: { code: 'forbidden-sender' } });
    expect(checked).toEqual([]);
  });

  it('refuses our window once it shows a foreign origin, and a frame that is gone', async () => {
    const w = ourWindow(windows);
    w.webContents.mainFrame.url = 'https://evil.example/index.html';
    expect(await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: '1' })).toMatchObject({ error: { code: 'forbidden-sender' } });
    w.webContents.mainFrame.url = 'file:///work/main/out/renderer/index.html';
    expect(await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: '1' })).toMatchObject({ error: { code: 'forbidden-sender' } });
    w.webContents.mainFrame.url = 'guichet://app/index.html';
    expect(await invoke(eventFrom(w.webContents, null), 'ticket.check', { barcode: '1' })).toMatchObject({ error: { code: 'forbidden-sender' } });
    expect(checked).toEqual([]);
  });

  it('refuses a window after it closed', async () => {
    const w = ourWindow(windows);
    w.destroy();
    expect(await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: '1' })).toMatchObject({ error: { code: 'forbidden-sender' } });
  });
});

describe('IPC: events', () => {
  beforeEach(() => resetFakeElectron());

  it('reach the customer display only as display views, on its own channel: never a scan or a status', () => {
    const windows = new WindowRegistry();
    const app = makeApp([]);
    registerIpc(app, windows, { log: () => {} });
    const main = ourWindow(windows);
    const customer = ourWindow(windows, 'customer');
    const scan = { type: 'scan', scan: { data: '123', source: 'virtual:counter', receivedAt: '2026-01-01T00:00:00.000Z' } } as const;
    const status = { type: 'status', status: {} as never } as const;
    const display = { type: 'display', display: { kind: 'paid', prize_cents: 500 } } as const;
    for (const e of [scan, status, display]) app.context.emit(e);
    expect(customer.webContents.sent).toEqual([{ channel: DISPLAY_CHANNEL, args: [display.display] }]);
    expect(main.webContents.sent).toEqual([scan, status, display].map((e) => ({ channel: EVENT_CHANNEL, args: [e] })));
  });

  it('go to our windows showing the app, and to nothing else', () => {
    const windows = new WindowRegistry();
    const app = makeApp([]);
    registerIpc(app, windows, { log: () => {} });
    const main = ourWindow(windows);
    const customer = ourWindow(windows, 'customer');
    const strayed = ourWindow(windows);
    strayed.webContents.mainFrame.url = 'https://evil.example/';
    const closed = ourWindow(windows);
    closed.destroy();
    const stranger = new BrowserWindow({});
    void stranger.loadURL('guichet://app/index.html');

    const event = { type: 'scan', scan: { data: '123', source: 'virtual:counter', receivedAt: '2026-01-01T00:00:00.000Z' } } as const;
    app.context.emit(event);

    expect(main.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, args: [event] }]);
    expect(customer.webContents.sent).toEqual([]);
    expect(strayed.webContents.sent).toEqual([]);
    expect(closed.webContents.sent).toEqual([]);
    expect(stranger.webContents.sent).toEqual([]);
  });

  it('stop, and the channel closes, when the registration is undone', async () => {
    const windows = new WindowRegistry();
    const app = makeApp([]);
    const undo = registerIpc(app, windows);
    const main = ourWindow(windows);
    undo();
    app.context.emit({ type: 'status', status: {} as never });
    expect(main.webContents.sent).toEqual([]);
    expect(ipcMain.handlers.has(INVOKE_CHANNEL)).toBe(false);
    expect(ipcMain.handlers.has(DISPLAY_LANGUAGE_CHANNEL)).toBe(false);
    await expect(invoke(eventFrom(main.webContents), 'ticket.check', { barcode: '1' })).rejects.toThrow('no handler');
  });
});
