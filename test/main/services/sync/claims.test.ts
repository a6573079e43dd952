/**
 * One ticket, one payment across the network: two enrolled terminals and one central (PGlite, and a
 * real PostgreSQL where installed) over loopback, with an emission central published WITH its print
 * data, so central judges every claim on its own data.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../../central/emission/export.js';
import { createEmission } from '../../../../central/emission/create.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { claimTicket, payoutExceptions } from '../../../../central/store/claims.js';
import { setConfig, stopListChange } from '../../../../central/store/feed.js';
import { publishEmission } from '../../../../central/store/publish.js';
import type { AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { payOrClaim } from '../../../../main/services/tickets/acts.js';
import { offlineUsage } from '../../../../main/services/sync/offline-limits.js';
import { syncStatus } from '../../../../main/services/sync/status.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { clockProblem } from '../../../../main/services/sync/trusted-clock.js';
import { login } from '../../../../main/services/auth/login.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { GUICHET_BIN, startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { DOWN, dropCounters, enrolledCounter, refusedWith, type Counter } from './two-terminals.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };

/** Terminal A's clock is real time moved by this many ms (set back in the clock test). */
let skewA = 0;

const refusal = (p: Promise<unknown>): Promise<PayoutError> => refusedWith(p, PayoutError);

