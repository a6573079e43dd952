/**
 * Signed, staged updates end to end (#23), on loopback: central (PGlite) serving the TUF repository,
 * an enrolled counter updating itself from fake releases made by the release code, and a tampered
 * update server serving TUF's attacks. Nothing installs from an attack, the counter keeps selling and
 * paying, and says why; a release whose self-check fails is rolled back by itself onto the database as
 * it was, and central hears of it; a ring reaches only its terminals.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCentral, type RunningCentral } from '../../../../central/server/serve.js';
import { setConfig } from '../../../../central/store/feed.js';
import { CentralError } from '../../../../central/store/context.js';
import { addUpdateRoot, approveRelease, assertApprovedSoftware, ringBucket, setGrace, setRing, terminalSoftware, updateMetadata } from '../../../../central/store/updates.js';
import { MIGRATIONS } from '../../../../db/migrations/index.js';
import { softwareUpdateRows } from '../../../../db/queries/software-updates.js';
import { buildSnapshot, buildTimestamp, metadataBytes, parseTargets, releaseOf, signMetadata } from '../../../../node/updates/tuf.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { claimAtCentral } from '../../../../main/services/sync/claim.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { checkForUpdate, updateStatus } from '../../../../main/services/updates/download.js';
import { currentTarget, installUpdate, readUpdateState } from '../../../../main/services/updates/install.js';
import { updatePaths, type UpdatePaths } from '../../../../main/services/updates/paths.js';
import { supervisePending } from '../../../../main/services/updates/supervise.js';
import { verifyRelease } from '../../../../main/services/updates/verify-release.js';
import { writeRoot } from '../../../../scripts/release-lib.js';
import { runOps } from '../sync/ops.js';
import { centralStore, enrolledCounter, type CentralStore, type EnrolledCounter } from '../sync/sync-fixture.js';
import { buildFakeRelease, keyPair, ROOT, tamperedServer, type BuiltRelease, type KeyPair, type TamperedServer } from './support.js';

const OLD = { version: '0.1.0', sha256: null } as const;

let store: CentralStore;
let central: RunningCentral;
let counter: EnrolledCounter;
let vendor: KeyPair;
let approval: KeyPair;
let rootJson: Buffer;
let rootFile: string;
let skewMs = 0;
// Central's clock runs a little ahead at each round, so each timestamp it signs is a newer version.
const tick = () => (skewMs += 1500);

beforeAll(async () => {
  store = await centralStore(['T1', 'T2', 'T3']);
  central = await serveCentral({ dataDir: store.dir, listen: '127.0.0.1:0', now: () => new Date(Date.now() + skewMs).toISOString() });
  counter = await enrolledCounter(central.url, store.codes.get('T1')!);
  vendor = keyPair();
  approval = keyPair();
  rootFile = path.join(mkdtempSync(path.join(tmpdir(), 'guichet-tuf-root-')), 'root.json');
  writeRoot(rootFile, { rootKeyPem: readFileSync(store.rootKeyFile, 'utf8'), vendorPub: vendor.publicPem, approvalPub: approval.publicPem, onlinePub: central.central.lotteryKey.publicKeyPem }, 1, new Date().toISOString());
  rootJson = readFileSync(rootFile);
  await addUpdateRoot(central.central, 'test', rootJson.toString('utf8'));
}, 120_000);

afterAll(async () => {
  try {
    counter?.cleanup();
  } catch {
    // already closed by a test that reopened it
  }
  await central?.close();
  store?.cleanup();
});

/** A fresh trust store for a terminal: its own folder, seeded with the lottery's root.json. */
function seededPaths(): UpdatePaths {
  const paths = updatePaths(mkdtempSync(path.join(tmpdir(), 'guichet-updates-')));
  mkdirSync(paths.metadataDir, { recursive: true });
  writeFileSync(path.join(paths.metadataDir, 'root.json'), rootJson);
  return paths;
}

