import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyKioskMenu, isKioskMode, kioskDecision, kioskWindowOptions } from '../../../../main/hosts/electron/kiosk.js';
import { argValue, electronOptions } from '../../../../main/hosts/electron/options.js';
import { Menu, resetFakeElectron } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

describe('kiosk mode', () => {
  beforeEach(() => resetFakeElectron());

  it('is on with --kiosk or GUICHET_KIOSK=1, and by default in a packaged build', () => {
    expect(isKioskMode({ argv: ['electron', 'main.js'], env: {}, packaged: false })).toBe(false);
    expect(isKioskMode({ argv: ['electron', 'main.js', '--kiosk'], env: {}, packaged: false })).toBe(true);
    expect(isKioskMode({ argv: [], env: { GUICHET_KIOSK: '1' }, packaged: false })).toBe(true);
    expect(isKioskMode({ argv: [], env: {}, packaged: true })).toBe(true);
    expect(isKioskMode({ argv: [], env: { GUICHET_KIOSK: '0' }, packaged: false })).toBe(false);
    expect(isKioskMode({ argv: ['--no-kiosk'], env: {}, packaged: false })).toBe(false);
    expect(isKioskMode({ argv: ['--kiosk'], env: { GUICHET_KIOSK: '0' }, packaged: false })).toBe(true);
    expect(isKioskMode({ argv: ['--kiosked'], env: { GUICHET_KIOSK: 'yes' }, packaged: false })).toBe(false);
  });

  it('cannot be turned off in a packaged build without a technician', () => {
    for (const off of [{ argv: [], env: { GUICHET_KIOSK: '0' } }, { argv: ['--no-kiosk'], env: {} }]) {
      expect(kioskDecision({ ...off, packaged: true })).toEqual({ kiosk: true, ignored: expect.stringContaining('technician') });
      expect(kioskDecision({ ...off, packaged: true, exitAllowed: false }).kiosk).toBe(true);
      expect(kioskDecision({ ...off, packaged: true, exitAllowed: true })).toEqual({ kiosk: false });
    }
    // An allowance alone changes nothing: kiosk mode is left only when asked for.
    expect(kioskDecision({ argv: [], env: {}, packaged: true, exitAllowed: true })).toEqual({ kiosk: true });
  });

  it('takes the whole screen without a frame in kiosk mode, a plain window otherwise', () => {
    expect(kioskWindowOptions(true)).toMatchObject({ kiosk: true, fullscreen: true, frame: false, autoHideMenuBar: true });
    const plain = kioskWindowOptions(false);
    expect(plain.kiosk).toBeUndefined();
    expect(plain.fullscreen).toBeUndefined();
    expect(plain).toMatchObject({ width: 1280, height: 800 });
  });

  it('removes the application menu in kiosk mode only', () => {
    applyKioskMenu(false);
    expect(Menu.calls).toEqual([]);
    applyKioskMenu(true);
    expect(Menu.calls).toEqual([null]);
  });
});

describe('command line', () => {
  it('reads --name VALUE and --name=VALUE', () => {
    expect(argValue(['a', '--data', '/d', '--printer=tcp://1.2.3.4'], '--data')).toBe('/d');
    expect(argValue(['--printer=tcp://1.2.3.4:9100'], '--printer')).toBe('tcp://1.2.3.4:9100');
    expect(argValue(['--datax', '/d'], '--data')).toBeUndefined();
  });

  it('takes --data before GUICHET_DATA, and the printer from --printer or GUICHET_PRINTER', () => {
    const env = { GUICHET_DATA: '/env/data', GUICHET_PRINTER: 'virtual:env' };
    expect(electronOptions(['electron', 'main.js'], env, false)).toEqual({
      dataDir: path.resolve('/env/data'),
      printer: 'virtual:env',
      kiosk: false,
      forceCustomerDisplay: false,
      demo: false,
    });
    expect(electronOptions(['electron', 'main.js', '--data', '/arg/data', '--printer', 'virtual:arg', '--kiosk', '--customer-display', '--demo'], env, false)).toEqual({
      dataDir: path.resolve('/arg/data'),
      printer: 'virtual:arg',
      kiosk: true,
      forceCustomerDisplay: true,
      demo: true,
    });
    expect(electronOptions([], { GUICHET_DATA: '/x' }, false)).not.toHaveProperty('printer');
    // #25: the demo given no folder never opens the shop's per-user one.
    if (process.platform === 'linux') expect(electronOptions(['electron', 'main.js', '--demo'], { XDG_DATA_HOME: '/xdg' }, false).dataDir).toBe('/xdg/guichet-demo');
  });
});
