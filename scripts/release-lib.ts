/**
 * Making and signing a release of the terminal (#23), the code behind `npm run release` and the tests'
 * small fake releases: a folder of compiled JavaScript packed as `guichet.tar.gz`, its `targets.json`
 * (TUF, db/updates/tuf.ts) signed by the vendor's build key, then by the lottery's approval key; the
 * TUF root.json the lottery's root signs; ed25519 key files.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tarGz, type TarEntry } from '../main/services/diagnostics/tar.js';
import type { ReleaseManifest } from '../main/services/updates/supervise.js';
import { buildRoot, buildTargets, metadataBytes, parseTargets, RELEASE_TARGET, releaseOf, signMetadata, targetsVersionOf } from '../db/updates/tuf.js';

/** Writes an ed25519 key pair: `file` (private, PEM, mode 0600) and `file.pub`. Refuses to overwrite. */
export function makeKeyPair(file: string): { privateKeyFile: string; publicKeyFile: string } {
  if (existsSync(file)) throw new Error(`${file} exists: a key is never overwritten`);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  writeFileSync(`${file}.pub`, publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKeyFile: file, publicKeyFile: `${file}.pub` };
}

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${name}` : name;
    const st = statSync(path.join(dir, r));
    if (st.isDirectory()) {
      if (name !== 'node_modules') out.push(...walk(dir, r));
    } else if (st.isFile()) out.push(r);
  }
  return out;
}

/** The tarball of `folders` (each `[inside-archive prefix, folder on disk]`), release.json first. */
export function packRelease(manifest: ReleaseManifest, folders: readonly (readonly [string, string])[], extra: readonly TarEntry[] = []): Buffer {
  const entries: TarEntry[] = [{ name: 'release.json', data: `${JSON.stringify(manifest, null, 2)}\n` }, ...extra];
  for (const [prefix, dir] of folders) {
    for (const rel of walk(dir)) {
      const st = statSync(path.join(dir, rel));
      entries.push({ name: prefix ? `${prefix}/${rel}` : rel, data: readFileSync(path.join(dir, rel)), mode: st.mode & 0o111 ? 0o755 : 0o644 });
    }
  }
  return tarGz(entries);
}

/** Writes `out/guichet.tar.gz` and `out/targets.json` signed by the vendor's build key. */
export function writeRelease(out: string, version: string, tarball: Buffer, vendorKeyPem: string, now: string): { targets: string; tarball: string; sha256: string } {
  targetsVersionOf(version);
  mkdirSync(out, { recursive: true });
  const md = buildTargets(version, tarball, now);
  signMetadata(md, vendorKeyPem);
  writeFileSync(path.join(out, RELEASE_TARGET), tarball);
  writeFileSync(path.join(out, 'targets.json'), metadataBytes(md));
  return { targets: path.join(out, 'targets.json'), tarball: path.join(out, RELEASE_TARGET), sha256: releaseOf(md).sha256 };
}

/** The lottery's approval: its signature added to the release's targets.json (after reading what it approves). */
export function approveReleaseFolder(dir: string, approvalKeyPem: string): { version: string; sha256: string } {
  const file = path.join(dir, 'targets.json');
  const md = parseTargets(readFileSync(file));
  signMetadata(md, approvalKeyPem);
  writeFileSync(file, metadataBytes(md));
  const r = releaseOf(md);
  return { version: r.version, sha256: r.sha256 };
}

/** root.json, signed by the lottery's root key. */
export function writeRoot(out: string, keys: { rootKeyPem: string; vendorPub: string; approvalPub: string; onlinePub: string }, version: number, now: string): string {
  const md = buildRoot({ root: createPublicKey(keys.rootKeyPem), vendor: keys.vendorPub, approval: keys.approvalPub, online: keys.onlinePub }, version, now);
  signMetadata(md, keys.rootKeyPem);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, metadataBytes(md));
  return out;
}
