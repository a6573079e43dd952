/**
 * The afterPack hook flips the fuses it says, on a stand-in Electron binary carrying a real fuse wire
 * (the sentinel @electron/fuses looks for, the wire version, its length and one byte per fuse).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { executableName?: string; appInfo: { productFilename: string } };
}
interface FusesHook {
  (context: AfterPackContext): Promise<void>;
  FUSES: Record<string, boolean>;
  electronBinaryPath(context: AfterPackContext): string;
}

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');
const hook = require(path.join(ROOT, 'build/fuses.cjs')) as FusesHook;
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** A fuse's byte in the wire: '0' off, '1' on. */
const FuseState = { DISABLE: 0x30, ENABLE: 0x31 } as const;

/** A binary whose fuses (9, as Electron 45's) are all on (as an unflipped Electron's run-as-node, NODE_OPTIONS and inspect are). */
function fakeElectron(file: string, fuses = 9): void {
  writeFileSync(file, Buffer.concat([Buffer.from('\x7fELF…some code…'), Buffer.from(SENTINEL), Buffer.from([1, fuses]), Buffer.from('1'.repeat(fuses)), Buffer.from('…more code')]));
}

describe('the fuses hook', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-fuses-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('turns run-as-node, NODE_OPTIONS, inspect and file:// privileges off, asar integrity and asar-only on', async () => {
    const context = { appOutDir: dir, electronPlatformName: 'linux', packager: { executableName: 'guichet', appInfo: { productFilename: 'Guichet' } } };
    fakeElectron(path.join(dir, 'guichet'));
    const before = readFileSync(path.join(dir, 'guichet')).length;
    await hook(context);
    const wire = (await getCurrentFuseWire(path.join(dir, 'guichet'))) as unknown as Record<number, number>;
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    // The rest as Electron ships them, said explicitly.
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE);
    expect(readFileSync(path.join(dir, 'guichet')).length).toBe(before);
  });

  it("fails the packaging of an Electron with a fuse it does not name, or without one it sets, leaving the binary as it was", async () => {
    const context = { appOutDir: dir, electronPlatformName: 'linux', packager: { executableName: 'guichet', appInfo: { productFilename: 'Guichet' } } };
    for (const [fuses, error] of [
      [10, /strictlyRequireAllFuses: The fuse wire in the Electron binary has 10 fuses/],
      [8, /WasmTrapHandlers but the fuse wire in this version of Electron is not long enough/],
    ] as const) {
      fakeElectron(path.join(dir, 'guichet'), fuses);
      const before = readFileSync(path.join(dir, 'guichet'));
      await expect(hook(context)).rejects.toThrow(error);
      expect(readFileSync(path.join(dir, 'guichet')).equals(before)).toBe(true);
    }
  });

  it('sets each of Electron 45 fuses (every @electron/fuses option), by its name', () => {
    const options = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k)));
    expect(Object.keys(hook.FUSES).sort()).toEqual(options.sort());
    expect(options).toHaveLength(9);
  });

  it('names every fuse it sets after an @electron/fuses option', () => {
    for (const name of Object.keys(hook.FUSES)) expect(FuseV1Options[name as keyof typeof FuseV1Options]).toBeTypeOf('number');
    expect(hook.FUSES).toMatchObject({ RunAsNode: false, EnableNodeOptionsEnvironmentVariable: false, EnableNodeCliInspectArguments: false, EnableEmbeddedAsarIntegrityValidation: true, OnlyLoadAppFromAsar: true });
  });

  it('finds the packaged binary on each platform', () => {
    const packager = { executableName: 'guichet', appInfo: { productFilename: 'Guichet' } };
    expect(hook.electronBinaryPath({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe(path.join('/o', 'guichet'));
    expect(hook.electronBinaryPath({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe(path.join('/o', 'Guichet.exe'));
    expect(hook.electronBinaryPath({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe(path.join('/o', 'Guichet.app'));
  });

  it('is the afterPack hook electron-builder.yml names', () => {
    expect(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^afterPack: build\/fuses\.cjs$/m);
  });
});
