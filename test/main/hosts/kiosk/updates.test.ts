/**
 * The running kiosk keeps itself current (#23), on the host's own code path (prepareKiosk, which both
 * the Electron host and the browser host of `guichet kiosk` run): with a cash session open it
 * downloads the release central assigned it and says so on the Diagnostics screen, but installs
 * nothing; once the manager closes the till, it installs the release beside the running version and
 * asks the host to restart; the launcher then runs the new version's self-check and starts it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DiagnosticsReport } from '../../../../common/api/methods/diagnostics.js';
import { prepareKiosk, type PreparedKiosk } from '../../../../main/hosts/kiosk/prepare.js';
import { readUpdateState } from '../../../../main/services/updates/install.js';
import { updatePaths } from '../../../../main/services/updates/paths.js';
import { ROOT } from '../../services/updates/support.js';
import { updateCentral, type UpdateCentral } from './update-central.js';

let fixture: UpdateCentral;
let kiosk: PreparedKiosk | null = null;
let restarts = 0;

beforeAll(async () => {
  fixture = await updateCentral('0.2.0');
}, 120_000);

afterAll(async () => {
  await kiosk?.close();
  await fixture?.close();
  rmSync(fixture?.counter.dir ?? '/nonexistent', { recursive: true, force: true });
});

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await kiosk!.app.call(method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

describe('the kiosk host updates itself at the till close', () => {
  const paths = () => updatePaths(fixture.counter.dir);

  it('with a cash session open it downloads the update and says so, but installs nothing', async () => {
    kiosk = await prepareKiosk({
      dataDir: fixture.counter.dir,
      host: 'browser',
      sync: false,
      updates: { initialDelayMs: 0, intervalMs: 3_600_000, nodeModules: path.join(ROOT, 'node_modules') },
      onRestart: () => restarts++,
    });
    expect(kiosk.updates).not.toBeNull();
    await call('auth.login', { name: 'alice', pin: '123456' });
    // What the technician sees on the Diagnostics screen, in both languages.
    await vi.waitFor(
      async () => {
        const report = await call<DiagnosticsReport>('diagnostics.report', {});
        expect(report.updates.waiting).toBe('0.2.0');
      },
      { timeout: 30_000, interval: 100 },
    );
    const { updates } = await call<DiagnosticsReport>('diagnostics.report', {});
    expect(updates.en).toMatch(/^Version \d+\.\d+\.\d+, update 0\.2\.0 downloaded, will install at till close$/);
    expect(updates.fr).toMatch(/mise à jour 0\.2\.0 téléchargée : installée à la clôture de la caisse/);
    // Another round while the till is open: still waiting, nothing installed, no restart asked.
    expect(await kiosk.updates!.round()).toMatchObject({ state: 'waiting', reason: 'till_open' });
    expect(existsSync(paths().current)).toBe(false);
    expect(readUpdateState(paths())).toEqual({});
    expect(restarts).toBe(0);
    // The counter still works meanwhile.
    expect((await call<{ open: unknown }>('cash.status', {})).open).not.toBeNull();
  });

  it('closing the till installs it beside the running version and asks the host to restart', async () => {
    await call('cash.close', { counted_cents: 10_000, confirm_difference: true });
    await vi.waitFor(() => expect(restarts).toBe(1), { timeout: 30_000, interval: 50 });
    expect(readlinkSync(paths().current)).toBe(paths().versionDir('0.2.0'));
    expect(readUpdateState(paths()).pending).toMatchObject({ version: '0.2.0', sha256: fixture.release.sha256, previous: null });
    await kiosk!.close();
    kiosk = null;
  });

  it('the launcher then runs the new version after its self-check', async () => {
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet-launcher.js'), '--data', fixture.counter.dir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GUICHET_UPDATE_ROOT: fixture.rootFile } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.stderr).toContain('"outcome":"confirmed"');
    expect(r.stdout).toContain('Guichet 0.2.0 would start here');
    expect(r.code).toBe(0);
  }, 90_000);
});
