/**
 * Is this version folder the release TUF verified? (issue 39, finding 6). The launcher asks before it runs
 * anything of a version (its self-check, its start), and the running version asks before it reports
 * what it runs to central: the data folder's holder can write `versions/`, `installed.json` and
 * `updates/`, so none of them is believed on its word. A version folder is verified when:
 * - it is a folder of `versions/` itself (not a link out of it), named after its version;
 * - the signed targets metadata kept with its download (`updates/downloads/<sha256>.targets.json`,
 *   written after tuf-js verified it) is signed by the targets keys of the trusted `root.json`, itself
 *   signed by the root key of the anchor — a `root.json` outside the data folder (`anchorRootFile`) —,
 *   and names this version with that sha256;
 * - the kept tarball (`<sha256>.tar.gz`) has that sha256 and signed length, and the folder holds exactly
 *   its files, byte for byte, plus the installer's `installed.json` and its `node_modules` link to the
 *   installation's packages: nothing else (no other link, no extra file);
 * - no `node_modules` sits in `versions/` or the data folder (where Node would look for a package).
 * Expiry is not checked here: a release verified when downloaded keeps running on a terminal offline for
 * long. The files are compared before the version starts; a holder who rewrites them after that moment
 * races the launcher, which a release folder the kiosk's user cannot write closes (operations).
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Metadata, Root } from '@tufjs/models';
import { parseRoot, parseTargets, releaseOf, TARGET_MAX_BYTES, verifyRole } from '../../../node/updates/tuf.js';
import { packageJsonPath } from '../terminal/version.js';
import { INSTALLED_FILE, type UpdatePaths } from './paths.js';
import { tarEntries } from './untar.js';

/** The environment variable naming the anchor root.json (the launcher sets it for what it starts). */
export const UPDATE_ROOT_ENV = 'GUICHET_UPDATE_ROOT';

export class UnverifiedReleaseError extends Error {
  override readonly name = 'UnverifiedReleaseError';
}

export interface VerifiedRelease {
  readonly version: string;
  readonly sha256: string;
}

/**
 * The root.json releases are verified against, outside the data folder: `GUICHET_UPDATE_ROOT` when set
 * (by the service that starts the launcher, or by the launcher for what it starts), else the one shipped
 * beside the installation's package.json; null when there is none.
 */
export function anchorRootFile(installation: string | null = null): string | null {
  const given = process.env[UPDATE_ROOT_ENV];
  if (given) return path.resolve(given);
  try {
    const file = path.join(installation ?? path.dirname(packageJsonPath()), 'root.json');
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

function refuse(why: string): never {
  throw new UnverifiedReleaseError(why);
}

/** The trusted root: `updates/metadata/root.json` when its root role is the anchor's and the anchor's key signs it, else the anchor. */
function trustedRoot(paths: UpdatePaths, anchorFile: string): Metadata<Root> {
  let anchor: Metadata<Root>;
  try {
    anchor = parseRoot(readFileSync(anchorFile));
    verifyRole(anchor, 'root', anchor);
  } catch (err) {
    return refuse(`the anchor ${anchorFile} is not a root.json its own root signs: ${(err as Error).message}`);
  }
  const file = path.join(paths.metadataDir, 'root.json');
  if (!existsSync(file)) return anchor;
  try {
    const md = parseRoot(readFileSync(file));
    const want = anchor.signed.roles['root']?.keyIDs ?? [];
    const got = md.signed.roles['root']?.keyIDs ?? [];
    if (got.length !== want.length || got.some((k, i) => k !== want[i] || md.signed.keys[k]?.keyVal['public'] !== anchor.signed.keys[k]?.keyVal['public'])) refuse('its root role is not the anchor\'s');
    verifyRole(anchor, 'root', md);
    return md;
  } catch (err) {
    return refuse(`updates/metadata/root.json is not trusted: ${(err as Error).message}`);
  }
}

/** Compares `dir` with the tarball's entries; throws at the first difference. */
function sameTree(dir: string, gz: Buffer, nodeModules: string | null | undefined): void {
  const files = new Map<string, Buffer>();
  const dirs = new Set<string>();
  for (const e of tarEntries(gz, TARGET_MAX_BYTES * 4)) {
    const rel = e.parts.join('/');
    if (e.type === 'dir') dirs.add(rel);
    else files.set(rel, e.data);
    for (let i = 1; i < e.parts.length; i++) dirs.add(e.parts.slice(0, i).join('/'));
  }
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, r);
      const st = lstatSync(full);
      if (r === 'node_modules' && st.isSymbolicLink()) {
        if (nodeModules !== undefined && (nodeModules === null || realpathSync(full) !== realpathSync(nodeModules))) refuse(`node_modules leads to ${realpathSync(full)}, not this installation's packages`);
        continue;
      }
      if (r === INSTALLED_FILE && st.isFile()) continue;
      if (st.isDirectory() && dirs.has(r)) walk(r);
      else if (st.isFile() && files.has(r)) {
        if (!readFileSync(full).equals(files.get(r)!)) refuse(`${r} differs from the verified release`);
        files.delete(r);
      } else refuse(`${r} is not in the verified release`);
    }
  };
  walk('');
  const missing = [...files.keys()][0];
  if (missing !== undefined) refuse(`${missing} of the verified release is missing`);
}

/**
 * Checks `dir` as described in the file's comment against the anchor root.json `anchorFile`; returns the
 * release's version and sha256, or throws UnverifiedReleaseError. `nodeModules`: the packages its
 * `node_modules` link must lead to (null: none allowed; undefined: not checked).
 */
export function verifyRelease(paths: UpdatePaths, dir: string, anchorFile: string, nodeModules?: string | null): VerifiedRelease {
  if (!existsSync(dir)) refuse(`${dir} is missing`);
  const real = realpathSync(dir);
  if (!existsSync(paths.versionsDir) || path.dirname(real) !== realpathSync(paths.versionsDir)) refuse(`${dir} is not a folder of ${paths.versionsDir}`);
  for (const where of [paths.versionsDir, paths.root]) if (existsSync(path.join(where, 'node_modules'))) refuse(`${where} holds a node_modules folder`);
  const version = path.basename(real);
  const root = trustedRoot(paths, anchorFile);
  let sha256: unknown;
  try {
    sha256 = (JSON.parse(readFileSync(path.join(real, INSTALLED_FILE), 'utf8')) as { sha256?: unknown }).sha256;
  } catch (err) {
    refuse(`${INSTALLED_FILE}: ${(err as Error).message}`);
  }
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) return refuse(`${INSTALLED_FILE} names no release hash`);
  const targetsFile = path.join(paths.downloadsDir, `${sha256}.targets.json`);
  let release;
  try {
    const targets = parseTargets(readFileSync(targetsFile));
    verifyRole(root, 'targets', targets);
    release = releaseOf(targets);
  } catch (err) {
    return refuse(`no signed targets metadata for ${sha256.slice(0, 12)}…: ${(err as Error).message}`);
  }
  if (release.sha256 !== sha256 || release.version !== version) refuse(`the signed targets name ${release.version} (${release.sha256.slice(0, 12)}…), not ${version} (${sha256.slice(0, 12)}…)`);
  const tarball = path.join(paths.downloadsDir, `${sha256}.tar.gz`);
  if (!existsSync(tarball)) refuse(`the verified tarball ${path.basename(tarball)} is missing`);
  const gz = readFileSync(tarball);
  if (gz.length !== release.length || createHash('sha256').update(gz).digest('hex') !== sha256) refuse(`${path.basename(tarball)} is not the signed tarball`);
  sameTree(real, gz, nodeModules);
  return { version, sha256 };
}
