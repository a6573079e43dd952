/**
 * Who gets which release (issue #23). Central serves a TUF repository per terminal: the root.json
 * versions the lottery's root signed, the targets.json of the newest approved release whose ring holds
 * the terminal (signed offline by the vendor's build key and the lottery's approval key: central cannot
 * forge one), and a snapshot and timestamp it signs with its online key at each request. A ring is a
 * share of the fleet in ten-thousandths (hash(id) mod 10000 < share: the same terminals stay in as the
 * share grows) and/or a list of terminals. Shares only go up: a bad release is stopped by approving a
 * newer, fixed one (a terminal never goes back to an older version, TUF's rollback protection).
 *
 * Terminals report their version and tarball hash with every push; once the lottery approved at least
 * one release, a terminal on a version it did not approve is refused claims and sales
 * ('version_not_approved') after the grace period; its pushes are still taken (evidence).
 */
import { createHash, createPublicKey } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Metadata, Root } from '@tufjs/models';
import type { SoftwareReport } from '../../common/protocol/index.js';
import { artifactOf, buildSnapshot, buildTimestamp, metadataBytes, parseRoot, parseTargets, releaseOf, RELEASE_TARGET, signMetadata, TARGET_MAX_BYTES, tufKey, verifyRole } from '../../node/updates/tuf.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { lotteryRoot } from './keys.js';

/** Default grace before a terminal on an unapproved version is refused claims and sales. */
export const DEFAULT_GRACE_HOURS = 72;
export const SHARE_SCALE = 10_000;

/** The terminal's place in the fleet, 0 … 9999: the first 4 bytes of sha256(id), mod 10000. */
export function ringBucket(terminalId: string): number {
  return createHash('sha256').update(terminalId, 'utf8').digest().readUInt32BE(0) % SHARE_SCALE;
}

interface ReleaseRow {
  version: string;
  targets_version: number;
  targets: string;
  sha256: string;
  length: number;
  approved_at: string;
  approved_by: string;
  share: number;
  terminals: string[];
  ring_changed_at: string | null;
}

function inRing(r: Pick<ReleaseRow, 'share' | 'terminals'>, terminalId: string): boolean {
  return r.terminals.includes(terminalId) || ringBucket(terminalId) < r.share;
}

async function releases(q: Queryable): Promise<ReleaseRow[]> {
  const rows = await q.query<ReleaseRow>('SELECT * FROM update_releases ORDER BY targets_version DESC');
  return rows.map((r) => ({ ...r, length: Number(r.length), targets_version: Number(r.targets_version) }));
}

export function targetsDir(c: Central): string {
  return path.join(c.dataDir, 'updates', 'targets');
}

async function latestRoot(q: Queryable): Promise<{ version: number; md: Metadata<Root> } | null> {
  const row = (await q.query<{ version: number; body: string }>('SELECT version, body FROM update_roots ORDER BY version DESC LIMIT 1'))[0];
  return row ? { version: row.version, md: parseRoot(row.body) } : null;
}

function pemOf(key: string): string {
  return createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
}

/**
 * `updates.root`: a root.json the lottery's root signed. Its root role must be the lottery's root (the one
 * this central holds), its snapshot and timestamp roles central's online key, its targets role two
 * keys with threshold 2; a new version is also signed by the root of the version before (TUF rotation).
 */
