/**
 * The self-check asks the configured devices (#23): a release installed on a terminal whose receipt
 * printer does not answer (a TCP printer that accepts the connection and never replies to its status
 * request) fails its self-check, and the launcher's supervision rolls it back by itself; the rollback
 * reaches central. The probes themselves are checked on the native drivers' virtual twins.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../common/canonical-json.js';
import { writeSetting } from '../../../../db/queries/terminal.js';
import { openPrinter } from '../../../../native/printer/open.js';
import type { VirtualPrinter } from '../../../../native/printer/virtual-printer.js';
import { createScanner } from '../../../../native/scanner/open-scanner.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { closeCashSession } from '../../../../main/services/cash/sessions.js';
import { printerCheck, scannerCheck } from '../../../../main/services/updates/device-checks.js';
import { checkForUpdate } from '../../../../main/services/updates/download.js';
import { currentTarget, installUpdate, readUpdateState } from '../../../../main/services/updates/install.js';
import { enrolledSource } from '../../../../main/services/updates/loop.js';
import { updatePaths } from '../../../../main/services/updates/paths.js';
import { runningSoftware } from '../../../../main/services/updates/software.js';
import { verifyRelease } from '../../../../main/services/updates/verify-release.js';
import { selfCheck } from '../../../../main/services/updates/self-check.js';
import { supervisePending } from '../../../../main/services/updates/supervise.js';
import { updateCentral, type UpdateCentral } from '../../hosts/kiosk/update-central.js';
import { ROOT } from './support.js';

let fixture: UpdateCentral;
let silent: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  fixture = await updateCentral('0.2.0');
  // A printer that takes the connection and never answers.
  silent = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent?.close(r));
  await fixture?.close();
  rmSync(fixture?.counter.dir ?? '/nonexistent', { recursive: true, force: true });
});

describe('the self-check probes the configured devices', () => {
  it('a virtual printer that answers passes; one gone offline, or a scanner that cannot open, fails', async () => {
    const t = openLotteryTerminal(fixture.counter.dir);
    try {
      const printer = openPrinter('virtual:selfcheck-probe') as VirtualPrinter;
      expect((await selfCheck(t, [printerCheck(printer)])).checks.find((c) => c.name === 'printer')).toMatchObject({ ok: true });
      const scanner = scannerCheck('virtual:probe', () => createScanner('virtual:probe'));
      expect(await scanner()).toMatchObject({ name: 'scanner', ok: true });
      const offline = { uri: 'virtual:unplugged', status: () => Promise.resolve({ online: false, coverOpen: false, paperOut: false, paperLow: false, reported: false, detail: 'no answer' }) };
      const report = await selfCheck(t, [printerCheck(offline as unknown as VirtualPrinter)]);
      expect(report.ok).toBe(false);
      expect(report.checks.find((c) => c.name === 'printer')).toMatchObject({ ok: false, detail: expect.stringMatching(/virtual:unplugged does not answer/) });
      expect(await scannerCheck('serial:/dev/guichet-no-such-scanner', () => createScanner('serial:/dev/guichet-no-such-scanner'))()).toMatchObject({ ok: false });
    } finally {
      t.close();
    }
  });

  it('a release whose self-check fails because the printer does not answer is rolled back by itself, and central hears of it', async () => {
    const dir = fixture.counter.dir;
    const paths = updatePaths(dir);
    const port = (silent.address() as AddressInfo).port;
    const t = openLotteryTerminal(dir);
    writeSetting(t.db, 'printer_uri', canonicalJson(`tcp://127.0.0.1:${port}`), t.now());
    closeCashSession(t, await authenticate(t, 'alice', '123456'), { counted_cents: 10_000, confirm_difference: true });
    const dl = await checkForUpdate(t, paths, enrolledSource(t)!, runningSoftware());
    expect(dl).toMatchObject({ state: 'downloaded', version: '0.2.0' });
    if (dl.state !== 'downloaded') return;
    expect(await installUpdate(t, paths, dl, { nodeModules: path.join(ROOT, 'node_modules') })).toMatchObject({ state: 'installed' });
    t.close();
    // What bin/guichet-launcher.js does: the release's self-check, and this installation's for the rollback.
    const own = [path.join(ROOT, 'bin/run-ts.js'), path.join(ROOT, 'main/hosts/update/self-check-main.ts')];
    const verify = (d: string) => verifyRelease(paths, d, fixture.rootFile, path.join(ROOT, 'node_modules'));
    const outcome = await supervisePending(paths, { verify, selfCheckOf: (d) => (d ? [path.join(d, 'app/selfcheck.mjs')] : own) });
    expect(outcome).toMatchObject({ outcome: 'rolled-back', version: '0.2.0', recorded: true });
    expect(outcome.outcome === 'rolled-back' && outcome.reason).toMatch(new RegExp(`printer tcp://127\\.0\\.0\\.1:${port} does not answer`));
    expect(currentTarget(paths)).toBeNull();
    expect(existsSync(paths.current)).toBe(false);
    expect(readUpdateState(paths)).toEqual({});
    const heard = await fixture.central.central.db.query<{ type: string; payload: { version: string; reason?: string } }>(`SELECT type, payload FROM journal_entries WHERE terminal_id = 'T1' AND type LIKE 'update.%' ORDER BY seq`);
    expect(heard.map((h) => `${h.type} ${h.payload.version}`)).toEqual(['update.downloaded 0.2.0', 'update.installed 0.2.0', 'update.rolled-back 0.2.0']);
    expect(heard.at(-1)?.payload.reason).toMatch(/printer .* does not answer/);
  }, 120_000);
});
