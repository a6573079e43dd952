/**
 * Central survives its database's machine (#21): a pg_auto_failover formation (monitor, primary, one
 * synchronous standby) on loopback, central on its multi-host URL, two terminals paying winners and
 * pushing; the primary node killed by SIGKILL (its keeper and its postgres) in the middle. Afterwards
 * nothing central acknowledged is lost (every online payout's claim held as paid for its terminal, each
 * terminal's journal at central entry for entry), no ticket is paid twice, and the terminals carried on
 * (offline within their allowance while no server took writes, online again after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmission } from '../../central/emission/create.js';
import { exportUnits } from '../../central/emission/export.js';
import { readPrintFile } from '../../central/emission/print-file.js';
import { payoutExceptions, ticketKey } from '../../central/store/claims.js';
import { gameByCode } from '../../games/index.js';
import { parseBarcode } from '../../games/ticket-id.js';
import { requireAutoFailover, startFormation, type Formation } from '../support/local-formation.js';
import { publishEmission } from '../../central/store/publish.js';
import { syncStateRow } from '../../db/queries/sync-state.js';
import type { AfterCommit } from '../../main/services/receipts/after-commit.js';
import { syncOnce } from '../../main/services/sync/sync.js';
import { payOrClaim } from '../../main/services/tickets/acts.js';
import { centralJournal, terminalJournal } from '../main/services/sync/compare.js';
import { dropCounters, enrolledCounter, type Counter } from '../main/services/sync/two-terminals.js';
import { startCentral, type StartedCentral } from './support/start-central.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };
/** Short retries: a round that fails is a round the terminal lives through. */
const QUICK = { client: { initialDelayMs: 20, maxDelayMs: 200, maxAttempts: 3, timeoutMs: 3000 } } as const;

interface Paid {
  ticket: string;
  terminal: string;
  offline: boolean;
}

