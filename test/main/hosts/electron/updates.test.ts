/**
 * The Electron host keeps itself current (#23), Electron's API faked and everything else real: an
 * enrolled counter whose central assigned it a signed release. While the till is open nothing is
 * installed and the app keeps running; closing the till (through the window's IPC, as the manager
 * does it) installs the release and the app exits with the launcher's restart code (75).
 */
import { existsSync, readlinkSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import { INVOKE_CHANNEL } from '../../../../main/hosts/electron/ipc.js';
import { RESTART_EXIT_CODE } from '../../../../main/services/updates/loop.js';
import { readUpdateState } from '../../../../main/services/updates/install.js';
import { updatePaths } from '../../../../main/services/updates/paths.js';
import { updateCentral, type UpdateCentral } from '../kiosk/update-central.js';
import { app, BrowserWindow, ipcMain, resetFakeElectron } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

let fixture: UpdateCentral;
const saved = { data: process.env.GUICHET_DATA, kiosk: process.env.GUICHET_KIOSK };

beforeAll(async () => {
  resetFakeElectron();
  fixture = await updateCentral('0.2.0');
  process.env.GUICHET_DATA = fixture.counter.dir;
  process.env.GUICHET_KIOSK = '1';
  // The updater's first round at the far end of its jittered start (60 s): only the till's close installs here.
  const random = vi.spyOn(Math, 'random').mockReturnValue(0.999);
  await import('../../../../main/hosts/electron/main.js');
  await vi.waitFor(() => expect(BrowserWindow.created.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
  random.mockRestore();
}, 120_000);

afterAll(async () => {
  if (saved.data === undefined) delete process.env.GUICHET_DATA;
  else process.env.GUICHET_DATA = saved.data;
  if (saved.kiosk === undefined) delete process.env.GUICHET_KIOSK;
  else process.env.GUICHET_KIOSK = saved.kiosk;
  await fixture?.close();
  rmSync(fixture?.counter.dir ?? '/nonexistent', { recursive: true, force: true });
});

async function call(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown }> {
  const main = BrowserWindow.created[0] as BrowserWindow;
  const handler = ipcMain.handlers.get(INVOKE_CHANNEL);
  return (await handler?.({ sender: main.webContents, senderFrame: main.webContents.mainFrame } as unknown as IpcMainInvokeEvent, method, input)) as { ok: boolean; value?: unknown };
}

describe('the Electron host installs an update at the till close and asks the launcher to restart', () => {
  const paths = () => updatePaths(fixture.counter.dir);

  it('keeps running, nothing installed, while the till is open', async () => {
    expect(await call('auth.login', { name: 'alice', pin: '123456' })).toMatchObject({ ok: true });
    const status = await call('cash.status', {});
    expect((status.value as { open: unknown }).open).not.toBeNull();
    expect(existsSync(paths().current)).toBe(false);
    expect(app.exitCode).toBeNull();
  });

  it('closing the till installs the release and exits with the restart code', async () => {
    expect(await call('cash.close', { counted_cents: 10_000, confirm_difference: true })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(app.exitCode).toBe(RESTART_EXIT_CODE), { timeout: 30_000, interval: 50 });
    expect(RESTART_EXIT_CODE).toBe(75);
    expect(readlinkSync(paths().current)).toBe(paths().versionDir('0.2.0'));
    expect(readUpdateState(paths()).pending).toMatchObject({ version: '0.2.0', sha256: fixture.release.sha256 });
  });
});
