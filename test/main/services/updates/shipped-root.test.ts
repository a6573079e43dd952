/**
 * A release ships the lottery's trusted root.json (#23): `npm run release -- build --root` puts it in the
 * release folder and in the tarball (beside package.json, where the installed version's terminal looks
 * for it), and `--artifact FILE` names a built artifact in targets.json with its length and sha256. A
 * fresh terminal starts its updates from the shipped root.json when it is the root it was enrolled with,
 * and refuses one that is not (nothing trusted, nothing downloaded).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactOf, parseTargets, releaseOf } from '../../../../node/updates/tuf.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { checkForUpdate, downloadArtifact } from '../../../../main/services/updates/download.js';
import { approveRelease, setRing } from '../../../../central/store/updates.js';
import { updatePaths } from '../../../../main/services/updates/paths.js';
import { untarGz } from '../../../../main/services/updates/untar.js';
import { approveReleaseFolder, writeRoot } from '../../../../scripts/release-lib.js';
import { updateCentral, type UpdateCentral } from '../../hosts/kiosk/update-central.js';
import { keyPair, ROOT } from './support.js';

let fixture: UpdateCentral;
let t: LotteryTerminal;
const tmp = mkdtempSync(path.join(tmpdir(), 'guichet-shipped-root-'));
/** The release the first test builds with the CLI (0.3.0, with its artifact). */
const rel030 = path.join(tmp, 'rel-0.3.0');

beforeAll(async () => {
  fixture = await updateCentral('0.2.0');
  t = openLotteryTerminal(fixture.counter.dir);
}, 120_000);

