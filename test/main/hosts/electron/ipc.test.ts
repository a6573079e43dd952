import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow as ElectronWindow, IpcMainInvokeEvent } from 'electron';
import type { ApiResult } from '../../../../main/api/errors.js';
import type { VerdictView } from '../../../../main/api/views.js';
import { createApp, type App } from '../../../../main/app/app.js';
import type { LotteryTerminal } from '../../../../main/services/terminal/terminal.js';
import { EVENT_CHANNEL, INVOKE_CHANNEL, registerIpc } from '../../../../main/hosts/electron/ipc.js';
import { WindowRegistry } from '../../../../main/hosts/electron/window-registry.js';
import { BrowserWindow, FakeWebContents, ipcMain, resetFakeElectron, type FakeFrame } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

const VERDICT = { barcode: 'B', verdict: 'winner' } as unknown as VerdictView;

function makeApp(checked: string[]): App {
  return createApp({
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

  it('answers the customer window too', async () => {
    const w = ourWindow(windows, 'customer');
    expect((await invoke(eventFrom(w.webContents), 'ticket.check', { barcode: '9' })).ok).toBe(true);
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
    expect(customer.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, args: [event] }]);
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
    await expect(invoke(eventFrom(main.webContents), 'ticket.check', { barcode: '1' })).rejects.toThrow('no handler');
  });
});