describe.each(ENGINES)('one ticket, one payment, central on %s', (engine) => {
  let c: StartedCentral;
  let a: Counter;
  let b: Counter;
  let tmp: string;
  let winners: { barcode: string; prize: number }[];
  let losers: string[];

  beforeAll(async () => {
    const url = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1', 'T2'], ...(url ? { databaseUrl: url } : {}) });
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-claims-em-'));
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 100, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(c.central, 'test', em);
    const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 100)];
    winners = units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 2000).map((u) => ({ barcode: u.barcodes.validation, prize: u.prize_cents }));
    losers = units.filter((u) => u.prize_cents === 0).map((u) => u.barcodes.validation);
    expect(winners.length).toBeGreaterThanOrEqual(8);
    const pack = `${units[0]!.barcodes.inventory.slice(0, 3)}-007-01-00000`;
    a = await enrolledCounter(c.url, c.codes.T1!, { pack, clock: () => new Date(Date.now() + skewA) });
    b = await enrolledCounter(c.url, c.codes.T2!, { pack });
  }, 240_000);

  afterAll(async () => {
    dropCounters(a, b);
    await c?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('the same winner at both terminals online: paid once, the second told which terminal and when', async () => {
    const w = winners[0]!;
    const paid = await payOrClaim(a.t, a.manager, w.barcode, after);
    expect(paid.result.status).toBe('paid');
    const payload = JSON.parse((a.t.db.prepare("SELECT payload FROM journal WHERE type = 'payout' ORDER BY seq DESC LIMIT 1").get() as { payload: string }).payload) as Record<string, unknown>;
    expect(payload.claim_key).toEqual(expect.any(String));
    expect(payload.offline).toBeUndefined();
    expect(paid.result.status === 'paid' && paid.result.pending_central).toBeFalsy();
    // Before T1's journal reaches central, its claim holds the ticket: held by another terminal, not paid (#19).
    const held = await refusal(payOrClaim(b.t, b.manager, w.barcode, after));
    expect([held.code, held.message]).toEqual(['claimed-elsewhere', expect.stringMatching(/terminal T1 \(Retailer T1\)/)]);
    expect(held).toMatchObject({ details: { terminal: 'T1', until: expect.any(String) } }); // the screen names the terminal in its own words
    // Once it has, central says paid, when.
    await syncOnce(a.t);
    const second = await refusal(payOrClaim(b.t, b.manager, w.barcode, after));
    expect(second.code).toBe('paid-elsewhere');
    const at = (a.t.db.prepare("SELECT at FROM journal WHERE type = 'payout' ORDER BY seq DESC LIMIT 1").get() as { at: string }).at;
    expect(second.message).toContain(`on ${at}`);
    expect(b.t.db.prepare('SELECT count(*) AS n FROM payouts').get()).toEqual({ n: 0 });
    // Issue 41: central then stops answering; T2 remembers it and refuses the ticket with the same reason.
    const offline = await refusal(payOrClaim(b.t, b.manager, w.barcode, after, undefined, DOWN));
    expect([offline.code, offline.message, offline.details]).toEqual([second.code, second.message, second.details]);
    expect(b.t.db.prepare('SELECT count(*) AS n FROM payouts').get()).toEqual({ n: 0 });
    const row = (await c.central.db.query<{ state: string; terminal_id: string }>('SELECT state, terminal_id FROM ticket_claims WHERE state = $1', ['paid']))[0];
    expect(row).toEqual({ state: 'paid', terminal_id: 'T1' });
  });

  it('central judges on its own print data: retries hold for the same terminal, losers, forged codes, stop list, deadline', async () => {
    const w = winners[1]!;
    const first = await claimTicket(c.central, 'T1', { barcode: w.barcode, claim_key: 'retry-key-0001' });
    const again = await claimTicket(c.central, 'T1', { barcode: w.barcode, claim_key: 'retry-key-0001' });
    expect([first.verdict, again.verdict, first.prize_cents]).toEqual(['claimed', 'claimed', w.prize]);
    expect((await claimTicket(c.central, 'T2', { barcode: w.barcode, claim_key: 'other-key-0001' })).verdict).toBe('held_elsewhere');
    // A claim whose payout never comes is released once it times out at central.
    c.setClockOffset(10 * 60_000);
    expect((await claimTicket(c.central, 'T2', { barcode: w.barcode, claim_key: 'other-key-0002' })).verdict).toBe('claimed');
    c.setClockOffset(0);
    expect((await claimTicket(c.central, 'T1', { barcode: losers[0]!, claim_key: 'loser-key-0001' })).verdict).toBe('not_winner');
    // The terminal's word is not enough: another hidden code with a good check digit is refused.
    const forged = await import('../../../../games/ticket-id.js').then((m) => {
      const p = m.parseBarcode(winners[2]!.barcode);
      return m.validationBarcode(p.id, '9'.repeat(18));
    });
    expect((await claimTicket(c.central, 'T1', { barcode: forged, claim_key: 'forged-key-001' })).verdict).toBe('not_winner');
    c.setClockOffset(90 * 86_400_000);
    expect((await claimTicket(c.central, 'T1', { barcode: winners[2]!.barcode, claim_key: 'late-key-00001' })).verdict).toBe('expired');
    c.setClockOffset(0);
    await stopListChange(c.central, 'test', `${winners[2]!.barcode.slice(0, 3)}-007-01-00000`, 'add', 'stolen');
    expect((await claimTicket(c.central, 'T1', { barcode: winners[2]!.barcode, claim_key: 'stop-key-00001' })).verdict).toBe('stop_listed');
    await stopListChange(c.central, 'test', `${winners[2]!.barcode.slice(0, 3)}-007-01-00000`, 'remove', 'found');
  });

  it('the same winner paid at both terminals while central is down, within limits: one exception after they reconnect, the second told', async () => {
    const w = winners[3]!;
    const one = await payOrClaim(a.t, a.manager, w.barcode, after, undefined, DOWN);
    const two = await payOrClaim(b.t, b.manager, w.barcode, after, undefined, DOWN);
    expect([one.result.status, two.result.status]).toEqual(['paid', 'paid']);
    // Paid offline: the payout waits for central, on the result and on the receipt.
    expect(one.result.status === 'paid' && one.result.pending_central).toBe(true);
    expect(one.result.receipt).toMatchObject({ kind: 'payout', pendingCentral: true });
    expect(offlineUsage(a.t)).toMatchObject({ count: 1, total_cents: w.prize, pending: 1 });
    expect(syncStatus(a.t).payouts_waiting_central).toBe(1);
    await syncOnce(a.t);
    expect(offlineUsage(a.t)?.pending).toBe(0);
    expect(syncStatus(a.t).payouts_waiting_central).toBe(0);
    await syncOnce(b.t);
    const ex = await payoutExceptions(c.central);
    expect(ex).toHaveLength(1);
    expect(ex[0]).toMatchObject({ first: { terminal: 'T1', retailer: 'Retailer T1', amount_cents: w.prize }, second: { terminal: 'T2', retailer: 'Retailer T2', offline: true } });
    // T2 hears it at its next round; T1 does not.
    await syncOnce(b.t);
    await syncOnce(a.t);
    const told = (t: LotteryTerminal) => t.db.prepare("SELECT payload FROM journal WHERE type = 'payout.exception'").all() as { payload: string }[];
    expect(told(b.t)).toHaveLength(1);
    expect(JSON.parse(told(b.t)[0]!.payload)).toMatchObject({ first: { terminal: 'T1' }, second: { terminal: 'T2' } });
    expect(told(a.t)).toHaveLength(0);
    // The lottery's command lists it.
    const run = promisify(execFile);
    const out = await run(process.execPath, [GUICHET_BIN, 'central', 'exceptions', '--data', c.dataDir, '--json'], { env: { ...process.env, GUICHET_DATABASE_URL: '' } });
    // Each with what became of it (#19): charged back to the retailer that paid second.
    expect(JSON.parse(out.stdout)).toEqual(ex.map((x) => ({ ...x, id: expect.any(Number), state: 'charged_back', settled_at: expect.any(String), charged_at: expect.any(String), settle_reason: expect.stringMatching(/charged back/), investigating_at: null, investigating_by: null, note: null, closed_at: null, closed_by: null, close_reason: null })));
  }, 60_000);

  it('offline limits reached: refused with the reason, nothing paid', async () => {
    await setConfig(c.central, 'test', 'offline_max_ticket_cents', 500);
    await setConfig(c.central, 'test', 'payout_limit_max_cents', 20_000);
    await syncOnce(a.t);
    const w = winners[4]!;
    const big = await refusal(payOrClaim(a.t, a.manager, w.barcode, after, undefined, DOWN));
    expect([big.code, big.message]).toEqual(['central-unreachable', expect.stringMatching(/above the offline limit per ticket/)]);
    expect(big).toMatchObject({ details: { payout: true } }); // the screen says not to pay
    await setConfig(c.central, 'test', 'offline_max_ticket_cents', 5_000);
    await setConfig(c.central, 'test', 'offline_max_count', 1);
    await syncOnce(a.t);
    expect((await payOrClaim(a.t, a.manager, w.barcode, after, undefined, DOWN)).result.status).toBe('paid');
    const count = await refusal(payOrClaim(a.t, a.manager, winners[5]!.barcode, after, undefined, DOWN));
    expect([count.code, count.message]).toEqual(['central-unreachable', expect.stringMatching(/1 tickets were already paid offline/)]);
    expect(a.t.db.prepare('SELECT count(*) AS n FROM payouts WHERE unit = ?').get(Number(winners[5]!.barcode.slice(8, 15)))).toEqual({ n: 0 });
    // The payout limit is the lottery's: a manager may lower it, not raise it above central's maximum.
    expect(() => updateSettings(a.t, a.manager, { payout_limit_cents: 25_000 })).toThrow(/caps the payout limit at 20000/);
    expect(updateSettings(a.t, a.manager, { payout_limit_cents: 10_000 }).payout_limit_cents).toBe(10_000);
  }, 60_000);

  it('a clock set back behind the last journal entry is detected, journaled, and no payout runs on it', async () => {
    skewA = -3_600_000;
    try {
      const e = await refusal(payOrClaim(a.t, a.manager, winners[6]!.barcode, after));
      expect([e.code, e.message]).toEqual(['clock-back', expect.stringMatching(/behind its last journal entry/)]);
      expect(a.t.db.prepare("SELECT count(*) AS n FROM journal WHERE type = 'clock.backwards'").get()).toEqual({ n: 1 });
      expect(a.t.db.prepare('SELECT count(*) AS n FROM payouts WHERE unit = ?').get(Number(winners[6]!.barcode.slice(8, 15)))).toEqual({ n: 0 });
    } finally {
      skewA = 0;
    }
  });

  it("a machine clock ten minutes ahead journals on central's signed time (the corrected clock): its push is stored, not refused as future (#20)", async () => {
    const ahead = 10 * 60_000;
    skewA = ahead;
    try {
      await syncOnce(a.t); // measures the offset (about −10 min) from central's signed time
      expect((a.t.db.prepare('SELECT clock_offset_ms FROM sync_state').get() as { clock_offset_ms: number }).clock_offset_ms).toBeLessThan(-ahead / 2);
      await login(a.t, 'alice', '123456'); // journals 'operator.login', as the counter does
      const local = a.t.db.prepare('SELECT seq, type, at FROM journal ORDER BY seq DESC LIMIT 1').get() as { seq: number; type: string; at: string };
      expect(local.type).toBe('operator.login');
      // Dated on the corrected clock: far nearer central's time than the machine's.
      expect(Math.abs(Date.parse(local.at) - Date.now())).toBeLessThan(ahead / 2);
      await syncOnce(a.t);
      // Stored at central (with what the sync itself journaled after it, the feed applied among them).
      expect((await c.central.db.query<{ last_seq: number }>("SELECT last_seq::int AS last_seq FROM terminals WHERE terminal_id = 'T1'"))[0]!.last_seq).toBeGreaterThanOrEqual(local.seq);
      expect(await c.central.db.query("SELECT reason FROM integrity_alerts WHERE terminal_id = 'T1' AND reason = 'entry_future'")).toEqual([]);
      expect(clockProblem(a.t)).toBeNull();
      // The machine clock then set back an hour is still caught behind the last entry.
      skewA = ahead - 3_600_000;
      expect(clockProblem(a.t)).toMatch(/behind its last journal entry/);
    } finally {
      skewA = 0;
    }
  });
});
