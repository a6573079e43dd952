/**
 * An on-path attacker (issue #20): a proxy on loopback between terminal T1 and central answers in
 * central's place or rewrites its answers. A forged "claimed" for a ticket paid at T2, a forged push
 * acknowledgement and a forged time are each no answer: nothing is applied (the ticket stays unpaid,
 * the outbox events stay unsent, the clock offset stays), and T1 works again once the proxy behaves.
 * A terminal whose clock is 20 minutes off learns central's signed time and then syncs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../../central/emission/export.js';
import { createEmission } from '../../../../central/emission/create.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { setConfig } from '../../../../central/store/feed.js';
import { publishEmission } from '../../../../central/store/publish.js';
import { pendingOutboxCount } from '../../../../db/queries/outbox.js';
import { syncStateRow } from '../../../../db/queries/sync-state.js';
import type { AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { CentralUnreachableError } from '../../../../main/services/sync/client.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { clockProblem } from '../../../../main/services/sync/trusted-clock.js';
import { payOrClaim } from '../../../../main/services/tickets/acts.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { rootOfCode } from '../../../central/support/letters.js';
import { forgedJson, startProxy, type Proxy, type ProxiedAnswer } from '../../../support/proxy.js';
import { dropCounters, enrolledCounter, refusedWith, type Counter } from './two-terminals.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };
const paidHere = (x: Counter, barcode: string): number =>
  (x.t.db.prepare('SELECT count(*) AS n FROM payouts WHERE unit = ?').get(Number(barcode.slice(8, 15))) as { n: number }).n;
const centralHolds = async (c: StartedCentral, terminal: string): Promise<number> =>
  Number((await c.central.db.query<{ n: string }>('SELECT count(*) AS n FROM journal_entries WHERE terminal_id = $1', [terminal]))[0]!.n);

describe.each(ENGINES)('an on-path attacker between T1 and central on %s', (engine) => {
  let c: StartedCentral;
  let proxy: Proxy;
  let a: Counter;
  let b: Counter;
  let tmp: string;
  let winners: string[];
  /** The last real answer central sent T1 through the proxy (its signature headers, to replay). */
  let lastReal: ProxiedAnswer | null = null;

  beforeAll(async () => {
    const url = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1', 'T2', 'T3'], ...(url ? { databaseUrl: url } : {}) });
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-on-path-'));
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 100, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(c.central, 'test', em);
    const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 100)];
    winners = units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 2000).map((u) => u.barcodes.validation);
    expect(winners.length).toBeGreaterThanOrEqual(5);
    // No payout without central's answer: a claim with no answer pays nothing.
    await setConfig(c.central, 'test', 'offline_max_count', 0);
    proxy = await startProxy({ target: c.url });
    proxy.setHook(async (_ex, forward) => (lastReal = await forward()));
    const pack = `${units[0]!.barcodes.inventory.slice(0, 3)}-007-01-00000`;
    a = await enrolledCounter(proxy.url, c.codes.T1!, { pack });
    b = await enrolledCounter(c.url, c.codes.T2!, { pack });
  }, 240_000);

  afterAll(async () => {
    dropCounters(a, b);
    await proxy?.close();
    await c?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('a forged "claimed" for a ticket paid at T2 is no answer: T1 pays nothing', async () => {
    const w = winners[0]!;
    expect((await payOrClaim(b.t, b.manager, w, after)).result.status).toBe('paid');
    const forged = { verdict: 'claimed', ticket: `${GAME}/7/1/0`, prize_cents: 1000, paid: null, held_until: new Date(Date.now() + 600_000).toISOString(), message: 'claimed' };
    for (const keepHeaders of [true, false]) {
      proxy.setHook(async (ex, forward) => {
        if (ex.path !== '/v1/claim') return forward();
        const real = await forward();
        return forgedJson(200, forged, keepHeaders ? real : undefined);
      });
      const before = proxy.forged();
      const e = await refusedWith(payOrClaim(a.t, a.manager, w, after), PayoutError);
      expect(proxy.forged()).toBeGreaterThan(before);
      expect(e.code).toBe('central-unreachable');
      expect(paidHere(a, w)).toBe(0);
    }
  }, 60_000);

  it('a forged push acknowledgement is no answer: the events stay unsent, central gets them once the proxy behaves', async () => {
    proxy.setHook(async (_ex, forward) => (lastReal = await forward()));
    const w = winners[1]!;
    expect((await payOrClaim(a.t, a.manager, w, after)).result.status).toBe('paid');
    const waiting = pendingOutboxCount(a.t.db);
    expect(waiting).toBeGreaterThan(0);
    const acked = syncStateRow(a.t.db)!.acked_seq;
    const replayed = lastReal!;
    proxy.setHook(async (ex, forward) => {
      if (ex.path !== '/v1/push') return forward();
      // Central never hears of the push; the terminal is told it holds everything, with a replayed signature.
      const push = JSON.parse(ex.body.toString('utf8')) as { entries: { seq: number; hash: string }[]; events: unknown[] };
      const last = push.entries.at(-1)!;
      return forgedJson(200, { last_seq: last.seq, last_hash: last.hash, stored_entries: push.entries.length, skipped_entries: 0, stored_events: push.events.length, skipped_events: 0 }, replayed);
    });
    const held = await centralHolds(c, 'T1');
    await expect(syncOnce(a.t, { client: { maxAttempts: 2, initialDelayMs: 10 } })).rejects.toBeInstanceOf(CentralUnreachableError);
    expect(pendingOutboxCount(a.t.db)).toBe(waiting);
    expect(syncStateRow(a.t.db)!.acked_seq).toBe(acked);
    expect(await centralHolds(c, 'T1')).toBe(held);
    proxy.setHook(null);
    await syncOnce(a.t);
    expect(pendingOutboxCount(a.t.db)).toBe(0);
    expect(await centralHolds(c, 'T1')).toBe(syncStateRow(a.t.db)!.acked_seq);
  }, 60_000);

  it('a forged refusal is no answer either: a "journal refused" 409 with a replayed signature marks nothing refused', async () => {
    const replayed = lastReal!;
    const w = winners[3]!;
    expect((await payOrClaim(a.t, a.manager, w, after)).result.status).toBe('paid');
    const waiting = pendingOutboxCount(a.t.db);
    proxy.setHook(async (ex, forward) => {
      if (ex.path !== '/v1/push') return forward();
      const last = syncStateRow(a.t.db)!;
      return forgedJson(409, { error: 'the chain does not continue', reason: 'chain_broken', at_seq: last.acked_seq + 1, last_seq: last.acked_seq, last_hash: last.acked_hash }, replayed);
    });
    await expect(syncOnce(a.t, { client: { maxAttempts: 2, initialDelayMs: 10 } })).rejects.toBeInstanceOf(CentralUnreachableError);
    expect(syncStateRow(a.t.db)!.refused_reason).toBeNull();
    expect(pendingOutboxCount(a.t.db)).toBe(waiting);
    proxy.setHook(null);
    await syncOnce(a.t);
    expect(pendingOutboxCount(a.t.db)).toBe(0);
  }, 60_000);

  it('a forged time is no answer: the clock offset stays, payouts go on', async () => {
    const offset = syncStateRow(a.t.db)!.clock_offset_ms;
    proxy.setHook(async (ex, forward) => {
      if (!ex.path.startsWith('/v1/time')) return forward();
      const real = await forward();
      return forgedJson(200, { now: new Date(Date.now() + 3_600_000).toISOString() }, real);
    });
    await expect(syncOnce(a.t, { client: { maxAttempts: 2, initialDelayMs: 10 } })).rejects.toBeInstanceOf(CentralUnreachableError);
    expect(syncStateRow(a.t.db)!.clock_offset_ms).toBe(offset);
    expect(clockProblem(a.t)).toBeNull();
    proxy.setHook(null);
    await syncOnce(a.t);
    expect((await payOrClaim(a.t, a.manager, winners[4]!, after)).result.status).toBe('paid');
  }, 60_000);

  it('a terminal whose clock is 20 minutes behind learns central\'s signed time, then syncs on the corrected clock', async () => {
    const dir = mkdtempSync(path.join(tmp, 'slow-'));
    const { terminal: t } = await enrollTerminal(dir, { centralUrl: c.url, code: c.codes.T3!, root: rootOfCode(c.codes.T3!), managerName: 'alice', pin: '123456', clock: () => new Date(Date.now() - 20 * 60_000) });
    try {
      const report = await syncOnce(t);
      expect(report.clock_offset_ms).toBeGreaterThan(19 * 60_000);
      expect(report.clock_offset_ms).toBeLessThan(21 * 60_000);
      expect(report.push.waiting).toBe(0);
      expect(await centralHolds(c, 'T3')).toBe(syncStateRow(t.db)!.acked_seq);
      // The trusted clock still refuses to pay on a clock this far behind central's.
      expect(clockProblem(t)).toMatch(/behind central's time/);
    } finally {
      t.close();
    }
  }, 60_000);
});
