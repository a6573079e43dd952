/**
 * The launcher runs only the release TUF verified, and the version a terminal reports is measured from it
 * (issue 39, finding 6). The data folder's holder plants a `versions/current` of its own (and a pending
 * update whose self-check is its code), edits a file of an installed release, and forges an
 * `installed.json` naming the approved release: nothing of theirs runs, and the report stays "no
 * approved release" (no hash), which central refuses after the grace period.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { closeCashSession } from '../../../../main/services/cash/sessions.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { checkForUpdate } from '../../../../main/services/updates/download.js';
import { installUpdate, switchCurrent, writeUpdateState } from '../../../../main/services/updates/install.js';
import { enrolledSource } from '../../../../main/services/updates/loop.js';
import { updatePaths } from '../../../../main/services/updates/paths.js';
import { runningSoftware } from '../../../../main/services/updates/software.js';
import { updateCentral, type UpdateCentral } from '../../hosts/kiosk/update-central.js';
import { ROOT } from './support.js';

let fixture: UpdateCentral;

beforeAll(async () => {
  fixture = await updateCentral('0.2.0');
  const t = openLotteryTerminal(fixture.counter.dir);
  try {
    closeCashSession(t, await authenticate(t, 'alice', '123456'), { counted_cents: 10_000, confirm_difference: true });
    const paths = updatePaths(fixture.counter.dir);
    const dl = await checkForUpdate(t, paths, enrolledSource(t)!, { version: '0.1.0', sha256: null });
    if (dl.state !== 'downloaded') throw new Error(`no download: ${dl.en}`);
    const inst = await installUpdate(t, paths, dl, { nodeModules: path.join(ROOT, 'node_modules') });
    if (inst.state !== 'installed') throw new Error(`not installed: ${inst.en}`);
    writeUpdateState(paths, {}); // its self-check is not this test's subject
  } finally {
    t.close();
  }
}, 120_000);

afterAll(async () => {
  await fixture?.close();
});

/** The launcher with a command that makes this installation's own version stop at once (an unknown option). */
function launcher(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet-launcher.js'), '--data', dir, '--no-such-option'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GUICHET_UPDATE_ROOT: fixture.rootFile } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A version folder of the holder's own: a release.json, code that leaves a mark, and an installed.json naming the approved release. */
function plant(version: string, mark: string): string {
  const paths = updatePaths(fixture.counter.dir);
  const dir = paths.versionDir(version);
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ version, start: 'app/start.mjs', selfcheck: 'app/start.mjs' }));
  writeFileSync(path.join(dir, 'app', 'start.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(mark)}, 'ran');\nconsole.log('PLANTED CODE RAN');\n`);
  writeFileSync(path.join(dir, 'installed.json'), JSON.stringify({ version: '0.2.0', sha256: fixture.release.sha256 }));
  return dir;
}

describe('the launcher runs only the verified release', () => {
  const paths = () => updatePaths(fixture.counter.dir);

  it('starts the installed release as verified', async () => {
    const r = await launcher(fixture.counter.dir);
    expect(r.stdout).toContain('Guichet 0.2.0 would start here');
  }, 60_000);

  it('does not run a planted versions/current, nor a planted pending update\'s self-check', async () => {
    const marks = mkdtempSync(path.join(tmpdir(), 'guichet-marks-'));
    const planted = plant('0.9.0', path.join(marks, 'current'));
    switchCurrent(paths(), planted);
    const r = await launcher(fixture.counter.dir);
    expect(r.stdout).not.toContain('PLANTED CODE RAN');
    expect(existsSync(path.join(marks, 'current'))).toBe(false);
    expect(r.stderr).toMatch(/0\.9\.0 is not a verified release, not started/);
    expect(r.stderr).toContain("unknown option '--no-such-option'"); // this installation's own version started instead

    // A pending update of theirs, with a backup where the installer would have made it.
    const pending = plant('0.9.1', path.join(marks, 'pending'));
    const backup = path.join(paths().backupsDir, 'before-0.9.1.db');
    copyFileSync(path.join(fixture.counter.dir, 'guichet.db'), backup);
    writeUpdateState(paths(), { pending: { version: '0.9.1', sha256: fixture.release.sha256, previous: planted, backup, installed_at: new Date().toISOString() } });
    switchCurrent(paths(), pending);
    const p = await launcher(fixture.counter.dir);
    expect(p.stdout).not.toContain('PLANTED CODE RAN');
    expect(existsSync(path.join(marks, 'pending'))).toBe(false);
    expect(existsSync(path.join(marks, 'current'))).toBe(false);
    expect(p.stderr).toMatch(/"outcome":"rolled-back","version":"0\.9\.1".*not a verified release/);
    switchCurrent(paths(), paths().versionDir('0.2.0'));
  }, 120_000);

  it('does not start an installed release once a file of it was changed', async () => {
    const start = path.join(paths().versionDir('0.2.0'), 'app', 'start.mjs');
    const before = readFileSync(start);
    appendFileSync(start, "console.log('PLANTED CODE RAN');\n");
    try {
      const r = await launcher(fixture.counter.dir);
      expect(r.stdout).not.toContain('PLANTED CODE RAN');
      expect(r.stderr).toMatch(/app\/start\.mjs differs from the verified release/);
    } finally {
      writeFileSync(start, before);
    }
  }, 60_000);
});

describe('the version a terminal reports is measured', () => {
  it('the installed release reports its version and hash', () => {
    expect(runningSoftware(updatePaths(fixture.counter.dir).versionDir('0.2.0'), fixture.rootFile)).toEqual({ version: '0.2.0', sha256: fixture.release.sha256 });
  });

  it('a forged installed.json naming the approved release does not change the report', () => {
    const approved = JSON.stringify({ version: '0.2.0', sha256: fixture.release.sha256 });
    // Beside the running code's package.json (an installation, a checkout)…
    const home = mkdtempSync(path.join(tmpdir(), 'guichet-home-'));
    writeFileSync(path.join(home, 'package.json'), JSON.stringify({ name: 'guichet', version: '0.1.0' }));
    writeFileSync(path.join(home, 'installed.json'), approved);
    expect(runningSoftware(home, fixture.rootFile).sha256).toBeNull();
    // …and in a version folder of the holder's own.
    const planted = plant('0.9.2', path.join(home, 'mark'));
    expect(runningSoftware(planted, fixture.rootFile).sha256).toBeNull();
  });
});
