/**
 * The Electron entry wired end to end, with Electron's API faked and everything else real: the demo
 * terminal's data folder opens, the windows open, and the renderer's calls travel through the
 * IPC handler to the real application and back, scans coming back as events.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../../main/hosts/electron/ipc.js';
import { setupDemo } from '../../../../main/hosts/kiosk/demo.js';
import { drawDemoEmissions } from '../../../../central/emission/demo.js';
import { app, BrowserWindow, FakeWebContents, ipcMain, Menu, protocol, resetFakeElectron, session } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

let dataDir: string;
const saved = { data: process.env.GUICHET_DATA, kiosk: process.env.GUICHET_KIOSK };

beforeAll(async () => {
  resetFakeElectron();
  dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-electron-main-'));
  // Without --demo an empty folder would only show the provisioning screen (see provisioning.test.ts).
  await setupDemo(dataDir, { drawEmissions: drawDemoEmissions });
  process.env.GUICHET_DATA = dataDir;
  process.env.GUICHET_KIOSK = '1';
  await import('../../../../main/hosts/electron/main.js');
  await vi.waitFor(() => expect(BrowserWindow.created.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
});

afterAll(() => {
  if (saved.data === undefined) delete process.env.GUICHET_DATA;
  else process.env.GUICHET_DATA = saved.data;
  if (saved.kiosk === undefined) delete process.env.GUICHET_KIOSK;
  else process.env.GUICHET_KIOSK = saved.kiosk;
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, input: unknown): Promise<unknown> {
  const main = BrowserWindow.created[0] as BrowserWindow;
  const handler = ipcMain.handlers.get(INVOKE_CHANNEL);
  return handler?.({ sender: main.webContents, senderFrame: main.webContents.mainFrame } as unknown as IpcMainInvokeEvent, method, input);
}

describe('Electron entry', () => {
  it('prepares the scheme, the sandbox, the session and the kiosk menu', () => {
    expect(protocol.privileged).toEqual([expect.objectContaining({ scheme: 'guichet' })]);
    expect(protocol.handled.has('guichet')).toBe(true);
    expect(app.sandboxed).toBe(true);
    expect(session.defaultSession.permissionRequest).toBeTypeOf('function');
    expect(Menu.calls).toEqual([null]);
    expect(app.exitCode).toBeNull();
  });

  it('guards every web contents created', () => {
    const contents = new FakeWebContents();
    app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('opens the cashier window in kiosk mode with the built preload', () => {
    const main = BrowserWindow.created[0] as BrowserWindow;
    expect(main.loaded).toEqual(['guichet://app/index.html']);
    expect(main.options).toMatchObject({ kiosk: true });
    const prefs = main.options.webPreferences as { preload: string; sandbox: boolean };
    expect(prefs.preload.endsWith(path.join('main', 'hosts', 'electron', 'preload.cjs'))).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(BrowserWindow.created).toHaveLength(1);
  });

  it('answers the window with the demo terminal of the data folder, the login screen first', async () => {
    expect(await call('app.info', {})).toMatchObject({ ok: true, value: { terminal_id: 'DEMO-01', host: 'electron' } });
    expect(await call('ticket.check', { barcode: '' })).toMatchObject({ ok: false, error: { code: 'not-logged-in' } });
    expect(await call('auth.login', { name: 'Camille', pin: '2222' })).toMatchObject({ ok: true, value: { name: 'Camille' } });
    expect(await call('ticket.check', { barcode: '' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('sends scans back to the window as events', async () => {
    const main = BrowserWindow.created[0] as BrowserWindow;
    expect(await call('scanner.feed', { data: '4006381333931' })).toEqual({ ok: true, value: null });
    await vi.waitFor(() => expect(main.webContents.sent.some((m) => m.channel === EVENT_CHANNEL && (m.args[0] as { type: string }).type === 'scan')).toBe(true));
  });

  it('closes the terminal before quitting', async () => {
    app.emit('will-quit', { preventDefault() {} });
    await vi.waitFor(() => expect(app.quits).toBeGreaterThan(0));
  });
});
