import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinary, electronMainEntry } from '../../../../main/hosts/electron/electron-binary.js';
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

  it('agrees with the installed electron package', () => {
    // Here the package is installed but its binary download was blocked: require('electron') throws.
    let expected: string | null;
    try {
      const p = createRequire(import.meta.url)('electron') as unknown;
      expected = typeof p === 'string' && existsSync(p) ? p : null;
    } catch {
      expected = null;
    }
    expect(electronBinary()).toBe(expected);
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
