import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../../../main/hosts/browser/csp.js';
import { createAppProtocolHandler, installAppProtocol, registerAppScheme, resolveAppPath } from '../../../../main/hosts/electron/protocol.js';
import { protocol, resetFakeElectron } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

let dir: string;
let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'guichet-protocol-'));
  root = path.join(dir, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Guichet</title>');
  writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  // Neighbours that share the folder's name as a prefix, and a secret outside it.
  mkdirSync(path.join(dir, 'renderer-secrets'));
  writeFileSync(path.join(dir, 'renderer-secrets', 'key.txt'), 'SECRET');
  writeFileSync(path.join(dir, 'secret.txt'), 'SECRET');
  symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
  serve = createAppProtocolHandler(root);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function get(url: string, method = 'GET'): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await serve(new Request(url, { method }));
  return { status: res.status, body: await res.text(), headers: res.headers };
}

describe('guichet://app/ protocol', () => {
  it('serves the renderer with the strict CSP and the right type', async () => {
    const index = await get('guichet://app/index.html');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>Guichet</title>');
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const root = await get('guichet://app/');
    expect(root.body).toBe(index.body);
    const js = await get('guichet://app/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const head = await get('guichet://app/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('refuses paths that leave the renderer folder, however they are spelled', async () => {
    for (const p of ['/..%2Fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/%2e%2e%2fsecret.txt', '/..%2Frenderer-secrets%2Fkey.txt']) {
      const res = await get(`guichet://app${p}`);
      expect(res.status, p).toBe(403);
      expect(res.body).not.toContain('SECRET');
    }
    // Dot segments are folded by the URL parser before the handler sees them: they stay inside.
    const folded = await get('guichet://app/assets/../../secret.txt');
    expect(folded.status).toBe(404);
    expect(folded.body).not.toContain('SECRET');
  });

  it('refuses a symbolic link that points out of the folder', async () => {
    const res = await get('guichet://app/assets/link.txt');
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('SECRET');
  });

  it('refuses bad encodings, NUL bytes and backslashes', async () => {
    expect((await get('guichet://app/%E0%A4%A')).status).toBe(400);
    expect((await get('guichet://app/index.html%00.js')).status).toBe(400);
    expect((await get('guichet://app/..%5C..%5Csecret.txt')).status).toBe(400);
  });

  it('answers 404 for other hosts, missing files and folders; 405 for writes', async () => {
    expect((await get('guichet://evil/index.html')).status).toBe(404);
    expect((await get('guichet://app/nothing.js')).status).toBe(404);
    expect((await get('guichet://app/assets')).status).toBe(404);
    expect((await get('guichet://app/index.html', 'POST')).status).toBe(405);
  });

  it('maps URLs to files inside the folder only', () => {
    expect(resolveAppPath(root, 'guichet://app/assets/app.js')).toEqual({ file: path.join(root, 'assets', 'app.js') });
    expect(resolveAppPath(root, 'guichet://app/..%2F..%2Fetc%2Fpasswd')).toMatchObject({ status: 403 });
    expect(resolveAppPath(root, 'https://app/index.html')).toMatchObject({ status: 404 });
    expect(resolveAppPath(root, 'nonsense')).toMatchObject({ status: 400 });
  });
});

describe('scheme registration', () => {
  beforeEach(() => resetFakeElectron());

  it('is standard and secure but not CORS-enabled', () => {
    registerAppScheme();
    expect(protocol.privileged).toEqual([{ scheme: 'guichet', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    const privileges = (protocol.privileged[0] as { privileges: Record<string, unknown> }).privileges;
    expect(privileges.corsEnabled).toBeUndefined();
    expect(privileges.bypassCSP).toBeUndefined();
  });

  it('serves the folder through protocol.handle', async () => {
    installAppProtocol(protocol as unknown as Protocol, root);
    const handler = protocol.handled.get('guichet');
    expect(handler).toBeDefined();
    expect((await handler?.(new Request('guichet://app/index.html')))?.status).toBe(200);
  });
});
