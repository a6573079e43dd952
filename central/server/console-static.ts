/**
 * The back-office console (console/, built by `npm run build` into out/console) served at /console/ with
 * @fastify/static. Its pages call /v1/admin/:op; nothing here decides who may do what (the server
 * checks every op). Pages are hash-routed (#/fleet), so there is no fallback route to serve.
 *
 * Only the files the build wrote are served: the build lists them (vite.console.config.ts, BUNDLE_FILES),
 * and that list is read once here. Any other file found in the folder later (dropped there, a backup
 * written there) answers 404, with a session or without.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BUNDLE_FILES, type BundleFiles } from '../../common/console/bundle-files.js';
import { builtConsoleDir } from './console-dir.js';

export const CONSOLE_PREFIX = '/console/';


const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** The build's allow-list as URL paths (/index.html, /assets/…), or null when the folder holds no list. */
function builtFiles(dir: string): Set<string> | null {
  const file = join(dir, BUNDLE_FILES);
  if (!existsSync(file)) return null;
  const list = JSON.parse(readFileSync(file, 'utf8')) as Partial<BundleFiles>;
  if (list.format !== 'guichet-console-files/1' || !Array.isArray(list.files)) return null;
  return new Set(list.files.filter((f): f is string => typeof f === 'string').map((f) => `/${f}`));
}

/** Serves the console at /console/ when it is built; otherwise /console/ says how to build it. */
export function serveConsole(app: FastifyInstance, dir = builtConsoleDir()): void {
  app.get('/console', async (_req, reply) => reply.redirect(CONSOLE_PREFIX, 301));
  const files = existsSync(join(dir, 'index.html')) ? builtFiles(dir) : null;
  if (!files) {
    app.get('/console/*', async (_req, reply) => reply.code(404).send({ error: 'the console is not built here: npm run build', reason: 'not_found' }));
    return;
  }
  void app.register(fastifyStatic, {
    root: dir,
    prefix: CONSOLE_PREFIX,
    index: ['index.html'],
    // The folder itself (/console/) is its index.html, checked again as that file; every other path is the build's.
    allowedPath: (path) => path === '/' || files.has(path),
    setHeaders: (reply) => {
      reply.header('content-security-policy', CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    },
  });
}
