import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WindowRegistry } from '../../../../main/hosts/electron/window-registry.js';
import { openWindows } from '../../../../main/hosts/electron/windows.js';
import { BrowserWindow, resetFakeElectron, screen } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

const PRELOAD = '/opt/guichet/out/main/hosts/electron/preload.cjs';
const DISPLAY_PRELOAD = '/opt/guichet/out/main/hosts/electron/display-preload.cjs';
const SECOND = { id: 2, bounds: { x: 1920, y: 0, width: 1024, height: 768 } };

function prefsOf(w: BrowserWindow): Record<string, unknown> {
  return w.options.webPreferences as Record<string, unknown>;
}

describe('windows', () => {
  let windows: WindowRegistry;
  beforeEach(() => {
    resetFakeElectron();
    windows = new WindowRegistry();
  });

  it('opens only the cashier window on a single screen, hardened and loading the app', () => {
    openWindows({ preload: PRELOAD, displayPreload: DISPLAY_PRELOAD, kiosk: false, windows });
    expect(BrowserWindow.created).toHaveLength(1);
    const main = BrowserWindow.created[0] as BrowserWindow;
    expect(main.loaded).toEqual(['guichet://app/index.html']);
    expect(prefsOf(main)).toMatchObject({ preload: PRELOAD, contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: true });
    expect(main.options.show).toBe(false);
    main.emit('ready-to-show');
    expect(main.shown).toBe('active');
    expect(windows.list()).toHaveLength(1);
  });

  it('opens the customer display on the second screen, never focusable', () => {
    screen.displays.push(SECOND);
    openWindows({ preload: PRELOAD, displayPreload: DISPLAY_PRELOAD, kiosk: true, windows });
    expect(BrowserWindow.created).toHaveLength(2);
    const [main, customer] = BrowserWindow.created as [BrowserWindow, BrowserWindow];
    expect(main.options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(prefsOf(main).devTools).toBe(false);
    expect(customer.loaded).toEqual(['guichet://app/index.html#/display']);
    expect(customer.options).toMatchObject({ x: 1920, y: 0, focusable: false, kiosk: true, fullscreen: true });
    expect(prefsOf(customer)).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false });
    // Least privilege: the display's own preload, never the cashier's.
    expect(prefsOf(customer).preload).toBe(DISPLAY_PRELOAD);
    expect(prefsOf(main).preload).toBe(PRELOAD);
    customer.emit('ready-to-show');
    expect(customer.shown).toBe('inactive');
  });

  it('follows the screens: opens when one is plugged in, closes when it goes', () => {
    openWindows({ preload: PRELOAD, displayPreload: DISPLAY_PRELOAD, kiosk: false, windows });
    expect(windows.get('customer')).toBeUndefined();
    screen.displays.push(SECOND);
    screen.emit('display-added', {}, SECOND);
    const customer = windows.get('customer') as unknown as BrowserWindow;
    expect(customer).toBeDefined();
    expect(customer.options).toMatchObject({ x: 1920, y: 0, width: 1024, height: 768 });
    screen.emit('display-added', {}, SECOND);
    expect(BrowserWindow.created).toHaveLength(2);
    screen.displays.pop();
    screen.emit('display-removed', {}, SECOND);
    expect(customer.destroyed).toBe(true);
    expect(windows.get('customer')).toBeUndefined();
    expect(windows.list()).toHaveLength(1);
  });

  it('closes the customer window with the cashier window and stops following the screens', () => {
    screen.displays.push(SECOND);
    const main = openWindows({ preload: PRELOAD, displayPreload: DISPLAY_PRELOAD, kiosk: false, windows }) as unknown as BrowserWindow;
    const customer = windows.get('customer') as unknown as BrowserWindow;
    main.destroy();
    expect(customer.destroyed).toBe(true);
    expect(windows.list()).toEqual([]);
    expect(screen.listenerCount('display-added')).toBe(0);
  });

  it('opens the customer window on one screen when forced (development)', () => {
    openWindows({ preload: PRELOAD, displayPreload: DISPLAY_PRELOAD, kiosk: false, windows, forceCustomerDisplay: true });
    expect(windows.get('customer')).toBeDefined();
  });
});