/** `node bin/guichet-launcher.js --data DIR`, asynchronously (central answers from this process meanwhile). */
function launcher(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet-launcher.js'), '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GUICHET_UPDATE_ROOT: rootFile } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function journalCount(t: LotteryTerminal): number {
  return (t.db.prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n;
}

describe('a tampered update server (TUF attacks)', () => {
  let server: TamperedServer;
  let good: BuiltRelease;
  let newer: BuiltRelease;
  const online = () => central.central.lotteryKey.privateKey;
  const base = (name: string) => `/v1/updates/T1/metadata/${name}`;
  const target = (sha: string) => `/v1/updates/T1/targets/${sha}.guichet.tar.gz`;

  beforeAll(async () => {
    server = await tamperedServer();
    good = buildFakeRelease('0.2.0', 'real', vendor, approval);
    newer = buildFakeRelease('0.3.0', 'real', vendor, approval);
  });
  afterAll(() => server.close());

  /** Serves `release` as a repository: timestamp and snapshot at `version`, signed by central's key unless told. */
  function serve(release: BuiltRelease, opts: { version: number; now?: string; targetsBytes?: Buffer; tarball?: Buffer } = { version: 1 }): void {
    const now = opts.now ?? new Date().toISOString();
    const targetsBytes = opts.targetsBytes ?? readFileSync(path.join(release.dir, 'targets.json'));
    const targetsVersion = parseTargets(targetsBytes).signed.version;
    const snap = buildSnapshot(opts.version, targetsBytes, targetsVersion, now);
    signMetadata(snap, online());
    const snapBytes = metadataBytes(snap);
    const ts = buildTimestamp(opts.version, snapBytes, opts.version, now);
    signMetadata(ts, online());
    server.files.set(base('timestamp.json'), metadataBytes(ts));
    server.files.set(base(`${opts.version}.snapshot.json`), snapBytes);
    server.files.set(base(`${targetsVersion}.targets.json`), targetsBytes);
    server.files.set(target(release.sha256), opts.tarball ?? readFileSync(path.join(release.dir, 'guichet.tar.gz')));
  }

  /** Runs one update round against the tampered server; checks nothing was kept and the counter still sells and pays. */
  async function attacked(paths: UpdatePaths, reason: string): Promise<void> {
    const before = journalCount(counter.t);
    const r = await checkForUpdate(counter.t, paths, { url: server.url }, OLD);
    expect(r.state).toBe('refused');
    if (r.state !== 'refused') return;
    expect(r.reason).toBe(reason);
    expect(r.fr.length).toBeGreaterThan(10);
    expect(r.en.length).toBeGreaterThan(10);
    expect(r.fr).not.toBe(r.en);
    // Nothing downloaded or installed; the journal holds no new entry.
    expect(existsSync(paths.downloadsDir) ? readdirSync(paths.downloadsDir).filter((f) => f.endsWith('.tar.gz')) : []).toEqual([]);
    expect(existsSync(paths.versionsDir)).toBe(false);
    expect(journalCount(counter.t)).toBe(before);
    expect(softwareUpdateRows(counter.t.db, 1)[0]).toMatchObject({ step: 'refused', reason });
    expect(updateStatus(counter.t)).toMatchObject({ step: 'refused', fr: r.fr, en: r.en });
    const ops = runOps(counter, 4, `after-${reason}`);
    expect(ops.sales + ops.voids + ops.payouts).toBeGreaterThan(0);
  }

  it('an arbitrary package (the tarball is not the one whose hash was signed)', async () => {
    const bytes = readFileSync(path.join(good.dir, 'guichet.tar.gz'));
    const forged = Buffer.from(bytes);
    forged[forged.length - 10] = forged[forged.length - 10]! ^ 0xff;
    serve(good, { version: 10, tarball: forged });
    await attacked(seededPaths(), 'target_mismatch');
  });

  it('endless data (the tarball runs past its signed length)', async () => {
    const bytes = readFileSync(path.join(good.dir, 'guichet.tar.gz'));
    serve(good, { version: 11, tarball: Buffer.concat([bytes, Buffer.alloc(1024 * 1024, 7)]) });
    await attacked(seededPaths(), 'too_long');
  });

  it('too few signatures (targets signed by the vendor only)', async () => {
    const vendorOnly = buildFakeRelease('0.2.0', 'real', vendor, null);
    serve(vendorOnly, { version: 12 });
    await attacked(seededPaths(), 'signatures');
  });

  it('indefinite freeze (a timestamp past its expiry, replayed)', async () => {
    serve(good, { version: 13, now: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    await attacked(seededPaths(), 'expired');
  });

  it('expired metadata (targets signed long ago, expired since)', async () => {
    const stale = buildFakeRelease('0.2.0', 'real', vendor, approval, new Date(Date.now() - 400 * 86_400_000).toISOString());
    serve(stale, { version: 14 });
    await attacked(seededPaths(), 'expired');
  });

  it('mix-and-match (a snapshot of one release with the targets of another)', async () => {
    serve(good, { version: 15 });
    // The snapshot names 0.2.0's targets.json (version 2000); the server answers that name with 0.3.0's.
    server.files.set(base(`${releaseOf(parseTargets(readFileSync(path.join(good.dir, 'targets.json')))).targetsVersion}.targets.json`), readFileSync(path.join(newer.dir, 'targets.json')));
    await attacked(seededPaths(), 'mismatch');
  });

  it('a cut download resumes where it stopped (HTTP Range), and is verified whole', async () => {
    const paths = seededPaths();
    const bytes = readFileSync(path.join(good.dir, 'guichet.tar.gz'));
    serve(good, { version: 16 });
    mkdirSync(paths.downloadsDir, { recursive: true });
    const half = Math.floor(bytes.length / 2);
    writeFileSync(path.join(paths.downloadsDir, `${good.sha256}.part`), bytes.subarray(0, half));
    server.asked.length = 0;
    const r = await checkForUpdate(counter.t, paths, { url: server.url }, OLD);
    expect(r).toMatchObject({ state: 'downloaded', version: '0.2.0', sha256: good.sha256 });
    expect(server.asked).toContain(`${target(good.sha256)} bytes=${half}-`);
    expect(readFileSync(path.join(paths.downloadsDir, `${good.sha256}.tar.gz`)).equals(bytes)).toBe(true);
    // The same release downloaded again into a new downloads folder (the old one lost) is the same
    // event: downloaded and verified again, journaled and told to central once.
    const downloaded = () => (counter.t.db.prepare("SELECT count(*) AS n FROM journal WHERE type = 'update.downloaded' AND json_extract(payload, '$.sha256') = ?").get(good.sha256) as { n: number }).n;
    expect(downloaded()).toBe(1);
    const again = await checkForUpdate(counter.t, seededPaths(), { url: server.url }, OLD);
    expect(again).toMatchObject({ state: 'downloaded', version: '0.2.0', sha256: good.sha256 });
    expect(downloaded()).toBe(1);
  });

  it("a root.json that is not the enrolment root's is never trusted", async () => {
    const paths = updatePaths(mkdtempSync(path.join(tmpdir(), 'guichet-updates-')));
    const other = keyPair();
    const forged = path.join(mkdtempSync(path.join(tmpdir(), 'guichet-forged-root-')), 'root.json');
    // An attacker's root: its own key as root, and itself as vendor, approver and online key.
    const attacker = keyPair();
    writeRoot(forged, { rootKeyPem: other.privatePem, vendorPub: attacker.publicPem, approvalPub: keyPair().publicPem, onlinePub: attacker.publicPem }, 1, new Date().toISOString());
    server.files.set(base('1.root.json'), readFileSync(forged));
    serve(good, { version: 17 });
    await attacked(paths, 'no_root');
    expect(existsSync(path.join(paths.metadataDir, 'root.json'))).toBe(false);
    server.files.delete(base('1.root.json'));
  });

  it('a terminal in no ring hears that nothing is offered to it, in both languages', async () => {
    server.files.clear();
    const r = await checkForUpdate(counter.t, seededPaths(), { url: server.url }, OLD);
    expect(r).toMatchObject({ state: 'current', version: '0.1.0' });
    expect(r.fr).toMatch(/Aucune version/);
    expect(r.en).toMatch(/No version offered/);
  });

  it('rollback to an older release (older metadata after newer ones were seen)', async () => {
    const paths = seededPaths();
    serve(newer, { version: 30 });
    const seen = await checkForUpdate(counter.t, paths, { url: server.url }, { version: '0.3.0', sha256: newer.sha256 });
    expect(seen.state).toBe('current'); // running 0.3.0 already: the terminal now trusts version 30
    serve(good, { version: 20 });
    await attacked(paths, 'rollback');
  });
});

describe('central decides who gets what', () => {
  it('central takes only a root.json the lottery root signed, naming its own online key', async () => {
    const c = central.central;
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-roots-'));
    const other = keyPair();
    const rootPem = readFileSync(store.rootKeyFile, 'utf8');
    const body = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    writeRoot(path.join(dir, 'a.json'), { rootKeyPem: other.privatePem, vendorPub: vendor.publicPem, approvalPub: approval.publicPem, onlinePub: c.lotteryKey.publicKeyPem }, 2, new Date().toISOString());
    await expect(addUpdateRoot(c, 'test', body('a.json'))).rejects.toThrow(/not the lottery's root key/);
    writeRoot(path.join(dir, 'b.json'), { rootKeyPem: rootPem, vendorPub: vendor.publicPem, approvalPub: approval.publicPem, onlinePub: other.publicPem }, 2, new Date().toISOString());
    await expect(addUpdateRoot(c, 'test', body('b.json'))).rejects.toThrow(/online key/);
    writeRoot(path.join(dir, 'c.json'), { rootKeyPem: rootPem, vendorPub: vendor.publicPem, approvalPub: other.publicPem, onlinePub: c.lotteryKey.publicKeyPem }, 1, new Date().toISOString());
    await expect(addUpdateRoot(c, 'test', body('c.json'))).rejects.toThrow(/already held/);
    expect(await addUpdateRoot(c, 'test', rootJson.toString('utf8'))).toEqual({ version: 1, already: true });
  });

  it('a ring reaches only its terminals, and raising the share keeps them in', async () => {
    const c = central.central;
    const r = buildFakeRelease('0.5.0', 'real', vendor, approval);
    await approveRelease(c, 'test', r.dir);
    const ids = Array.from({ length: 40 }, (_, i) => `R${i}`);
    const share = 5000;
    await setRing(c, 'test', '0.5.0', { share, terminals: ['T3'] });
    const targetsOf = async (id: string): Promise<number | null> => {
      const ts = await updateMetadata(c, id, 'timestamp.json');
      if (!ts) return null;
      const v = (JSON.parse(ts.toString()) as { signed: { meta: { 'snapshot.json': { version: number } } } }).signed.meta['snapshot.json'].version;
      const snap = await updateMetadata(c, id, `${v}.snapshot.json`);
      return (JSON.parse(snap!.toString()) as { signed: { meta: { 'targets.json': { version: number } } } }).signed.meta['targets.json'].version;
    };
    for (const id of ids) expect(await targetsOf(id)).toBe(ringBucket(id) < share ? 5000 : null);
    expect(await targetsOf('T3')).toBe(5000); // by the list
    await expect(setRing(c, 'test', '0.5.0', { share: 1000 })).rejects.toThrow(/only goes up/);
    await setRing(c, 'test', '0.5.0', { share: 10_000 });
    for (const id of ids) expect(await targetsOf(id)).toBe(5000);
    // Central refuses a release the lottery did not sign.
    await expect(approveRelease(c, 'test', buildFakeRelease('0.6.0', 'real', vendor, null).dir)).rejects.toThrow(/signatures/);
  });

  it('a terminal on an unapproved version still pushes; after the grace period its claims are refused', async () => {
    const c = central.central;
    // Once the lottery approved a release (here 0.4.0, in no ring), versions it did not approve have a grace period.
    await approveRelease(c, 'test', buildFakeRelease('0.4.0', 'real', vendor, approval).dir);
    runOps(counter, 2, 'grace');
    await syncOnce(counter.t);
    expect(await terminalSoftware(c.db, 'T1')).toMatchObject({ version: '0.1.0', sha256: null });
    await assertApprovedSoftware(c, 'T1'); // within the grace period
    await setGrace(c, 'test', 0);
    const err = await assertApprovedSoftware(c, 'T1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CentralError);
    expect((err as CentralError).reason).toBe('version_not_approved');
    // At central's door: an online claim is refused, with the reason.
    const claim = await claimAtCentral(counter.t, counter.validation[5]!);
    expect(claim).toMatchObject({ kind: 'refused', reason: 'version_not_approved' });
    expect(claim.kind === 'refused' && claim.message).toMatch(/Guichet 0\.1\.0 .*not approved/);
    runOps(counter, 2, 'grace-2');
    await syncOnce(counter.t); // the push is still taken
    await setGrace(c, 'test', 72);
  });
});

describe('the terminal updates itself, and rolls a failed release back by itself', () => {
  it('installs at the maintenance window, confirms a good release, rolls a failing one back onto its untouched database; central hears of it', async () => {
    const c = central.central;
    const paths = updatePaths(counter.dir);
    // No root.json yet: the first round takes central's, checked against the root the terminal was enrolled with.
    expect(existsSync(path.join(paths.metadataDir, 'root.json'))).toBe(false);
    const good = buildFakeRelease('0.7.0', 'real', vendor, approval);
    await approveRelease(c, 'test', good.dir);
    await setRing(c, 'test', '0.7.0', { terminals: ['T1'] });
    tick();
    const dl = await checkForUpdate(counter.t, paths, { url: central.url }, OLD);
    expect(dl).toMatchObject({ state: 'downloaded', version: '0.7.0', sha256: good.sha256 });
    if (dl.state !== 'downloaded') return;
    // The till is open: it waits.
    expect((await installUpdate(counter.t, paths, dl)).state).toBe('waiting');
    // The signed configuration gives a maintenance window covering the whole day: it installs.
    const paris = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
    await setConfig(c, 'test', 'update_window', { from: paris(Date.now() - 3_600_000), to: paris(Date.now() + 3_600_000) });
    await syncOnce(counter.t);
    const inst = await installUpdate(counter.t, paths, dl, { nodeModules: path.join(ROOT, 'node_modules') });
    expect(inst.state).toBe('installed');
    expect(readlinkSync(paths.current)).toBe(paths.versionDir('0.7.0'));
    counter.t.close();
    // The launcher runs the new version's self-check (the real one: database, journal, central), then starts it.
    const launched = await launcher(counter.dir);
    expect(launched.code).toBe(0);
    expect(launched.stdout).toContain('Guichet 0.7.0 would start here');
    expect(launched.stderr).toContain('"outcome":"confirmed"');
    const launch = { verify: (dir: string) => verifyRelease(paths, dir, rootFile, path.join(ROOT, 'node_modules')), selfCheckOf: (dir: string | null) => [path.join(dir ?? path.join(paths.versionsDir, 'none'), 'app/selfcheck.mjs')] };

    // A release whose migration fails halfway.
    let t = openLotteryTerminal(counter.dir);
    const bad = buildFakeRelease('0.8.0', 'fail-migration', vendor, approval);
    await approveRelease(c, 'test', bad.dir);
    await setRing(c, 'test', '0.8.0', { terminals: ['T1'] });
    tick();
    const dl2 = await checkForUpdate(t, paths, { url: central.url }, { version: '0.7.0', sha256: good.sha256 });
    expect(dl2.state).toBe('downloaded');
    if (dl2.state !== 'downloaded') return;
    expect((await installUpdate(t, paths, dl2)).state).toBe('installed');
    const seqBefore = journalCount(t);
    t.close();
    const rolled = await supervisePending(paths, launch);
    expect(rolled).toMatchObject({ outcome: 'rolled-back', version: '0.8.0', recorded: true });
    expect(rolled.outcome === 'rolled-back' && rolled.reason).toMatch(/migration 99 failed/);
    // Back on 0.7.0, on the database as it was before the failed migration.
    expect(currentTarget(paths)).toBe(paths.versionDir('0.7.0'));
    expect(readUpdateState(paths)).toEqual({});
    t = openLotteryTerminal(counter.dir);
    try {
      expect(t.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(t.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'half_migrated'`).get()).toBeUndefined();
      expect(verifyJournal(t).ok).toBe(true);
      const types = (t.db.prepare('SELECT type FROM journal WHERE seq > ? ORDER BY seq').all(seqBefore - 1) as { type: string }[]).map((r) => r.type);
      expect(types).toContain('update.rolled-back');
      expect(softwareUpdateRows(t.db, 5).map((r) => r.step)).toContain('rolled-back');
      // Central heard of it: the rollback's entry reached it with the push the rollback made.
      const heard = await c.db.query<{ type: string; payload: { version: string } }>(`SELECT type, payload FROM journal_entries WHERE terminal_id = 'T1' AND type LIKE 'update.%' ORDER BY seq`);
      expect(heard.filter((h) => ['0.7.0', '0.8.0'].includes(h.payload.version)).map((h) => `${h.type} ${h.payload.version}`)).toEqual(['update.downloaded 0.7.0', 'update.installed 0.7.0', 'update.downloaded 0.8.0', 'update.installed 0.8.0', 'update.rolled-back 0.8.0']);
    } finally {
      t.close();
      rmSync(paths.versionsDir, { recursive: true, force: true });
    }
  }, 120_000);
});
