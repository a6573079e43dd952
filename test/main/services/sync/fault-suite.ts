/**
 * Exactly once through faults: 5,000 sales, voids and payouts synced through a proxy that injects 500
 * random faults (`npm run soak`; 1,000 operations and 100 faults in `npm test`) (drops, delays, cut bodies, duplicated requests, resets, 5xx); central killed by SIGKILL
 * in the middle of a batch and restarted; the terminal killed in the middle of a push. Afterwards
 * central's copy of the journal equals the terminal's entry for entry, and every outbox event arrived
 * once (0 lost, 0 duplicated).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCentral } from '../../../../central/store/open.js';
import { syncStateRow } from '../../../../db/queries/sync-state.js';
import { pendingOutboxCount } from '../../../../db/queries/outbox.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { startFaultProxy, type FaultProxy } from '../../../support/proxy-faults.js';
import { soakSize } from '../../../support/soak.js';
import { centralEventKeys, centralJournal, terminalEventKeys, terminalJournal } from './compare.js';
import { runOps } from './ops.js';
import { databaseFor, releaseDatabase, type Engine } from '../../../central/support/engines.js';
import { centralStore, enrolledCounter, ROOT, serveChild, serveInProcess, type CentralStore, type EnrolledCounter } from './sync-fixture.js';

/** Operations and faults of the first test: the soak's sizes, or a fifth of them. */
const OPS = soakSize(1000, 5000);
const FAULTS = soakSize(100, 500);

const FAST = { client: { initialDelayMs: 5, maxDelayMs: 50, maxAttempts: 30, timeoutMs: 10_000 } } as const;

/** Syncs until a round succeeds (each failed round is a fault the terminal must survive). */
async function syncUntilDone(c: EnrolledCounter, batchSize: number, maxRounds = 200): Promise<void> {
  for (let i = 0; i < maxRounds; i++) {
    try {
      const r = await syncOnce(c.t, { ...FAST, batchSize });
      if (r.push.waiting === 0) return;
    } catch {
      /* a fault: try again */
    }
  }
  throw new Error('sync did not complete');
}

async function expectSameAtCentral(store: CentralStore, c: EnrolledCounter): Promise<void> {
  const central = await openCentral({ dataDir: store.dir, databaseUrl: store.databaseUrl });
  try {
    const mine = terminalJournal(c.t);
    const theirs = await centralJournal(central.db, c.t.id);
    expect(theirs.length).toBe(mine.length);
    expect(theirs).toEqual(mine);
    const keys = terminalEventKeys(c.t);
    const held = await centralEventKeys(central.db, c.t.id);
    expect(held.length).toBe(keys.length);
    expect(new Set(held).size).toBe(held.length);
    expect(held.map((k) => (k.includes('/') ? k : `${c.t.id}/${k}`)).sort()).toEqual(keys.sort());
  } finally {
    await central.db.close();
  }
  expect(pendingOutboxCount(c.t.db)).toBe(0);
  expect(syncStateRow(c.t.db)?.acked_seq).toBe(terminalJournal(c.t).length);
}

