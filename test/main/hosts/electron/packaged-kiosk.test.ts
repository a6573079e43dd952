/** A packaged build asked to leave kiosk mode, with no technician's allowance: it stays a kiosk, and says why. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, Menu } from './fake-electron.js';
import { startPackaged, type PackagedStart } from './packaged-kiosk.js';

vi.mock('electron', () => import('./fake-electron.js'));

let started: PackagedStart;
beforeAll(async () => {
  started = await startPackaged({ allowed: false });
});
afterAll(() => started.stop());

describe('packaged, GUICHET_KIOSK=0, no allowance', () => {
  it('opens the windows as a kiosk anyway, without the menu', () => {
    expect((BrowserWindow.created[0] as BrowserWindow).options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(Menu.calls).toEqual([null]);
    expect(started.warnings.join('\n')).toContain('kiosk mode kept');
  });
});
