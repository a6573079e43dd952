/**
 * `guichet://app/…`: the built renderer served from its folder by `protocol.handle`, with the strict
 * CSP on every response. The scheme is privileged (standard, secure) so the renderer gets a real
 * origin; it is not CORS-enabled, so no other origin may read from it. Paths that leave the
 * renderer's folder (`..`, encoded separators, symbolic links out) are refused.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { protocol, type Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-url.js';
import { securityHeaders } from './security.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/** Registers the scheme's privileges; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Where a request lands: a file inside the renderer folder, or a refusal with its HTTP status. */
export type Resolved = { readonly file: string } | { readonly status: number; readonly reason: string };

/** Maps an app URL to a path inside `root` (not yet checked on disk); refuses other hosts and escaping paths. */
export function resolveAppPath(root: string, url: string): Resolved {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { status: 400, reason: 'bad URL' };
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return { status: 404, reason: 'not the app' };
  let rel: string;
  try {
    rel = decodeURIComponent(parsed.pathname);
  } catch {
    return { status: 400, reason: 'bad path encoding' };
  }
  if (rel.includes('\0') || rel.includes('\\')) return { status: 400, reason: 'bad path' };
  if (rel === '/' || rel === '') rel = '/index.html';
  const base = path.resolve(root);
  const file = path.resolve(base, `.${rel}`);
  if (!file.startsWith(base + path.sep)) return { status: 403, reason: 'outside the renderer' };
  return { file };
}

function refusal(status: number, reason: string): Response {
  return new Response(reason, { status, headers: { ...securityHeaders(), 'content-type': 'text/plain; charset=utf-8' } });
}

/** The `protocol.handle` handler serving `root` (GET and HEAD only). */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'method not allowed');
    const resolved = resolveAppPath(root, request.url);
    if (!('file' in resolved)) return refusal(resolved.status, resolved.reason);
    let real: string;
    let realRoot: string;
    try {
      [real, realRoot] = await Promise.all([realpath(resolved.file), realpath(root)]);
      if (!(await stat(real)).isFile()) return refusal(404, 'not found');
    } catch {
      return refusal(404, 'not found');
    }
    // A symbolic link inside the folder must not lead out of it.
    if (!real.startsWith(realRoot + path.sep)) return refusal(403, 'outside the renderer');
    const body = request.method === 'HEAD' ? null : await readFile(real);
    return new Response(body, {
      status: 200,
      headers: { ...securityHeaders(), 'content-type': TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream' },
    });
  };
}

/** Serves the built renderer on `guichet://app/` (after the app is ready). */
export function installAppProtocol(target: Protocol, root: string): void {
  target.handle(APP_SCHEME, createAppProtocolHandler(root));
}