/** The fault tests against central on one engine (one test file per engine keeps each under two minutes). */
export function faultSuite(engine: Engine): void {
describe(`sync through faults, central on ${engine}`, () => {
  let store: CentralStore;
  beforeAll(async () => {
    store = await centralStore(['F1', 'K1', 'P1'], await databaseFor(engine));
  });
  afterAll(async () => {
    store?.cleanup();
    await releaseDatabase(engine);
  });

  it(`${OPS.toLocaleString('en')} operations and ${FAULTS} random faults: central holds the journal entry for entry, 0 lost, 0 duplicated`, async () => {
    const central = await serveInProcess(store);
    let proxy: FaultProxy | undefined;
    let c: EnrolledCounter | undefined;
    try {
      proxy = await startFaultProxy({ target: central.url, seed: 'faults-5000', rate: 0.7, maxFaults: FAULTS, maxDelayMs: 20 });
      c = await enrolledCounter(proxy.url, store.codes.get('F1')!, { inMemoryDisk: true });
      const counts = { sales: 0, voids: 0, payouts: 0 };
      for (let chunk = 0; chunk < OPS / 100; chunk++) {
        runOps(c, 100, `faults-${chunk}`, counts);
        await syncOnce(c.t, { ...FAST, batchSize: 250 }).catch(() => undefined);
      }
      expect(counts.sales + counts.voids + counts.payouts).toBe(OPS);
      while (proxy.faults() < FAULTS) await syncOnce(c.t, { ...FAST, batchSize: 250 }).catch(() => undefined);
      await syncUntilDone(c, 1000);
      expect(proxy.faults()).toBe(FAULTS);
      for (const n of Object.values(proxy.counts)) expect(n).toBeGreaterThan(0);
    } finally {
      await proxy?.close();
      await central.close();
    }
    await expectSameAtCentral(store, c);
    c.cleanup();
  }, 150_000);

  it('central killed by SIGKILL in the middle of a batch, then restarted: nothing lost, nothing twice', async () => {
    let server = await serveChild(store);
    let killed = 0;
    let pushes = 0;
    const proxy = await startFaultProxy({
      target: server.url,
      seed: 'kill',
      rate: 0,
      maxFaults: 0,
      onRequest: async (r) => {
        if (r.path !== '/v1/push' || r.bytes < 1000) return;
        pushes++;
        // Let the batch reach central, then kill it while it works on it.
        if (pushes % 3 === 0 && killed < 2) {
          killed++;
          const victim = server;
          setTimeout(() => void victim.kill(), 3 + killed * 4);
        }
      },
    });
    let c: EnrolledCounter | undefined;
    try {
      c = await enrolledCounter(proxy.url, store.codes.get('K1')!, { inMemoryDisk: true });
      runOps(c, 400, 'kill');
      for (let round = 0; round < 60 && syncStateRow(c.t.db)!.acked_seq < terminalJournal(c.t).length; round++) {
        await syncOnce(c.t, { client: { initialDelayMs: 5, maxDelayMs: 50, maxAttempts: 3 }, batchSize: 200 }).catch(() => undefined);
        if (server.child.exitCode !== null || server.child.signalCode !== null) {
          server = await serveChild(store);
          proxy.retarget(server.url);
        }
      }
      expect(killed).toBeGreaterThan(0);
    } finally {
      await server.kill();
      await proxy.close();
    }
    await expectSameAtCentral(store, c);
    c.cleanup();
  });

  it('the terminal killed in the middle of a push: the next push completes, nothing lost, nothing twice', async () => {
    const central = await serveInProcess(store);
    let c: EnrolledCounter | undefined;
    let child: ReturnType<typeof spawn> | undefined;
    let proxy: FaultProxy | undefined;
    try {
      let pushes = 0;
      proxy = await startFaultProxy({
        target: central.url,
        seed: 'terminal-kill',
        rate: 0,
        maxFaults: 0,
        onRequest: async (r) => {
          if (r.path === '/v1/push' && ++pushes === 3) {
            // The terminal dies while its batch is on the wire; the proxy still delivers it.
            child?.kill('SIGKILL');
          }
        },
      });
      c = await enrolledCounter(proxy.url, store.codes.get('P1')!, { inMemoryDisk: true });
      runOps(c, 500, 'terminal-kill');
      child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet.js'), 'sync', '--once', '--batch', '50', '--data', c.dir], { stdio: 'ignore' });
      const exit = await new Promise<NodeJS.Signals | number | null>((r) => child!.once('exit', (code, signal) => r(signal ?? code)));
      expect(exit).toBe('SIGKILL');
      const partly = syncStateRow(c.t.db)!.acked_seq;
      expect(partly).toBeLessThan(terminalJournal(c.t).length);
      await syncUntilDone(c, 500);
    } finally {
      await proxy?.close();
      await central.close();
    }
    await expectSameAtCentral(store, c);
    c.cleanup();
  });
});
}
