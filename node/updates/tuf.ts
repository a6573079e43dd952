/**
 * The Update Framework's metadata for Guichet's releases (issue #23), built with @tufjs/models and signed
 * with ed25519 keys. Shared by the vendor's `npm run release`, the lottery's approval, central (which
 * signs snapshot and timestamp with its online key) and the tests' tampered servers.
 *
 * Roles, as root.json (signed by the lottery's root key) declares them:
 * - root: the lottery's root key, threshold 1;
 * - targets: the vendor's build key AND the lottery's approval key, threshold 2 (a release the vendor
 *   built but the lottery did not approve, or the reverse, installs nowhere);
 * - snapshot and timestamp: central's online key (certified by the same root for 'online').
 * One release per targets.json: its single target `guichet.tar.gz` (length and sha256, its version in
 * `custom`); the targets version is the release's semver as one integer, so TUF's rollback check is
 * the version order.
 */
import { createHash, createPrivateKey, createPublicKey, sign as edSign, type KeyObject } from 'node:crypto';
import { Key, Metadata, MetaFile, MetadataKind, Root, Signature, Snapshot, TargetFile, Targets, Timestamp } from '@tufjs/models';
import { canonicalJson } from '../../common/canonical-json.js';

/** The one target of a release. */
export const RELEASE_TARGET = 'guichet.tar.gz';
/** A release's version: plain semver, no pre-release (the targets version is derived from it). */
export const RELEASE_VERSION = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

/** Limits the terminal gives tuf-js: metadata larger than these is refused before it is parsed. */
export const METADATA_MAX_BYTES = { root: 64 * 1024, timestamp: 16 * 1024, snapshot: 64 * 1024, targets: 256 * 1024 } as const;
/** The largest release tarball central takes and a terminal downloads. */
export const TARGET_MAX_BYTES = 512 * 1024 * 1024;

export const EXPIRY_DAYS = { root: 5 * 365, targets: 365, snapshot: 7, timestamp: 1 } as const;

const SPEC_VERSION = '1.0.31';

export type TufRole = 'root' | 'targets' | 'snapshot' | 'timestamp';

/** Semver to the targets version: 1.2.3 → 1002003. Throws on anything else. */
export function targetsVersionOf(version: string): number {
  const m = RELEASE_VERSION.exec(version);
  if (!m) throw new RangeError(`'${version}' is not a release version (MAJOR.MINOR.PATCH, each at most 999)`);
  return Number(m[1]) * 1_000_000 + Number(m[2]) * 1000 + Number(m[3]);
}

/** TUF's date form: seconds, Z. */
export function tufDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function addDays(iso: string, days: number): string {
  return tufDate(Date.parse(iso) + days * 86_400_000);
}

/** An ed25519 key as TUF lists it (PEM public key) with its id (sha256 of the key's canonical JSON). */
export function tufKey(publicKey: KeyObject | string): Key {
  const pem = typeof publicKey === 'string' ? createPublicKey(publicKey).export({ type: 'spki', format: 'pem' }).toString() : publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const body = { keytype: 'ed25519', scheme: 'ed25519', keyval: { public: pem } };
  const keyID = createHash('sha256').update(canonicalJson(body)).digest('hex');
  return new Key({ keyID, keyType: 'ed25519', scheme: 'ed25519', keyVal: { public: pem } });
}

/** Signs `md` with an ed25519 private key (appended to the signatures already there). */
export function signMetadata<T extends Root | Targets | Snapshot | Timestamp>(md: Metadata<T>, privateKey: KeyObject | string): void {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const { keyID } = tufKey(createPublicKey(key));
  md.sign((data) => new Signature({ keyID, sig: edSign(null, data, key).toString('hex') }), true);
}

/** The bytes a repository serves (canonical JSON: the same object always gives the same hash). */
export function metadataBytes(md: Metadata<Root | Targets | Snapshot | Timestamp>): Buffer {
  return Buffer.from(canonicalJson(md.toJSON()), 'utf8');
}

export interface RootKeys {
  /** The lottery's root public key (signs root.json). */
  readonly root: KeyObject | string;
  /** The vendor's build key and the lottery's approval key (public): both sign every targets.json. */
  readonly vendor: KeyObject | string;
  readonly approval: KeyObject | string;
  /** Central's online key (public): signs snapshot and timestamp. */
  readonly online: KeyObject | string;
}

/** root.json (unsigned; sign it with the lottery's root key). */
export function buildRoot(given: RootKeys, version: number, now: string): Metadata<Root> {
  const root = tufKey(given.root);
  const vendor = tufKey(given.vendor);
  const approval = tufKey(given.approval);
  const online = tufKey(given.online);
  if (vendor.keyID === approval.keyID) throw new RangeError('the vendor build key and the lottery approval key must be two different keys');
  const keys = Object.fromEntries([root, vendor, approval, online].map((k) => [k.keyID, k.toJSON()]));
  const roles = {
    root: { keyids: [root.keyID], threshold: 1 },
    targets: { keyids: [vendor.keyID, approval.keyID], threshold: 2 },
    snapshot: { keyids: [online.keyID], threshold: 1 },
    timestamp: { keyids: [online.keyID], threshold: 1 },
  };
  const signed = Root.fromJSON({ _type: 'root', spec_version: SPEC_VERSION, version, expires: addDays(now, EXPIRY_DAYS.root), consistent_snapshot: true, keys, roles });
  return new Metadata(signed);
}

