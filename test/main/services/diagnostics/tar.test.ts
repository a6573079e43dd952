import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tarGz } from '../../../../main/services/diagnostics/tar.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('tar.gz writer', () => {
  it('writes archives that the system tar lists and extracts byte for byte', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-tar-'));
    dirs.push(dir);
    const long = `${'deep/'.repeat(30)}file-with-a-long-name.txt`;
    const binary = Buffer.from(Array.from({ length: 1500 }, (_, i) => (i * 7) & 0xff));
    const mtime = new Date('2026-11-30T09:00:00Z');
    writeFileSync(
      path.join(dir, 'a.tar.gz'),
      tarGz([
        { name: 'b/hello.txt', data: 'Bonjour, ça va ?\n', mtime },
        { name: 'b/empty.txt', data: '' },
        { name: 'b/exact.bin', data: Buffer.alloc(512, 0x41) },
        { name: 'b/data.bin', data: binary, mode: 0o600 },
        { name: long, data: 'long\n' },
      ]),
    );
    const listed = execFileSync('tar', ['-tzf', path.join(dir, 'a.tar.gz')], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['b/hello.txt', 'b/empty.txt', 'b/exact.bin', 'b/data.bin', long]);
    execFileSync('tar', ['-xzf', path.join(dir, 'a.tar.gz'), '-C', dir]);
    expect(readFileSync(path.join(dir, 'b/hello.txt'), 'utf8')).toBe('Bonjour, ça va ?\n');
    expect(readFileSync(path.join(dir, 'b/empty.txt'), 'utf8')).toBe('');
    expect(readFileSync(path.join(dir, 'b/exact.bin')).equals(Buffer.alloc(512, 0x41))).toBe(true);
    expect(readFileSync(path.join(dir, 'b/data.bin')).equals(binary)).toBe(true);
    expect(statSync(path.join(dir, 'b/data.bin')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'b/hello.txt')).mtime.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(readFileSync(path.join(dir, long), 'utf8')).toBe('long\n');
  });

  it('refuses names that would escape the extraction folder', () => {
    expect(() => tarGz([{ name: '../evil', data: 'x' }])).toThrow(/bad tar entry name/);
    expect(() => tarGz([{ name: '/etc/passwd', data: 'x' }])).toThrow(/bad tar entry name/);
  });
});
