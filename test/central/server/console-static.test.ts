/**
 * Central serves the built console at /console/ (central/server/console-static.ts): its files with a
 * content security policy, nothing outside its folder, nothing in it the build did not write (issue 39:
 * a snapshot written there downloaded without a cookie), and a clear answer when it is not built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BUNDLE_FILES } from '../../../common/console/bundle-files.js';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCentralServer } from '../../../central/server/app.js';
import type { Central } from '../../../central/store/context.js';

// Serving files reads no store: a central whose database is never asked anything (the metrics keep a
// handle on it for their scrapes, read only then).
const refuse = (what: string) => new Proxy({}, { get: (_t, p) => { throw new Error(`the console's files asked ${what} for ${String(p)}`); } });
const noStore = new Proxy({}, { get: (_t, p) => (p === 'db' ? refuse('the database') : refuse('central')[p as never]) }) as Central;

const tmp = mkdtempSync(join(tmpdir(), 'guichet-console-static-'));
const built = join(tmp, 'console');
mkdirSync(join(built, 'assets'), { recursive: true });
writeFileSync(join(built, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(built, 'assets', 'app.js'), 'export {};');
// What the build lists (vite.console.config.ts): these files and no other.
writeFileSync(join(built, BUNDLE_FILES), JSON.stringify({ format: 'guichet-console-files/1', files: ['assets/app.js', 'index.html'] }));
writeFileSync(join(tmp, 'secret.txt'), 'not for the web');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the console served by central', () => {
  it('serves the built pages at /console/ with a content security policy', async () => {
    const app = buildCentralServer(noStore, { consoleDir: built });
    const page = await app.inject({ method: 'GET', url: '/console/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const js = await app.inject({ method: 'GET', url: '/console/assets/app.js' });
    expect([js.statusCode, js.headers['content-type']]).toEqual([200, expect.stringMatching(/javascript/)]);
    expect((await app.inject({ method: 'GET', url: '/console' })).statusCode).toBe(301);
    for (const url of ['/console/../secret.txt', '/console/%2e%2e/secret.txt', '/console/..%2fsecret.txt']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.body).not.toContain('not for the web');
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
    }
    await app.close();
  });

  it('serves no file the build did not write: one dropped in the folder later answers 404, with a session cookie or without', async () => {
    const app = buildCentralServer(noStore, { consoleDir: built });
    await app.ready();
    // After the start and the build: a snapshot's files written into the served folder.
    mkdirSync(join(built, 'snapshot', 'tls'), { recursive: true });
    writeFileSync(join(built, 'snapshot', 'online.key'), 'PRIVATE KEY');
    writeFileSync(join(built, 'snapshot', 'tls', 'ca.key'), 'PRIVATE KEY');
    writeFileSync(join(built, 'dropped.json'), '{"print":"every hidden code"}');
    writeFileSync(join(built, 'assets', 'late.js'), 'alert(1)');
    mkdirSync(join(built, 'folder'));
    writeFileSync(join(built, 'folder', 'index.html'), 'an index nobody built');
    for (const url of ['/console/snapshot/online.key', '/console/snapshot/tls/ca.key', '/console/dropped.json', '/console/assets/late.js', '/console/folder/', '/console/folder/index.html', `/console/${BUNDLE_FILES}`]) {
      for (const headers of [{}, { cookie: 'guichet_console=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }]) {
        const r = await app.inject({ method: 'GET', url, headers });
        expect([url, r.statusCode]).toEqual([url, 404]);
        expect(r.body).not.toMatch(/PRIVATE KEY|hidden code|alert|nobody built/);
      }
    }
    // The build's own files still are.
    expect((await app.inject({ method: 'GET', url: '/console/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/console/index.html' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/console/assets/app.js' })).statusCode).toBe(200);
    await app.close();
  });

  it('serves nothing from a folder without the build\'s list of its files', async () => {
    const bare = join(tmp, 'unlisted');
    mkdirSync(bare);
    writeFileSync(join(bare, 'index.html'), '<!doctype html><title>console</title>');
    const app = buildCentralServer(noStore, { consoleDir: bare });
    const r = await app.inject({ method: 'GET', url: '/console/index.html' });
    expect([r.statusCode, r.json()]).toEqual([404, { error: 'the console is not built here: npm run build', reason: 'not_found' }]);
    await app.close();
  });

  it('says how to build it when it is not built', async () => {
    const app = buildCentralServer(noStore, { consoleDir: join(tmp, 'nothing-here') });
    const r = await app.inject({ method: 'GET', url: '/console/index.html' });
    expect([r.statusCode, r.json()]).toEqual([404, { error: 'the console is not built here: npm run build', reason: 'not_found' }]);
    await app.close();
  });
});
