/**
 * The demo terminal's embedded central (`kiosk --demo`): the first start enrols the demo terminal with a
 * demo central served by `guichet central serve` in a child process (port remembered in
 * DATA/demo-central/port), the outcome files arrive through its feed, and the child stops with the
 * kiosk; a later start whose remembered port is taken serves on another one and the terminal's stored
 * central URL follows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncStateRow } from '../../../../db/queries/sync-state.js';
import { demoCentralDir } from '../../../../main/hosts/kiosk/demo-central.js';
import { prepareKiosk } from '../../../../main/hosts/kiosk/prepare.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { seedDemoCentralStore } from './demo-central-store.js';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function stored(dataDir: string): { url: string; files: number } {
  const t = openLotteryTerminal(dataDir);
  try {
    const files = t.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM blocks").get()?.n ?? 0;
    return { url: syncStateRow(t.db)?.central_url ?? '', files };
  } finally {
    t.close();
  }
}

describe('the demo central', () => {
  const dataDir = seedDemoCentralStore(mkdtempSync(path.join(tmpdir(), 'guichet-demo-central-')));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('enrols the demo terminal, serves it while the kiosk runs, and moves when its port is taken', { timeout: 180_000 }, async () => {
    const first = await prepareKiosk({ dataDir, host: 'browser', demo: true, sync: false });
    const port = Number(readFileSync(path.join(demoCentralDir(dataDir), 'port'), 'utf8'));
    expect(first.demoCentral).toBe(`http://127.0.0.1:${port}`);
    expect(await listening(port)).toBe(true);
    await first.close();
    expect(await listening(port)).toBe(false);
    const s1 = stored(dataDir);
    expect(s1.url).toBe(`http://127.0.0.1:${port}`);
    expect(s1.files).toBe(3);

    // Someone else holds the remembered port: another one, remembered, and the terminal follows.
    const squatter: Server = createServer();
    await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', r));
    try {
      const second = await prepareKiosk({ dataDir, host: 'browser', demo: true, sync: false });
      const moved = Number(readFileSync(path.join(demoCentralDir(dataDir), 'port'), 'utf8'));
      expect(moved).not.toBe(port);
      expect(second.demoCentral).toBe(`http://127.0.0.1:${moved}`);
      await second.close();
      expect(stored(dataDir).url).toBe(`http://127.0.0.1:${moved}`);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});