export async function addUpdateRoot(c: Central, actor: string, body: string): Promise<{ version: number; already: boolean }> {
  let md: Metadata<Root>;
  try {
    md = parseRoot(body);
  } catch (err) {
    throw new CentralError('bad_root', `root.json is not TUF root metadata: ${(err as Error).message}`, 400);
  }
  return c.db.transaction(async (tx) => {
    const { root } = await lotteryRoot(tx);
    const rootKey = tufKey(root.public_key);
    const role = (name: string) => md.signed.roles[name];
    if (role('root')?.keyIDs.length !== 1 || role('root')?.keyIDs[0] !== rootKey.keyID || md.signed.keys[rootKey.keyID]?.keyVal['public'] !== pemOf(root.public_key)) {
      throw new CentralError('bad_root', 'root.json\'s root role is not the lottery\'s root key this central holds', 400);
    }
    const online = tufKey(c.lotteryKey.publicKey).keyID;
    for (const r of ['snapshot', 'timestamp']) {
      if (role(r)?.keyIDs.join() !== online) throw new CentralError('bad_root', `root.json's ${r} role is not this central's online key (${c.lotteryKey.fingerprint.slice(0, 16)}…)`, 400);
    }
    const targets = role('targets');
    if (!targets || targets.threshold !== 2 || targets.keyIDs.length !== 2) throw new CentralError('bad_root', 'root.json\'s targets role must be the vendor\'s build key and the lottery\'s approval key, threshold 2', 400);
    try {
      verifyRole(md, 'root', md);
    } catch (err) {
      throw new CentralError('bad_root', `root.json is not signed by the lottery's root: ${(err as Error).message}`, 400);
    }
    const prev = await latestRoot(tx);
    if (prev && md.signed.version === prev.version) {
      if (metadataBytes(prev.md).equals(metadataBytes(md))) return { version: prev.version, already: true };
      throw new CentralError('root_exists', `root version ${prev.version} is already held, with other contents`, 409);
    }
    const expected = (prev?.version ?? 0) + 1;
    if (md.signed.version !== expected) throw new CentralError('bad_root', `root.json is version ${md.signed.version}; the next one is ${expected}`, 400);
    if (prev) {
      try {
        verifyRole(prev.md, 'root', md);
      } catch (err) {
        throw new CentralError('bad_root', `root version ${expected} is not signed by the root of version ${prev.version}: ${(err as Error).message}`, 400);
      }
    }
    const now = c.now();
    await tx.execute('INSERT INTO update_roots (version, body, added_at) VALUES ($1, $2, $3)', [expected, metadataBytes(md).toString('utf8'), now]);
    await journalAtCentral(c, tx, now, actor, 'update.root', { version: expected });
    return { version: expected, already: false };
  });
}

/**
 * `updates.approve`: a release folder (targets.json signed by both the vendor and the lottery, and
 * guichet.tar.gz). Central checks the signatures against its root and the tarball against targets.json
 * before it keeps either; the release starts with an empty ring.
 */
export async function approveRelease(c: Central, actor: string, dir: string): Promise<{ version: string; sha256: string; already: boolean }> {
  const targetsFile = path.join(dir, 'targets.json');
  const tarFile = path.join(dir, RELEASE_TARGET);
  if (!existsSync(targetsFile) || !existsSync(tarFile)) throw new CentralError('bad_release', `${dir} holds no targets.json and ${RELEASE_TARGET} (npm run release makes them)`, 400);
  const size = statSync(tarFile).size;
  if (size > TARGET_MAX_BYTES) throw new CentralError('bad_release', `${RELEASE_TARGET} is ${size} bytes, over ${TARGET_MAX_BYTES}`, 400);
  let md;
  let rel;
  try {
    md = parseTargets(readFileSync(targetsFile));
    rel = releaseOf(md);
  } catch (err) {
    throw new CentralError('bad_release', `targets.json: ${(err as Error).message}`, 400);
  }
  const bytes = readFileSync(tarFile);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length !== rel.length || sha !== rel.sha256) throw new CentralError('bad_release', `${RELEASE_TARGET} is not the one targets.json signs (length or sha256 differ)`, 400);
  return c.db.transaction(async (tx) => {
    const root = await latestRoot(tx);
    if (!root) throw new CentralError('no_update_root', 'no root.json yet: add the lottery\'s (guichet central updates root FILE)', 409);
    try {
      verifyRole(root.md, 'targets', md);
    } catch (err) {
      throw new CentralError('bad_release', `release ${rel.version} lacks the vendor's and the lottery's signatures: ${(err as Error).message}`, 400);
    }
    const held = (await releases(tx)).find((r) => r.version === rel.version || r.targets_version === rel.targetsVersion);
    if (held) {
      if (held.sha256 === rel.sha256) return { version: rel.version, sha256: rel.sha256, already: true };
      throw new CentralError('release_exists', `release ${rel.version} is already approved with another tarball: a version is never reused`, 409);
    }
    const dest = targetsDir(c);
    mkdirSync(dest, { recursive: true });
    // A built artifact (AppImage, deb) the release names: checked like the tarball, kept beside it.
    const art = artifactOf(md);
    if (art) {
      const from = path.join(dir, art.name);
      if (!existsSync(from)) throw new CentralError('bad_release', `${dir} holds no ${art.name}, which targets.json names`, 400);
      const artSha = createHash('sha256').update(readFileSync(from)).digest('hex');
      if (statSync(from).size !== art.length || artSha !== art.sha256) throw new CentralError('bad_release', `${art.name} is not the one targets.json signs (length or sha256 differ)`, 400);
      const to = path.join(dest, `${art.sha256}.${art.name}`);
      copyFileSync(from, `${to}.tmp`);
      renameSync(`${to}.tmp`, to);
    }
    const file = path.join(dest, `${sha}.${RELEASE_TARGET}`);
    copyFileSync(tarFile, `${file}.tmp`);
    renameSync(`${file}.tmp`, file);
    const now = c.now();
    await tx.execute(
      'INSERT INTO update_releases (version, targets_version, targets, sha256, length, approved_at, approved_by) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [rel.version, rel.targetsVersion, metadataBytes(md).toString('utf8'), sha, bytes.length, now, actor],
    );
    await journalAtCentral(c, tx, now, actor, 'update.approve', { version: rel.version, sha256: sha, length: bytes.length });
    return { version: rel.version, sha256: sha, already: false };
  });
}

