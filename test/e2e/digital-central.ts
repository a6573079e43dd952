/**
 * A central and an enrolled counter for the digital games, made through the CLI exactly as a lottery
 * and a retailer would: `emission create` (Happy 2014 and Millionnaire, a few units), `central init`
 * with that key, `central publish`, `central terminal add`, `central serve` on 127.0.0.1 (a child
 * process, to stop for "central down"), then `guichet enroll`, `sync --once` (the outcome files), a
 * cash session open, and the kiosk on that folder (`kiosk --browser`, no --demo).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { run, serve, stopServed } from './central-process.js';
import { startKiosk } from './kiosk.js';

export const MANAGER = { name: 'Marie', pin: '123456' } as const;

export interface DigitalKiosk {
  readonly url: string;
  readonly dataDir: string;
  /** Stops central (SIGTERM, or SIGKILL: gone at once, as in a crash) and waits for it to exit. */
  stopCentral(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export const test = base.extend<{ digital: DigitalKiosk }>({
  digital: async ({}, use) => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-digital-'));
    const em = path.join(tmp, 'emission');
    const centralDir = path.join(tmp, 'central');
    const dataDir = path.join(tmp, 'terminal');
    const key = path.join(tmp, 'lottery.key');
    for (const game of ['happy-2014', 'millionnaire']) run(['emission', 'create', '--game', game, '--emission', '1', '--units', '30', '--workers', '0', '--key', key, '--out', em]);
    run(['central', 'init', '--data', centralDir, '--key', key]);
    run(['central', 'publish', em, '--data', centralDir]);
    const added = JSON.parse(run(['central', 'terminal', 'add', '--data', centralDir, '--id', 'SHOP-01', '--retailer', 'Tabac du Port', '--json'])) as { code: string; root: string };
    const central = await serve(centralDir);
    run(['enroll', '--data', dataDir, '--central', central.url, '--root', added.root, '--manager', MANAGER.name], { GUICHET_PIN: MANAGER.pin, GUICHET_ENROL_CODE: added.code });
    run(['sync', '--once', '--data', dataDir]);
    run(['session', 'open', '--float-cents', '20000', '--data', dataDir, '--operator', MANAGER.name], { GUICHET_PIN: MANAGER.pin });
    const kiosk = await startKiosk(dataDir, { demo: false });
    const stopCentral = (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => stopServed(central.child, signal);
    await use({ url: kiosk.url, dataDir, stopCentral });
    kiosk.child.kill('SIGTERM');
    await new Promise((r) => kiosk.child.once('exit', r));
    await stopCentral();
    rmSync(tmp, { recursive: true, force: true });
  },
});
