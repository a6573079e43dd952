/** A packaged build asked to leave kiosk mode while a technician's allowance is in force: it does. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, Menu } from './fake-electron.js';
import { startPackaged, type PackagedStart } from './packaged-kiosk.js';

vi.mock('electron', () => import('./fake-electron.js'));

let started: PackagedStart;
beforeAll(async () => {
  started = await startPackaged({ allowed: true });
});
afterAll(() => started.stop());

describe('packaged, GUICHET_KIOSK=0, allowed by a technician', () => {
  it('opens a plain window and keeps the menu', () => {
    const main = BrowserWindow.created[0] as BrowserWindow;
    expect(main.options.kiosk).toBeUndefined();
    expect(main.options).toMatchObject({ width: 1280, height: 800 });
    expect(Menu.calls).toEqual([]);
    expect(started.warnings.join('\n')).not.toContain('kiosk mode kept');
  });
});