/** A release's built artifact (an AppImage or deb from a build machine): a second target beside the tarball. */
export interface ReleaseArtifact {
  /** The target's name: the file's base name (`guichet-0.2.0.AppImage`). */
  readonly name: string;
  readonly length: number;
  readonly sha256: string;
}

/** A target name a release may carry besides the tarball: a plain file name. */
export const ARTIFACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;

/** targets.json of one release (unsigned; the vendor signs, then the lottery), with its built artifact when there is one. */
export function buildTargets(version: string, tarball: Buffer, now: string, artifact?: ReleaseArtifact): Metadata<Targets> {
  const signed = new Targets({ specVersion: SPEC_VERSION, version: targetsVersionOf(version), expires: addDays(now, EXPIRY_DAYS.targets) });
  signed.addTarget(
    new TargetFile({ path: RELEASE_TARGET, length: tarball.length, hashes: { sha256: createHash('sha256').update(tarball).digest('hex') }, unrecognizedFields: { custom: { version } } }),
  );
  if (artifact) {
    if (!ARTIFACT_NAME.test(artifact.name) || artifact.name === RELEASE_TARGET) throw new RangeError(`'${artifact.name}' cannot name a release's artifact (a plain file name other than ${RELEASE_TARGET})`);
    signed.addTarget(new TargetFile({ path: artifact.name, length: artifact.length, hashes: { sha256: artifact.sha256 }, unrecognizedFields: { custom: { version, artifact: true } } }));
  }
  return new Metadata(signed);
}

/** The built artifact a targets.json names besides the tarball, or null. */
export function artifactOf(targets: Metadata<Targets>): ReleaseArtifact | null {
  const t = Object.values(targets.signed.targets).find((x) => x.path !== RELEASE_TARGET && x.custom['artifact'] === true);
  return t && t.hashes['sha256'] ? { name: t.path, length: t.length, sha256: t.hashes['sha256'] } : null;
}

/** snapshot.json naming one targets.json (central signs it). */
export function buildSnapshot(version: number, targetsBytes: Buffer, targetsVersion: number, now: string): Metadata<Snapshot> {
  const meta = { 'targets.json': new MetaFile({ version: targetsVersion, length: targetsBytes.length, hashes: { sha256: createHash('sha256').update(targetsBytes).digest('hex') } }) };
  return new Metadata(new Snapshot({ specVersion: SPEC_VERSION, version, expires: addDays(now, EXPIRY_DAYS.snapshot), meta }));
}

/** timestamp.json naming one snapshot.json (central signs it). */
export function buildTimestamp(version: number, snapshotBytes: Buffer, snapshotVersion: number, now: string): Metadata<Timestamp> {
  const snapshotMeta = new MetaFile({ version: snapshotVersion, length: snapshotBytes.length, hashes: { sha256: createHash('sha256').update(snapshotBytes).digest('hex') } });
  return new Metadata(new Timestamp({ specVersion: SPEC_VERSION, version, expires: addDays(now, EXPIRY_DAYS.timestamp), snapshotMeta }));
}

export function parseRoot(bytes: Buffer | string): Metadata<Root> {
  return Metadata.fromJSON(MetadataKind.Root, JSON.parse(bytes.toString()) as Parameters<typeof Metadata.fromJSON>[1]);
}

export function parseTargets(bytes: Buffer | string): Metadata<Targets> {
  return Metadata.fromJSON(MetadataKind.Targets, JSON.parse(bytes.toString()) as Parameters<typeof Metadata.fromJSON>[1]);
}

/** The release a targets.json describes: its version, tarball length and sha256. Throws when it is not one of ours. */
export function releaseOf(targets: Metadata<Targets>): { version: string; targetsVersion: number; length: number; sha256: string } {
  const t = targets.signed.targets[RELEASE_TARGET];
  const version = t?.custom['version'];
  if (!t || typeof version !== 'string' || !t.hashes['sha256']) throw new RangeError(`targets.json holds no ${RELEASE_TARGET} with its version and sha256`);
  if (targetsVersionOf(version) !== targets.signed.version) throw new RangeError(`targets.json version ${targets.signed.version} is not release ${version}'s (${targetsVersionOf(version)})`);
  return { version, targetsVersion: targets.signed.version, length: t.length, sha256: t.hashes['sha256'] };
}

/**
 * Checks `md` carries at least the role's threshold of valid signatures by the keys root.json gives the
 * role (what the terminal's tuf-js checks too; central checks before it stores an approval).
 */
export function verifyRole(root: Metadata<Root>, role: TufRole, md: Metadata<Root | Targets | Snapshot | Timestamp>): void {
  root.verifyDelegate(role, md);
}