describe.skipIf(!requireAutoFailover())('central on a pg_auto_failover formation, the primary killed', () => {
  let f: Formation;
  let c: StartedCentral;
  let a: Counter;
  let b: Counter;
  let tmp: string;
  let winners: string[];
  /** Small winners of pack 0 (T1's) and pack 1 (T2's). */
  let byPack: string[][];

  beforeAll(async () => {
    f = await startFormation({ standbys: 1, sync: true });
    c = await startCentral({ terminals: ['T1', 'T2'], databaseUrl: f.url });
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-failover-em-'));
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 200, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(c.central, 'test', em);
    const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 200)];
    // Small prizes: every one within the offline allowance while no server takes writes.
    // Small prizes: every one within the offline allowance while no server takes writes. Each counter its
    // own pack (an offline payout is credited only for a pack active at the retailer's own terminal, #19).
    const size = gameByCode(GAME).pack_size ?? 100;
    const small = units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 2000);
    winners = small.map((u) => u.barcodes.validation);
    byPack = [0, 1].map((p) => small.filter((u) => Math.floor(parseBarcode(u.barcodes.validation).id.unit / size) === p).map((u) => u.barcodes.validation));
    const pack = (p: number): string => `${units[0]!.barcodes.inventory.slice(0, 3)}-007-01-${String(p).padStart(5, '0')}`;
    a = await enrolledCounter(c.url, c.codes.T1!, { pack: pack(0) });
    b = await enrolledCounter(c.url, c.codes.T2!, { pack: pack(1) });
  }, 150_000);

  afterAll(async () => {
    dropCounters(a, b);
    // close() is bounded by itself: connections that do not answer (the killed primary's, a COMMIT
    // waiting for a standby) are destroyed after GUICHET_PG_CLOSE_MS (test/central/store/pg-close.test.ts).
    await c?.close();
    await f?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('SIGKILL of the primary during payouts and pushes from two terminals: nothing acknowledged lost, nothing paid twice, the terminals carry on', async () => {
    expect(byPack.map((w) => w.length >= 6)).toEqual([true, true]);
    // Each terminal its own pack's winners, then the rest both try online (the first to claim wins it).
    const mine = (w: string[]) => w.slice(0, Math.min(10, w.length - 3));
    const own = { T1: mine(byPack[0]!), T2: mine(byPack[1]!) };
    const shared = winners.filter((w) => !own.T1.includes(w) && !own.T2.includes(w));
    const paid: Paid[] = [];
    const acked: { terminal: string; seq: number }[] = [];
    const primary = await f.primary();
    let killedAt = -1;
    let step = 0;
    const work = async (x: Counter, id: 'T1' | 'T2', list: string[]): Promise<void> => {
      for (const barcode of list) {
        step++;
        if (step === Math.floor((own.T1.length + own.T2.length) / 2) && killedAt < 0) {
          killedAt = step;
          await f.killNode(primary);
        }
        try {
          const r = await payOrClaim(x.t, x.manager, barcode, after);
          if (r.result.status === 'paid') paid.push({ ticket: barcode, terminal: id, offline: r.result.pending_central === true });
        } catch {
          // refused (held or paid elsewhere, offline allowance used up): nothing paid
        }
        await syncOnce(x.t, QUICK).catch(() => undefined);
        acked.push({ terminal: id, seq: syncStateRow(x.t.db)!.acked_seq });
      }
    };
    await Promise.all([work(a, 'T1', own.T1), work(b, 'T2', own.T2)]);
    expect(killedAt).toBeGreaterThan(0);
    // The standby took over (no standby left: pg_auto_failover's wait_primary, asynchronous until the old node returns).
    const next = await f.primary(60_000);
    expect(next.name).not.toBe(primary.name);
    // Online again: both terminals push everything they hold.
    for (let round = 0; round < 60; round++) {
      const ra = await syncOnce(a.t, QUICK).catch(() => null);
      const rb = await syncOnce(b.t, QUICK).catch(() => null);
      if (ra?.push.waiting === 0 && rb?.push.waiting === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // The shared winners, online now: each paid once, at whichever terminal claimed it first.
    const refused: string[] = [];
    for (const barcode of shared.slice(0, 6)) {
      for (const [x, id] of [[a, 'T1'], [b, 'T2']] as const) {
        try {
          const r = await payOrClaim(x.t, x.manager, barcode, after);
          if (r.result.status === 'paid') paid.push({ ticket: barcode, terminal: id, offline: r.result.pending_central === true });
        } catch (err) {
          refused.push(`${id}: ${(err as { code?: string }).code ?? ''} ${(err as Error).message}`);
        }
      }
    }
    await syncOnce(a.t, QUICK);
    await syncOnce(b.t, QUICK);
    await syncOnce(a.t, QUICK);
    await syncOnce(b.t, QUICK);

    // The terminals carried on: some payouts offline while no server took writes, online ones after.
    expect(paid.filter((p) => !p.offline).length).toBeGreaterThan(0);
    expect(paid.filter((p) => shared.includes(p.ticket) && !p.offline).length, JSON.stringify({ paid, refused })).toBeGreaterThan(0);
    // No ticket paid twice.
    const byTicket = new Map<string, Paid[]>();
    for (const p of paid) byTicket.set(p.ticket, [...(byTicket.get(p.ticket) ?? []), p]);
    for (const [ticket, ps] of byTicket) expect({ ticket, times: ps.length }).toEqual({ ticket, times: 1 });
    const store = c.central;
    {
      expect(await payoutExceptions(store)).toEqual([]);
      // Every journal entry a terminal holds is at central, entry for entry (what central acknowledged among them).
      for (const x of [a, b]) {
        const mine = terminalJournal(x.t);
        expect(syncStateRow(x.t.db)!.acked_seq).toBe(mine.length);
        expect(await centralJournal(store.db, x.t.id)).toEqual(mine);
      }
      // Every acknowledged mark was kept through the kill (never above what central holds now).
      for (const m of acked) expect(m.seq).toBeLessThanOrEqual(terminalJournal(m.terminal === 'T1' ? a.t : b.t).length);
      // Every payout is central's paid claim of that terminal: the holds acknowledged before the kill survived it.
      const rows = new Map(
        (await store.db.query<{ ticket: string; state: string; terminal_id: string }>('SELECT ticket, state, terminal_id FROM ticket_claims')).map((r) => [r.ticket, { state: r.state, terminal: r.terminal_id }]),
      );
      const journaled = (t: Counter['t']) => (t.db.prepare("SELECT payload FROM journal WHERE type = 'payout'").all() as { payload: string }[]).map((r) => JSON.parse(r.payload) as Record<string, unknown>);
      const seen = paid.map((p) => {
        const key = ticketKey(parseBarcode(p.ticket).id);
        return { key, terminal: p.terminal, offline: p.offline, central: rows.get(key) ?? null, journal: journaled(p.terminal === 'T1' ? a.t : b.t).filter((j) => `${String(j.game)}/${String(j.emission)}/${String(j.block)}/${String(j.unit)}` === key) };
      });
      // Nothing the terminals paid was left uncredited by central's checks (#19).
      expect(await store.db.query('SELECT terminal_id, seq, ticket, offline, reason FROM uncredited_entries')).toEqual([]);
      for (const s of seen) expect({ key: s.key, central: s.central }, JSON.stringify(s)).toEqual({ key: s.key, central: { state: 'paid', terminal: s.terminal } });
    }
  }, 90_000);
});
