/**
 * A gzip-compressed tar archive (POSIX ustar) of in-memory files: what the support bundle is written as,
 * readable by `tar -xzf` everywhere and by Windows' built-in tar. Regular files only.
 */
import { gzipSync } from 'node:zlib';

export interface TarEntry {
  /** Path inside the archive, `/`-separated, at most 100 bytes (with an optional 155-byte prefix directory). */
  readonly name: string;
  readonly data: Buffer | string;
  /** Unix mode (default 0o644). */
  readonly mode?: number;
  /** Modification time (default the epoch). */
  readonly mtime?: Date;
}

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  const cut = name.lastIndexOf('/', name.length - 1);
  const prefix = cut > 0 ? name.slice(0, cut) : '';
  const rest = cut > 0 ? name.slice(cut + 1) : name;
  if (Buffer.byteLength(prefix) > 155 || Buffer.byteLength(rest) > 100 || rest === '') throw new RangeError(`tar entry name too long: ${name}`);
  return { name: rest, prefix };
}

function header(entry: TarEntry, size: number): Buffer {
  if (entry.name === '' || entry.name.startsWith('/') || entry.name.split('/').includes('..')) throw new RangeError(`bad tar entry name: ${entry.name}`);
  const { name, prefix } = splitName(entry.name);
  const h = Buffer.alloc(BLOCK, 0);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(entry.mode ?? 0o644, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(size, 12), 124, 12, 'ascii');
  h.write(octal(Math.floor((entry.mtime?.getTime() ?? 0) / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write('guichet', 265, 32, 'ascii');
  h.write('guichet', 297, 32, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

/** The uncompressed tar bytes of `entries`, in order, ended by two zero blocks. */
export function tarBytes(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
    parts.push(header(e, data.length), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(2 * BLOCK, 0));
  return Buffer.concat(parts);
}

/** The `.tar.gz` bytes of `entries`. */
export function tarGz(entries: readonly TarEntry[]): Buffer {
  return gzipSync(tarBytes(entries));
}