afterAll(async () => {
  t?.close();
  await fixture?.close();
  rmSync(fixture?.counter.dir ?? '/nonexistent', { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

/** `npm run release -- build --no-build --from PROJECT …` on a small compiled project. */
function releaseBuild(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/run-ts.js'), path.join(ROOT, 'scripts/release.ts'), 'build', '--no-build', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the release ships its trusted root.json and its built artifact', () => {
  it('npm run release -- build --root --artifact: root.json in the release and its tarball, the artifact signed in targets.json', () => {
    const project = path.join(tmp, 'project');
    mkdirSync(path.join(project, 'out/main/hosts/update'), { recursive: true });
    mkdirSync(path.join(project, 'bin'));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'guichet', version: '0.0.0' }));
    writeFileSync(path.join(project, 'out/main/hosts/update/self-check-main.js'), '');
    writeFileSync(path.join(project, 'bin/guichet.js'), '');
    const artifact = path.join(tmp, 'guichet-0.3.0.AppImage');
    const dummy = Buffer.from('not really an AppImage, but signed like one\n'.repeat(100));
    writeFileSync(artifact, dummy);
    const rootFile = path.join(tmp, 'root.json');
    writeFileSync(rootFile, fixture.rootJson);
    const key = path.join(tmp, 'vendor.key');
    writeFileSync(key, fixture.vendor.privatePem);
    const out = rel030;
    const r = releaseBuild(['--from', project, '--version', '0.3.0', '--vendor-key', key, '--root', rootFile, '--artifact', artifact, '--out', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(out, 'root.json')).equals(fixture.rootJson)).toBe(true);
    const unpacked = path.join(tmp, 'unpacked');
    untarGz(readFileSync(path.join(out, 'guichet.tar.gz')), unpacked, 1 << 24);
    expect(readFileSync(path.join(unpacked, 'root.json')).equals(fixture.rootJson)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8'))).toMatchObject({ name: 'guichet', version: '0.3.0' });
    const md = parseTargets(readFileSync(path.join(out, 'targets.json')));
    expect(releaseOf(md).version).toBe('0.3.0');
    expect(artifactOf(md)).toEqual({ name: 'guichet-0.3.0.AppImage', length: dummy.length, sha256: createHash('sha256').update(dummy).digest('hex') });
    expect(readFileSync(path.join(out, 'guichet-0.3.0.AppImage')).equals(dummy)).toBe(true);
    // Without the lottery's root.json there is no release; a file that is not a signed root is refused.
    expect(releaseBuild(['--from', project, '--version', '0.3.1', '--vendor-key', key, '--out', path.join(tmp, 'x')]).code).not.toBe(0);
    const notRoot = path.join(tmp, 'not-root.json');
    writeFileSync(notRoot, '{"signed":{}}');
    expect(releaseBuild(['--from', project, '--version', '0.3.1', '--vendor-key', key, '--root', notRoot, '--out', path.join(tmp, 'y')]).code).not.toBe(0);
  });

  it('a fresh terminal starts its updates from the shipped root.json when it is its enrolment root', async () => {
    const paths = updatePaths(mkdtempSync(path.join(tmp, 'fresh-')));
    const shipped = path.join(tmp, 'shipped-root.json');
    writeFileSync(shipped, fixture.rootJson);
    const r = await checkForUpdate(t, paths, { url: fixture.central.url, shippedRoot: shipped }, { version: '0.1.0', sha256: null });
    expect(r).toMatchObject({ state: 'downloaded', version: '0.2.0' });
    expect(readFileSync(path.join(paths.metadataDir, 'root.json')).equals(fixture.rootJson)).toBe(true);
  });

  it('a shipped root.json that is not the lottery root it enrolled with is refused: nothing trusted, nothing downloaded', async () => {
    const paths = updatePaths(mkdtempSync(path.join(tmp, 'mismatch-')));
    const other = keyPair();
    const forged = path.join(tmp, 'forged-root.json');
    writeRoot(forged, { rootKeyPem: other.privatePem, vendorPub: fixture.vendor.publicPem, approvalPub: fixture.approval.publicPem, onlinePub: fixture.central.central.lotteryKey.publicKeyPem }, 1, new Date().toISOString());
    const r = await checkForUpdate(t, paths, { url: fixture.central.url, shippedRoot: forged }, { version: '0.1.0', sha256: null });
    expect(r).toMatchObject({ state: 'refused', reason: 'no_root' });
    expect(r.state === 'refused' && r.en).toMatch(/shipped with this version's root role is not the lottery root this terminal was enrolled with/);
    expect(r.fr).toMatch(/Aucune racine de confiance/);
    expect(existsSync(path.join(paths.metadataDir, 'root.json'))).toBe(false);
    expect(existsSync(paths.downloadsDir)).toBe(false);
  });

  it("the release's artifact is verified at download against its signed length and sha256", async () => {
    approveReleaseFolder(rel030, fixture.approval.privatePem);
    await approveRelease(fixture.central.central, 'test', rel030);
    await setRing(fixture.central.central, 'test', '0.3.0', { terminals: ['T1'] });
    const shipped = path.join(tmp, 'shipped-root.json');
    const round = async () => {
      const paths = updatePaths(mkdtempSync(path.join(tmp, 'artifact-')));
      expect(await checkForUpdate(t, paths, { url: fixture.central.url, shippedRoot: shipped }, { version: '0.1.0', sha256: null })).toMatchObject({ state: 'downloaded', version: '0.3.0' });
      return { paths, r: await downloadArtifact(t, paths, { url: fixture.central.url }) };
    };
    const good = await round();
    expect(good.r).toMatchObject({ state: 'downloaded', name: 'guichet-0.3.0.AppImage' });
    const dummy = readFileSync(path.join(rel030, 'guichet-0.3.0.AppImage'));
    expect(good.r.state === 'downloaded' && readFileSync(good.r.file).equals(dummy)).toBe(true);
    // Central's copy swapped for other bytes of the same length: refused, nothing kept.
    const stored = path.join(fixture.store.dir, 'updates', 'targets', `${createHash('sha256').update(dummy).digest('hex')}.guichet-0.3.0.AppImage`);
    expect(existsSync(stored)).toBe(true);
    const forged = Buffer.from(dummy);
    forged[10] = forged[10]! ^ 0xff;
    writeFileSync(stored, forged);
    if (good.r.state === 'downloaded') rmSync(good.r.file);
    const bad = await downloadArtifact(t, good.paths, { url: fixture.central.url });
    expect(bad).toMatchObject({ state: 'refused', reason: 'target_mismatch' });
    expect(readdirSync(good.paths.downloadsDir).filter((f) => f.includes('AppImage'))).toEqual([]);
  });
});
