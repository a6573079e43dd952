/**
 * Making and signing a release of the terminal (#23), the code behind `npm run release` and the tests'
 * small fake releases: a folder of compiled JavaScript packed as `guichet.tar.gz`, its `targets.json`
 * (TUF, node/updates/tuf.ts) signed by the vendor's build key, then by the lottery's approval key; the
 * TUF root.json the lottery's root signs; ed25519 key files.
 */
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tarGz, type TarEntry } from '../main/services/diagnostics/tar.js';
import type { ReleaseManifest } from '../main/services/updates/supervise.js';
import { buildRoot, buildTargets, metadataBytes, parseRoot, parseTargets, RELEASE_TARGET, releaseOf, signMetadata, targetsVersionOf, verifyRole, type ReleaseArtifact } from '../node/updates/tuf.js';

/** The trusted root a release ships (`root.json`, so that a fresh terminal starts from it): checked to be TUF root metadata its own root signs. */
export function checkedRootJson(bytes: Buffer): Buffer {
  const md = parseRoot(bytes);
  verifyRole(md, 'root', md);
  return bytes;
}

/** A built artifact's length and sha256 (read as a stream: an AppImage is large). */
export async function describeArtifact(file: string): Promise<ReleaseArtifact> {
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return { name: path.basename(file), length, sha256: hash.digest('hex') };
}

export interface ReleaseExtras {
  /** The lottery's current root.json, written beside targets.json (the tarball holds it too: see packRelease's extras). */
  readonly rootJson?: Buffer;
  /** A built artifact (AppImage, deb): copied into the release and named in targets.json with its length and sha256. */
  readonly artifact?: { readonly file: string; readonly described: ReleaseArtifact };
}

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
export function writeRelease(out: string, version: string, tarball: Buffer, vendorKeyPem: string, now: string, extras: ReleaseExtras = {}): { targets: string; tarball: string; sha256: string } {
  targetsVersionOf(version);
  mkdirSync(out, { recursive: true });
  const md = buildTargets(version, tarball, now, extras.artifact?.described);
  signMetadata(md, vendorKeyPem);
  writeFileSync(path.join(out, RELEASE_TARGET), tarball);
  if (extras.rootJson) writeFileSync(path.join(out, 'root.json'), checkedRootJson(extras.rootJson));
  if (extras.artifact) copyFileSync(extras.artifact.file, path.join(out, extras.artifact.described.name));
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

/**
 * `npm run release -- build`: the compiled JavaScript of `project` (its `out/` and `bin/`, and its
 * package.json with the release's version) packed with release.json and the lottery's root.json, the
 * artifact beside it when given, and targets.json signed by the vendor's build key.
 */
export async function buildReleaseFolder(o: { project: string; out: string; version: string; vendorKeyPem: string; now: string; rootJson?: Buffer; artifact?: string }): Promise<{ version: string; targets: string; tarball: string; sha256: string; length: number; root: string | null; artifact: ReleaseArtifact | null }> {
  targetsVersionOf(o.version);
  const rootJson = o.rootJson ? checkedRootJson(o.rootJson) : undefined;
  const pkg = { ...(JSON.parse(readFileSync(path.join(o.project, 'package.json'), 'utf8')) as object), version: o.version };
  const extra: TarEntry[] = [{ name: 'package.json', data: `${JSON.stringify(pkg, null, 2)}\n` }];
  // The root.json beside package.json in the installed version: where the terminal looks for it (trust.ts).
  if (rootJson) extra.push({ name: 'root.json', data: rootJson });
  const tarball = packRelease({ version: o.version, start: 'bin/guichet.js', selfcheck: 'out/main/hosts/update/self-check-main.js' }, [
    ['out', path.join(o.project, 'out')],
    ['bin', path.join(o.project, 'bin')],
  ], extra);
  const described = o.artifact ? await describeArtifact(o.artifact) : null;
  const r = writeRelease(o.out, o.version, tarball, o.vendorKeyPem, o.now, { ...(rootJson ? { rootJson } : {}), ...(o.artifact && described ? { artifact: { file: o.artifact, described } } : {}) });
  return { version: o.version, ...r, length: tarball.length, root: rootJson ? path.join(o.out, 'root.json') : null, artifact: described };
}
