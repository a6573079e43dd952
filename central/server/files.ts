/** GET /v1/files/:name with single byte ranges (RFC 9110 §14), so a cut download resumes where it stopped. */
import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Central } from '../store/context.js';
import { filesDir } from '../store/folders.js';
import { publishedFile } from '../store/queries/publications.js';

/** The byte range asked for, 'unsatisfiable', or null for the whole file. Several ranges: the whole file. */
export function parseRange(value: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!value) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export async function serveFile(c: Central, name: string, headers: IncomingHttpHeaders, reply: FastifyReply): Promise<unknown> {
  const pub = await publishedFile(c.db, name);
  const path = join(filesDir(c), name);
  if (!pub || !existsSync(path)) return reply.code(404).send({ error: `no published file ${name}`, reason: 'not_found' });
  const size = statSync(path).size;
  reply.header('accept-ranges', 'bytes').header('etag', `"${pub.sha256}"`);
  const ifRange = headers['if-range'];
  const range = ifRange && ifRange !== `"${pub.sha256}"` ? null : parseRange(headers.range, size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send({ error: `range outside the file's ${size} bytes`, reason: 'bad_range' });
  reply.type('application/octet-stream');
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
    return reply.send(createReadStream(path, { start: range.start, end: range.end }));
  }
  reply.header('content-length', size);
  return reply.send(createReadStream(path));
}
