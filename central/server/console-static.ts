/**
 * The back-office console (console/, built by `npm run build` into out/console) served at /console/ with
 * @fastify/static. Its pages call /v1/admin/:op; nothing here decides who may do what (the server
 * checks every op). Pages are hash-routed (#/fleet), so there is no fallback route to serve.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CONSOLE_PREFIX = '/console/';

/** Where the built console is: out/console beside the sources, or console/ beside the compiled central (out/). */
export function builtConsoleDir(): string {
  const root = resolve(import.meta.dirname, '..', '..');
  return basename(root) === 'out' ? join(root, 'console') : join(root, 'out', 'console');
}

const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Serves the console at /console/ when it is built; otherwise /console/ says how to build it. */
export function serveConsole(app: FastifyInstance, dir = builtConsoleDir()): void {
  app.get('/console', async (_req, reply) => reply.redirect(CONSOLE_PREFIX, 301));
  if (!existsSync(join(dir, 'index.html'))) {
    app.get('/console/*', async (_req, reply) => reply.code(404).send({ error: 'the console is not built here: npm run build', reason: 'not_found' }));
    return;
  }
  void app.register(fastifyStatic, {
    root: dir,
    prefix: CONSOLE_PREFIX,
    index: ['index.html'],
    setHeaders: (reply) => {
      reply.header('content-security-policy', CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    },
  });
}
