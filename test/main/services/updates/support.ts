/**
 * Signed updates for tests (#23): the vendor's and the lottery's keys, tiny fake releases made by the
 * release code itself (scripts/release-lib.ts: release.json, a start file and a self-check), and a
 * tampered update server on loopback that serves whatever bytes a test gives it per path.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { approveReleaseFolder, packRelease, writeRelease } from '../../../../scripts/release-lib.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface KeyPair {
  readonly privateKey: KeyObject;
  readonly privatePem: string;
  readonly publicPem: string;
}

export function keyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/**
 * A fake release folder: `selfcheck.mjs` runs the checkout's real self-check (main/hosts/update/self-check-main.ts)
 * when `selfCheck` is 'real'; 'fail-migration' applies half a migration to the database, then fails.
 */
export function fakeReleaseSource(version: string, selfCheck: 'real' | 'fail-migration'): string {
  const dir = mkdtempSync(path.join(tmpdir(), `guichet-fake-release-${version}-`));
  mkdirSync(path.join(dir, 'app'));
  writeFileSync(path.join(dir, 'app', 'start.mjs'), `console.log('Guichet ${version} would start here');\n`);
  const real = `import { spawnSync } from 'node:child_process';
const r = spawnSync(process.execPath, [${JSON.stringify(path.join(ROOT, 'bin/run-ts.js'))}, ${JSON.stringify(path.join(ROOT, 'main/hosts/update/self-check-main.ts'))}, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
`;
  const failing = `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(path.join(ROOT, 'package.json'))});
const Database = require('better-sqlite3');
const data = process.argv[process.argv.indexOf('--data') + 1];
const db = new Database(data + '/guichet.db');
// Migration 99 of this release: its first half commits, its second half fails.
db.exec('CREATE TABLE half_migrated (x INTEGER); INSERT INTO half_migrated VALUES (1); PRAGMA user_version = 99');
db.close();
console.log('migration 99 failed: no such column: imaginary');
process.exit(1);
`;
  writeFileSync(path.join(dir, 'app', 'selfcheck.mjs'), selfCheck === 'real' ? real : failing);
  return dir;
}

export interface BuiltRelease {
  readonly dir: string;
  readonly version: string;
  readonly sha256: string;
}

/** A release made by the release code: packed, signed by the vendor, and approved by the lottery unless told. */
export function buildFakeRelease(version: string, selfCheck: 'real' | 'fail-migration', vendor: KeyPair, approval: KeyPair | null, now = new Date().toISOString()): BuiltRelease {
  const src = fakeReleaseSource(version, selfCheck);
  const tarball = packRelease({ version, start: 'app/start.mjs', selfcheck: 'app/selfcheck.mjs' }, [['app', path.join(src, 'app')]]);
  const out = mkdtempSync(path.join(tmpdir(), `guichet-release-${version}-`));
  const r = writeRelease(out, version, tarball, vendor.privatePem, now);
  if (approval) approveReleaseFolder(out, approval.privatePem);
  return { dir: out, version, sha256: r.sha256 };
}

export interface TamperedServer {
  readonly url: string;
  /** Bytes served per path (`/v1/updates/<terminal>/metadata/timestamp.json` …); anything else is a 404. */
  readonly files: Map<string, Buffer>;
  /** Paths asked, in order, with their Range header when they had one (`path bytes=N-`). */
  readonly asked: string[];
  close(): Promise<void>;
}

export async function tamperedServer(): Promise<TamperedServer> {
  const files = new Map<string, Buffer>();
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0]!;
    asked.push(req.headers.range ? `${p} ${req.headers.range}` : p);
    const body = files.get(p);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      res.writeHead(206, { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}`, 'content-length': body.length - start });
      res.end(body.subarray(start));
      return;
    }
    res.writeHead(200, { 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, files, asked, close: () => new Promise((r) => server.close(() => r())) };
}
