/**
 * GET /v1/updates/<terminal>/metadata/<file> and /v1/updates/<terminal>/targets/<file>: the TUF repository
 * each terminal updates from (#23, store/updates.ts). Unsigned, plain files: the terminal's tuf-js
 * verifies every byte up to the lottery's root, so a request need not be authenticated to be safe; the
 * terminal id in the path only chooses the ring. Targets answer single byte ranges (a cut download resumes).
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS, MAX_UNSIGNED_BODY_BYTES, TerminalId } from '../../common/protocol/index.js';
import type { Central } from '../store/context.js';
import { updateMetadata, updateTargetFile } from '../store/updates.js';
import { parseRange } from './files.js';

const Params = z.object({ terminal: TerminalId, name: z.string().regex(/^[A-Za-z0-9._-]{1,120}$/) });

export function updateRoutes(app: FastifyInstance, c: Central): void {
  const opts = { bodyLimit: MAX_UNSIGNED_BODY_BYTES };
  app.get(`${ENDPOINTS.updates}:terminal/metadata/:name`, opts, async (req, reply) => {
    const p = Params.safeParse(req.params);
    if (!p.success) return reply.code(400).send({ error: 'no such update file', reason: 'bad_request' });
    const bytes = await updateMetadata(c, p.data.terminal, p.data.name);
    if (!bytes) return reply.code(404).send({ error: `no update metadata ${p.data.name} for terminal ${p.data.terminal}`, reason: 'not_found' });
    return reply.header('content-type', 'application/json').header('cache-control', 'no-store').send(bytes);
  });
  app.get(`${ENDPOINTS.updates}:terminal/targets/:name`, opts, async (req, reply) => {
    const p = Params.safeParse(req.params);
    if (!p.success) return reply.code(400).send({ error: 'no such update file', reason: 'bad_request' });
    const file = await updateTargetFile(c, p.data.name);
    if (!file) return reply.code(404).send({ error: `no release ${p.data.name}`, reason: 'not_found' });
    reply.header('accept-ranges', 'bytes').header('etag', `"${file.sha256}"`).header('content-type', 'application/gzip');
    const range = parseRange(req.headers.range, file.size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.size}`).send({ error: `range outside the file's ${file.size} bytes`, reason: 'bad_range' });
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
      return reply.send(createReadStream(file.path, { start: range.start, end: range.end }));
    }
    return reply.header('content-length', file.size).send(createReadStream(file.path));
  });
}
