import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, defaultDataDir, openTerminal, resolveDataDir } from '../../main/kernel/data-folder.js';

describe('defaultDataDir', () => {
  it('follows XDG on Linux, falling back to ~/.local/share', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux', '/home/ann')).toBe('/xdg/guichet');
    expect(defaultDataDir({}, 'linux', '/home/ann')).toBe('/home/ann/.local/share/guichet');
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, 'linux', '/home/ann')).toBe('/home/ann/.local/share/guichet');
  });
  it('uses %APPDATA%\\Guichet on Windows and Application Support on macOS', () => {
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\Guichet');
    expect(defaultDataDir({}, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/Guichet');
  });
});

describe('resolveDataDir', () => {
  it('prefers --data, then GUICHET_DATA, then the default', () => {
    expect(resolveDataDir('/a', { GUICHET_DATA: '/b' })).toBe('/a');
    expect(resolveDataDir(undefined, { GUICHET_DATA: '/b' })).toBe('/b');
    expect(resolveDataDir(undefined, { XDG_DATA_HOME: '/xdg' })).toBe(process.platform === 'linux' ? '/xdg/guichet' : resolveDataDir(undefined, {}));
    expect(path.isAbsolute(resolveDataDir('rel', {}))).toBe(true);
  });
});

describe('openTerminal', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-folder-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates (when asked) the folder, outcomes/ and a migrated guichet.db', () => {
    const root = path.join(dir, 'nested', 'data');
    const t = openTerminal(root, { create: true });
    expect(t.folder.databasePath).toBe(path.join(root, DATABASE_FILE));
    expect(existsSync(t.folder.outcomesDir)).toBe(true);
    expect(t.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name IN ('blocks', 'trusted_keys')").get()).toEqual({ n: 2 });
    t.close();
    t.close();
  });
});
