import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronBinary, electronMainEntry, installedElectronPath } from '../../../../main/hosts/electron/electron-binary.js';
import { electronUnavailableReason, launchElectron } from '../../../../main/hosts/electron/launch.js';

let dir: string;
let fakeBinary: string;
let entry: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-electron-bin-'));
  // Stands for Electron's binary: records its arguments and whether ELECTRON_RUN_AS_NODE reached it.
  fakeBinary = path.join(dir, 'electron');
  writeFileSync(fakeBinary, `#!/bin/sh\nprintf '%s\\n' "$@" "run-as-node=\${ELECTRON_RUN_AS_NODE:-unset}" > "${dir}/args.txt"\n`);
  chmodSync(fakeBinary, 0o755);
  entry = path.join(dir, 'main.js');
  writeFileSync(entry, '');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Electron binary detection', () => {
  it('takes the path the electron package returns when the file is there', () => {
    expect(electronBinary(() => fakeBinary)).toBe(fakeBinary);
  });

  it('says none when the package throws (download never happened), or names a missing file or a folder', () => {
    expect(
      electronBinary(() => {
        throw new Error('Electron failed to install correctly');
      }),
    ).toBeNull();
    expect(electronBinary(() => path.join(dir, 'missing'))).toBeNull();
    expect(electronBinary(() => dir)).toBeNull();
    expect(electronBinary(() => ({ path: fakeBinary }))).toBeNull();
    expect(electronBinary(() => '')).toBeNull();
  });

  it('agrees with the installed electron package, and never starts its download', () => {
    // Here the package is installed but its binary download was blocked: no path.txt, or no dist/.
    const pkg = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = path.join(pkg, 'path.txt');
    const named = existsSync(pathFile) ? path.join(pkg, 'dist', readFileSync(pathFile, 'utf8')) : null;
    const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '' };
    expect(electronBinary(() => installedElectronPath(pkg, env))).toBe(named && existsSync(named) ? named : null);
    // The default lookup does not require the package: Electron 45's would print this and download.
    const log = vi.spyOn(console, 'log');
    try {
      electronBinary();
      expect(log).not.toHaveBeenCalledWith('Downloading Electron binary...');
    } finally {
      log.mockRestore();
    }
  });

  it("reads the package's path.txt and dist/ as the package does, without requiring it (which downloads)", () => {
    // A stand-in electron package whose index.js, if required, leaves a mark (Electron 45's downloads there).
    const pkg = path.join(dir, 'electron-pkg');
    const mark = path.join(dir, 'downloaded');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
    writeFileSync(path.join(pkg, 'index.js'), `require('fs').writeFileSync(${JSON.stringify(mark)}, 'yes'); module.exports = 'x';\n`);
    const none = { ELECTRON_OVERRIDE_DIST_PATH: '' };
    expect(electronBinary(() => installedElectronPath(pkg, none))).toBeNull(); // never downloaded: no path.txt
    writeFileSync(path.join(pkg, 'path.txt'), 'electron');
    expect(electronBinary(() => installedElectronPath(pkg, none))).toBeNull(); // path.txt, but no dist/electron
    mkdirSync(path.join(pkg, 'dist'));
    copyFileSync(fakeBinary, path.join(pkg, 'dist', 'electron'));
    expect(electronBinary(() => installedElectronPath(pkg, none))).toBe(path.join(pkg, 'dist', 'electron'));
    expect(installedElectronPath(pkg, { ELECTRON_OVERRIDE_DIST_PATH: '/opt/e' })).toBe(path.join('/opt/e', 'electron'));
    expect(existsSync(mark)).toBe(false);
  });

  it('finds the built entry under out/', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    expect(electronMainEntry()).toBe(path.join(root, 'out', 'main', 'electron', 'main.js'));
  });
});

describe('launching Electron', () => {
  it('explains in one line why it cannot start', () => {
    expect(electronUnavailableReason({ binary: fakeBinary, entry: path.join(dir, 'none.js') })).toMatch(/not built.*npm run build/);
    expect(electronUnavailableReason({ binary: fakeBinary, entry })).toBeNull();
    expect(() => launchElectron({ binary: fakeBinary, entry: path.join(dir, 'none.js') })).toThrow('not built');
  });

  it('runs the binary on the entry with the arguments, without ELECTRON_RUN_AS_NODE', async () => {
    const child = launchElectron({ binary: fakeBinary, entry, args: ['--data', '/d', '--kiosk'], env: { PATH: process.env.PATH, ELECTRON_RUN_AS_NODE: '1' } });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'args.txt'), 'utf8').trim().split('\n')).toEqual([entry, '--data', '/d', '--kiosk', 'run-as-node=unset']);
  });
});
