/**
 * An update lands and stays on a terminal enrolled over TLS (issue 39, finding 5): central serves https
 * with the lottery's own authority, pinned at enrolment; the new version's self-check asks central's
 * health through that pin, trying every address the terminal holds (here a dead one first), so the
 * launcher confirms the release instead of rolling it back, and starts it again at the next start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCentral, type RunningCentral } from '../../../../central/server/serve.js';
import { makeTlsFiles } from '../../../../central/server/tls-files.js';
import { addUpdateRoot, approveRelease, setRing } from '../../../../central/store/updates.js';
import { syncStateRow, updateSyncState } from '../../../../db/queries/sync-state.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { checkForUpdate } from '../../../../main/services/updates/download.js';
import { currentTarget, installUpdate, readUpdateState } from '../../../../main/services/updates/install.js';
import { enrolledSource } from '../../../../main/services/updates/loop.js';
import { updatePaths } from '../../../../main/services/updates/paths.js';
import { writeRoot } from '../../../../scripts/release-lib.js';
import { rootOfCode } from '../../../central/support/letters.js';
import { centralStore, type CentralStore } from '../sync/sync-fixture.js';
import { buildFakeRelease, keyPair, ROOT } from './support.js';

let store: CentralStore;
let central: RunningCentral;
let ca: string;
let rootFile: string;

beforeAll(async () => {
  store = await centralStore(['T1']);
  const tls = makeTlsFiles(store.dir, ['127.0.0.1', 'localhost']);
  ca = readFileSync(tls.files.caCert, 'utf8');
  let skew = 0;
  central = await serveCentral({ dataDir: store.dir, listen: '127.0.0.1:0', tls: { certFile: tls.files.serverCert, keyFile: tls.files.serverKey }, now: () => new Date(Date.now() + (skew += 1000)).toISOString(), log: () => undefined });
  const vendor = keyPair();
  const approval = keyPair();
  rootFile = path.join(mkdtempSync(path.join(tmpdir(), 'guichet-tuf-root-')), 'root.json');
  writeRoot(rootFile, { rootKeyPem: readFileSync(store.rootKeyFile, 'utf8'), vendorPub: vendor.publicPem, approvalPub: approval.publicPem, onlinePub: central.central.lotteryKey.publicKeyPem }, 1, new Date().toISOString());
  await addUpdateRoot(central.central, 'test', readFileSync(rootFile, 'utf8'));
  await approveRelease(central.central, 'test', buildFakeRelease('0.2.0', 'real', vendor, approval).dir);
  await setRing(central.central, 'test', '0.2.0', { terminals: ['T1'] });
}, 120_000);

afterAll(async () => {
  await central?.close();
  store?.cleanup();
});

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

describe('an update on a terminal enrolled over TLS', () => {
  it('installs, passes its self-check through the pinned authority and every address, and stays', async () => {
    expect(central.url).toMatch(/^https:/);
    const dir = mkdtempSync(path.join(tmpdir(), 'guichet-tls-update-'));
    const code = store.codes.get('T1')!;
    const { terminal: t } = await enrollTerminal(dir, { centralUrl: central.url, code, root: rootOfCode(code), managerName: 'alice', pin: '123456', centralCa: ca, client: { initialDelayMs: 10, maxDelayMs: 200, maxAttempts: 20 } });
    const paths = updatePaths(dir);
    try {
      const dl = await checkForUpdate(t, paths, enrolledSource(t)!, { version: '0.1.0', sha256: null });
      expect(dl).toMatchObject({ state: 'downloaded', version: '0.2.0' });
      if (dl.state !== 'downloaded') return;
      expect((await installUpdate(t, paths, dl, { nodeModules: path.join(ROOT, 'node_modules') })).state).toBe('installed');
      // The terminal holds two addresses: one that no longer answers, then central's.
      updateSyncState(t.db, { central_url: `https://127.0.0.1:1,${syncStateRow(t.db)!.central_url}` });
    } finally {
      t.close();
    }
    const first = await launcher(dir);
    expect(first.stderr).toContain('"outcome":"confirmed"');
    expect(first.stdout).toContain('Guichet 0.2.0 would start here');
    expect(first.code).toBe(0);
    // It stays: nothing pending, `current` on 0.2.0, and the next start runs 0.2.0 again.
    expect(readUpdateState(paths)).toEqual({});
    expect(currentTarget(paths)).toBe(paths.versionDir('0.2.0'));
    const again = await launcher(dir);
    expect(again.stdout).toContain('Guichet 0.2.0 would start here');
    expect(again.stderr).not.toContain('rolled-back');
    expect(again.code).toBe(0);
  }, 120_000);
});
