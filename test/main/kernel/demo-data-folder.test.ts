/** The demo's folder of its own (#25): `guichet kiosk --demo` never fills the shop's per-user folder. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, defaultDemoDataDir, resolveKioskDataDir } from '../../../main/kernel/data-folder.js';

describe('the demo data folder', () => {
  it('sits beside the per-user folder, never in it', () => {
    expect(defaultDemoDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.local/share/guichet-demo');
    expect(defaultDemoDataDir({ XDG_DATA_HOME: '/data' }, 'linux', '/home/ana')).toBe('/data/guichet-demo');
    expect(defaultDemoDataDir({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/Guichet-demo');
    expect(defaultDemoDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ana')).toBe('C:\\Users\\ana\\AppData\\Roaming\\Guichet-demo');
  });

  it('the kiosk with --demo and no folder given uses the demo folder; a folder given is kept', () => {
    const env = { XDG_DATA_HOME: '/xdg' };
    if (process.platform === 'linux') {
      expect(resolveKioskDataDir(undefined, true, env)).toBe('/xdg/guichet-demo');
      expect(resolveKioskDataDir(undefined, true, env)).not.toBe(defaultDataDir(env));
      expect(resolveKioskDataDir(undefined, false, env)).toBe('/xdg/guichet');
    }
    expect(resolveKioskDataDir('/tmp/shop', true, env)).toBe(path.resolve('/tmp/shop'));
    expect(resolveKioskDataDir(undefined, true, { ...env, GUICHET_DATA: '/srv/g' })).toBe(path.resolve('/srv/g'));
  });
});