/** `updates.ring`: raises a release's share (ten-thousandths of the fleet) and/or adds terminals to its list. */
export async function setRing(c: Central, actor: string, version: string, change: { share?: number | undefined; terminals?: string[] | undefined }): Promise<{ version: string; share: number; terminals: string[] }> {
  return c.db.transaction(async (tx) => {
    const r = (await releases(tx)).find((x) => x.version === version);
    if (!r) throw new CentralError('unknown_release', `release ${version} is not approved at this central (guichet central updates list)`, 404);
    const share = change.share ?? r.share;
    if (share < r.share) throw new CentralError('share_down', `release ${version} already reaches ${r.share}/10000 of the fleet: a share only goes up (approve a newer release to replace it)`, 409);
    const terminals = [...new Set([...r.terminals, ...(change.terminals ?? [])])].sort();
    const now = c.now();
    await tx.execute('UPDATE update_releases SET share = $2, terminals = $3::jsonb, ring_changed_at = $4 WHERE version = $1', [version, share, JSON.stringify(terminals), now]);
    await journalAtCentral(c, tx, now, actor, 'update.ring', { version, share, terminals });
    return { version, share, terminals };
  });
}

/** `updates.grace`: hours a terminal may stay on an unapproved version before claims and sales are refused. */
export async function setGrace(c: Central, actor: string, hours: number): Promise<{ grace_hours: number }> {
  return c.db.transaction(async (tx) => {
    await tx.execute(`INSERT INTO update_settings (key, value) VALUES ('grace_hours', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [JSON.stringify(hours)]);
    await journalAtCentral(c, tx, c.now(), actor, 'update.grace', { grace_hours: hours });
    return { grace_hours: hours };
  });
}

async function graceHours(q: Queryable): Promise<number> {
  const row = (await q.query<{ value: unknown }>(`SELECT value FROM update_settings WHERE key = 'grace_hours'`))[0];
  return typeof row?.value === 'number' ? row.value : DEFAULT_GRACE_HOURS;
}

/** `updates.list`: approved releases, their rings, and how many terminals report each version. */
export async function listReleases(c: Central): Promise<{ releases: Omit<ReleaseRow, 'targets'>[]; grace_hours: number; software: { version: string; sha256: string | null; terminals: number }[] }> {
  const rows = (await releases(c.db)).map(({ targets: _, ...r }) => r);
  const software = await c.db.query<{ version: string; sha256: string | null; terminals: number }>(
    'SELECT version, sha256, count(*)::int AS terminals FROM terminal_software GROUP BY version, sha256 ORDER BY version',
  );
  return { releases: rows, grace_hours: await graceHours(c.db), software };
}

/** Records what a terminal runs (inside the push's transaction); `since` moves only when it changes. */
export async function recordSoftware(tx: Queryable, terminalId: string, s: SoftwareReport, now: string): Promise<void> {
  await tx.execute(
    `INSERT INTO terminal_software (terminal_id, version, sha256, reported_at, since) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (terminal_id) DO UPDATE SET reported_at = EXCLUDED.reported_at,
       since = CASE WHEN terminal_software.version = EXCLUDED.version AND terminal_software.sha256 IS NOT DISTINCT FROM EXCLUDED.sha256 THEN terminal_software.since ELSE EXCLUDED.since END,
       version = EXCLUDED.version, sha256 = EXCLUDED.sha256`,
    [terminalId, s.version, s.sha256, now],
  );
}

/** The software a terminal last reported (the console's fleet view reads this). */
export async function terminalSoftware(q: Queryable, terminalId: string): Promise<{ version: string; sha256: string | null; reported_at: string; since: string } | null> {
  return (await q.query<{ version: string; sha256: string | null; reported_at: string; since: string }>('SELECT version, sha256, reported_at, since FROM terminal_software WHERE terminal_id = $1', [terminalId]))[0] ?? null;
}

/**
 * Throws 'version_not_approved' (403) when the terminal runs a version the lottery did not approve (same
 * version and tarball hash) for longer than the grace period. Nothing is enforced before the lottery
 * approved its first release, nor for a terminal that never reported (software older than #23).
 */
export async function assertApprovedSoftware(c: Central, terminalId: string): Promise<void> {
  const rows = await releases(c.db);
  if (rows.length === 0) return;
  const s = await terminalSoftware(c.db, terminalId);
  if (!s) return;
  if (rows.some((r) => r.version === s.version && r.sha256 === s.sha256)) return;
  const grace = await graceHours(c.db);
  const until = Date.parse(s.since) + grace * 3_600_000;
  if (Date.parse(c.now()) < until) return;
  throw new CentralError(
    'version_not_approved',
    `terminal ${terminalId} runs Guichet ${s.version} (${s.sha256 ? `${s.sha256.slice(0, 12)}…` : 'no release hash'}), which the lottery has not approved, since ${s.since} (grace ${grace} h): it must update before it claims or sells`,
    403,
  );
}

/** What central serves a terminal under /v1/updates/<terminal>/metadata/<name>: bytes, or null (404). */
export async function updateMetadata(c: Central, terminalId: string, name: string): Promise<Buffer | null> {
  const rootMatch = /^([1-9]\d{0,8})\.root\.json$/.exec(name);
  if (rootMatch) {
    const row = (await c.db.query<{ body: string }>('SELECT body FROM update_roots WHERE version = $1', [Number(rootMatch[1])]))[0];
    return row ? Buffer.from(row.body, 'utf8') : null;
  }
  const all = await releases(c.db);
  const targetsMatch = /^([1-9]\d{0,9})\.targets\.json$/.exec(name);
  if (targetsMatch) {
    const r = all.find((x) => x.targets_version === Number(targetsMatch[1]));
    return r ? Buffer.from(r.targets, 'utf8') : null;
  }
  const mine = all.find((r) => inRing(r, terminalId));
  if (!mine) return null;
  const nowS = Math.floor(Date.parse(c.now()) / 1000);
  const snapshotOf = (version: number): Buffer => {
    const md = buildSnapshot(version, Buffer.from(mine.targets, 'utf8'), mine.targets_version, new Date(version * 1000).toISOString());
    signMetadata(md, c.lotteryKey.privateKey);
    return metadataBytes(md);
  };
  if (name === 'timestamp.json') {
    // One version per second of central's clock: always newer than the one before, the same bytes within a second.
    const md = buildTimestamp(nowS, snapshotOf(nowS), nowS, new Date(nowS * 1000).toISOString());
    signMetadata(md, c.lotteryKey.privateKey);
    return metadataBytes(md);
  }
  const snapMatch = /^([1-9]\d{0,11})\.snapshot\.json$/.exec(name);
  if (snapMatch) {
    const v = Number(snapMatch[1]);
    return v <= nowS + 5 ? snapshotOf(v) : null;
  }
  return null;
}

/** The tarball file of an approved release, by `<sha256>.guichet.tar.gz`, or null. */
export async function updateTargetFile(c: Central, name: string): Promise<{ path: string; size: number; sha256: string } | null> {
  const a = /^([0-9a-f]{64})\.(.+)$/.exec(name);
  if (a && a[2] !== RELEASE_TARGET) {
    // A release's built artifact: served when an approved release's targets.json names it with that hash.
    for (const r of await c.db.query<{ targets: string }>('SELECT targets FROM update_releases')) {
      const art = artifactOf(parseTargets(r.targets));
      if (art && art.sha256 === a[1] && art.name === a[2]) {
        const file = path.join(targetsDir(c), `${art.sha256}.${art.name}`);
        return existsSync(file) ? { path: file, size: art.length, sha256: art.sha256 } : null;
      }
    }
    return null;
  }
  const m = /^([0-9a-f]{64})\.guichet\.tar\.gz$/.exec(name);
  if (!m) return null;
  const r = (await c.db.query<{ sha256: string; length: number }>('SELECT sha256, length FROM update_releases WHERE sha256 = $1', [m[1]]))[0];
  if (!r) return null;
  const file = path.join(targetsDir(c), name);
  return existsSync(file) ? { path: file, size: Number(r.length), sha256: r.sha256 } : null;
}
