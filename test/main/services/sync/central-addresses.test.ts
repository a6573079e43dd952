/**
 * #39 finding 7: the signed configuration's `central.urls` took the place of the addresses a terminal
 * was enrolled with, so a list pointing nowhere cut it off central for good (nothing it could hear any
 * more could undo it). The enrolled addresses stay as the fallback, tried once every configured one failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCentral } from '../../../../central/server/serve.js';
import { setConfig } from '../../../../central/store/feed.js';
import { CENTRAL_URLS_KEY } from '../../../../common/protocol/index.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { centralUrls } from '../../../../main/services/sync/terminal-client.js';
import { syncStateRow } from '../../../../db/queries/sync-state.js';
import { rootOfCode } from '../../../central/support/letters.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { centralStore, serveInProcess, type CentralStore } from './sync-fixture.js';

const fast = { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2, timeoutMs: 5000 };

/** A loopback address nothing listens on (a port taken, then let go). */
async function deadAddress(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe.each(ENGINES)('central.urls with the enrolled addresses as fallback, on %s', (engine) => {
  let store: CentralStore;
  let running: RunningCentral;
  let dir: string;

  beforeAll(async () => {
    store = await centralStore(['T1'], await databaseFor(engine));
    running = await serveInProcess(store);
    dir = mkdtempSync(path.join(tmpdir(), 'guichet-addresses-'));
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    store?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('a terminal whose configured list points nowhere still reaches central at its enrolled address', async () => {
    const code = store.codes.get('T1')!;
    const { terminal: t } = await enrollTerminal(dir, { centralUrl: running.url, code, root: rootOfCode(code), managerName: 'alice', pin: '123456', client: fast });
    try {
      const nowhere = await deadAddress();
      await setConfig(running.central, 'test', CENTRAL_URLS_KEY, [nowhere]);
      await syncOnce(t, { client: fast });
      // The configured list first, then the enrolled address.
      expect(centralUrls(t, syncStateRow(t.db)!.central_url)).toEqual([nowhere, running.url]);
      const heard = syncStateRow(t.db)!.feed_cursor;
      // Central undoes the list: the terminal, which can reach only its enrolled address, hears it.
      await setConfig(running.central, 'test', CENTRAL_URLS_KEY, [running.url]);
      const report = await syncOnce(t, { client: fast });
      expect(report.pull?.cursor).toBeGreaterThan(heard);
      expect(centralUrls(t, syncStateRow(t.db)!.central_url)).toEqual([running.url]);
    } finally {
      t.close();
    }
  }, 60_000);
});
