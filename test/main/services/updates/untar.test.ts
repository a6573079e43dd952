/** The release tarball's reader refuses what would leave its folder, and the TUF helpers' version order (#23). */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { targetsVersionOf } from '../../../../node/updates/tuf.js';
import { tarBytes, tarGz } from '../../../../main/services/diagnostics/tar.js';
import { TarError, untarGz } from '../../../../main/services/updates/untar.js';

describe('untarGz', () => {
  it('unpacks regular files, folders made as needed', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'guichet-untar-')), 'v');
    const files = untarGz(tarGz([{ name: 'release.json', data: '{}' }, { name: 'out/main/a.js', data: 'export {};', mode: 0o755 }]), dir, 1 << 20);
    expect(files).toEqual(['release.json', 'out/main/a.js']);
    expect(readFileSync(path.join(dir, 'out/main/a.js'), 'utf8')).toBe('export {};');
  });

  it('refuses a name that leaves the folder, and a link', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'guichet-untar-'));
    const evil = tarBytes([{ name: 'ok.txt', data: 'x' }]);
    // Rewrite the entry's name to ../escape.txt (the writer refuses to make one) and fix its checksum.
    const withName = (name: string, type = '0') => {
      const b = Buffer.from(evil);
      b.fill(0, 0, 100).write(name, 0, 'utf8');
      b.write(type, 156, 1, 'ascii');
      b.write('        ', 148, 8, 'ascii');
      let sum = 0;
      for (const byte of b.subarray(0, 512)) sum += byte;
      b.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
      return gzipSync(b);
    };
    expect(() => untarGz(withName('../escape.txt'), path.join(base, 'a'), 1 << 20)).toThrow(TarError);
    expect(existsSync(path.join(base, 'escape.txt'))).toBe(false);
    expect(() => untarGz(withName('/etc/passwd'), path.join(base, 'b'), 1 << 20)).toThrow(TarError);
    expect(() => untarGz(withName('link', '2'), path.join(base, 'c'), 1 << 20)).toThrow(/regular files only/);
  });

  it('refuses more than its limit once unpacked', () => {
    const gz = tarGz([{ name: 'big', data: Buffer.alloc(1 << 20) }]);
    expect(() => untarGz(gz, path.join(mkdtempSync(path.join(tmpdir(), 'guichet-untar-')), 'v'), 1 << 16)).toThrow();
  });
});

describe('targetsVersionOf', () => {
  it('orders releases as semver does, and refuses anything else', () => {
    expect(targetsVersionOf('0.2.0')).toBe(2000);
    expect(targetsVersionOf('1.0.0')).toBeGreaterThan(targetsVersionOf('0.999.999'));
    expect(() => targetsVersionOf('1.0.0-beta')).toThrow(RangeError);
    expect(() => targetsVersionOf('01.0.0')).toThrow(RangeError);
  });
});
