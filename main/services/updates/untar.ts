/**
 * Unpacks a release tarball (gzip, POSIX ustar, as main/services/diagnostics/tar.ts writes it) into a
 * folder. Only after TUF verified the tarball; still, it takes regular files and folders only, and
 * refuses a name that would land outside the folder (absolute, `..`), a link, or more than `maxBytes`
 * unpacked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function field(h: Buffer, start: number, len: number): string {
  const raw = h.subarray(start, start + len);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul < 0 ? len : nul).toString('utf8');
}

export class TarError extends Error {
  override readonly name = 'TarError';
}

/** One entry of a release tarball: a folder or a regular file, its name split into safe parts. */
export interface TarEntry {
  readonly parts: readonly string[];
  readonly type: 'dir' | 'file';
  readonly mode: number;
  readonly data: Buffer;
}

/** The entries of `gz` (see the file's comment for what is refused); `maxBytes` unpacked at most. */
export function tarEntries(gz: Buffer, maxBytes: number): TarEntry[] {
  const tar = gunzipSync(gz, { maxOutputLength: maxBytes });
  const entries: TarEntry[] = [];
  for (let off = 0; off + BLOCK <= tar.length; ) {
    const h = tar.subarray(off, off + BLOCK);
    if (h.every((b) => b === 0)) break;
    const name = [field(h, 345, 155), field(h, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(h, 124, 12).trim() || '0', 8);
    const type = field(h, 156, 1) || '0';
    if (!Number.isSafeInteger(size) || size < 0 || off + BLOCK + size > tar.length) throw new TarError(`tar entry ${name} is cut short`);
    const parts = name.split('/').filter((p) => p !== '' && p !== '.');
    if (name.startsWith('/') || parts.includes('..') || parts.length === 0) throw new TarError(`tar entry name ${JSON.stringify(name)} leaves the folder`);
    if (type !== '5' && type !== '0') throw new TarError(`tar entry ${name} is of type '${type}': a release holds regular files only`);
    const mode = parseInt(field(h, 100, 8).trim() || '644', 8) & 0o755;
    entries.push({ parts, type: type === '5' ? 'dir' : 'file', mode, data: tar.subarray(off + BLOCK, off + BLOCK + size) });
    off += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/** Unpacks `gz` into `dir` (which must be empty or missing); returns the files written. */
export function untarGz(gz: Buffer, dir: string, maxBytes: number): string[] {
  const entries = tarEntries(gz, maxBytes);
  const files: string[] = [];
  mkdirSync(dir, { recursive: true });
  for (const e of entries) {
    const target = path.join(dir, ...e.parts);
    if (e.type === 'dir') mkdirSync(target, { recursive: true });
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, e.data, { mode: e.mode, flag: 'wx' });
      files.push(e.parts.join('/'));
    }
  }
  return files;
}
