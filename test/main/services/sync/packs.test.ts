/**
 * Packs across the network: two enrolled terminals of two retailers and one central (PGlite, and a real
 * PostgreSQL where installed) over loopback. Pack operations go to central online (or queued when it
 * does not answer), pack states come back through the feed to the pack's own retailer only (#19: each
 * terminal sees its own; another shop's ticket is validated by central online, refused offline), the
 * stop list comes from central only, to everyone, and central settles packs by share of low-tier
 * winners paid, by days since activation, or on return.
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
import { claimTicket } from '../../../../central/store/claims.js';
import { stopListChange } from '../../../../central/store/feed.js';
import { shipPack } from '../../../../central/store/pack-shipping.js';
import { centralPackState } from '../../../../central/store/packs.js';
import { publishEmission } from '../../../../central/store/publish.js';
import { inventoryBarcode } from '../../../../games/ticket-id.js';
import type { AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { packAct } from '../../../../main/services/packs/acts.js';
import { payOrClaim } from '../../../../main/services/tickets/acts.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { PackError } from '../../../../main/services/packs/errors.js';
import { listPacks } from '../../../../main/services/packs/packs.js';
import { addToStopList } from '../../../../main/services/packs/stop-list.js';
import { SaleError } from '../../../../main/services/sales/errors.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { GUICHET_BIN, startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { DOWN, dropCounters, enrolledCounter, refusedWith, type Counter } from './two-terminals.js';

const GAME = 'annee-chance-2013';
const EMISSION = 8;
const PACK_SIZE = 100;
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };
const DAY = 86_400_000;

interface Unit {
  readonly index: number;
  readonly validation: string;
  readonly prize: number;
}

/** Every clock (terminals and central) is real time moved by this many ms (the days test moves it). */
let shift = 0;
const clock = (): Date => new Date(Date.now() + shift);

const packRefusal = (p: Promise<unknown>): Promise<PackError> => refusedWith(p, PackError);
const payRefusal = (p: Promise<unknown>): Promise<PayoutError> => refusedWith(p, PayoutError);

describe.each(ENGINES)('packs across the network, central on %s', (engine) => {
  let c: StartedCentral;
  let a: Counter;
  let b: Counter;
  let tmp: string;
  let units: Unit[];
  let gameNo: string;

  const packNo = (p: number): string => `${gameNo}-${String(EMISSION).padStart(3, '0')}-01-${String(p).padStart(5, '0')}`;
  const packId = (p: number) => ({ game: GAME, emission: EMISSION, block: 1, pack: p });
  const winnersOf = (p: number, max = 5_000): Unit[] => units.filter((u) => Math.floor(u.index / PACK_SIZE) === p && u.prize > 0 && u.prize <= max);
  const verdict = (x: Counter, u: Unit) => checkAtCounter(x.t, x.manager, u.validation);

  beforeAll(async () => {
    const url = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1', 'T2'], ...(url ? { databaseUrl: url } : {}) });
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-packs-em-'));
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: EMISSION, units: 9 * PACK_SIZE, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 90 });
    await publishEmission(c.central, 'test', em);
    units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-${EMISSION}-1.print`)), 0, 9 * PACK_SIZE)].map((u, index) => ({
      index,
      validation: u.barcodes.validation,
      prize: u.prize_cents,
    }));
    gameNo = units[0]!.validation.slice(0, 3);
    for (const p of [0, 1, 2, 3, 4, 5, 6]) expect(winnersOf(p).length).toBeGreaterThanOrEqual(4);
    a = await enrolledCounter(c.url, c.codes.T1!, { clock, floatCents: 2_000_000 });
    b = await enrolledCounter(c.url, c.codes.T2!, { clock, floatCents: 2_000_000 });
  }, 240_000);

  afterAll(async () => {
    shift = 0;
    dropCounters(a, b);
    await c?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('a pack activated at terminal A (retailer T1) is validated at B (retailer T2) by central online, never told on B\'s feed; B cannot take it (#19)', async () => {
    const received = await packAct(a.t, a.manager, packNo(0), 'receive');
    const active = await packAct(a.t, a.manager, packNo(0), 'activate');
    expect([received.central_sync, active.central_sync, active.state]).toEqual(['confirmed', 'confirmed', 'active']);
    expect(await centralPackState(c.central.db, packId(0))).toMatchObject({ state: 'active', terminal: 'T1', settle_reason: null });
    const w = winnersOf(0)[0]!;
    await syncOnce(a.t);
    expect(a.t.db.prepare('SELECT state, terminal FROM central_packs WHERE pack = 0').get()).toEqual({ state: 'active', terminal: 'T1' });
    // B's feed says nothing of another retailer's pack: unknown here, central confirms the ticket at payment.
    await syncOnce(b.t);
    expect(b.t.db.prepare('SELECT count(*) AS n FROM central_packs').get()).toEqual({ n: 0 });
    expect(verdict(b, w)).toMatchObject({ verdict: 'winner', payable: true, pack: { number: packNo(0), state: 'not-received' }, message: expect.stringMatching(/not known at this shop \(another shop's, or not received here yet\): central confirms it online/) });
    // Offline, such a ticket is refused (the offline allowance covers the shop's own packs only), and nothing is paid.
    const offline = await payRefusal(payOrClaim(b.t, b.manager, w.validation, after, undefined, DOWN));
    expect([offline.code, offline.message, offline.details]).toEqual(['pack-elsewhere-offline', expect.stringMatching(/not known at this shop: only central can validate it/), { pack: packNo(0) }]);
    expect(b.t.db.prepare("SELECT count(*) AS n FROM journal WHERE type IN ('payout', 'claim.receipt')").get()).toEqual({ n: 0 });
    // Online, central answers from its own facts: payable, claimed for B, paid.
    const paid = await payOrClaim(b.t, b.manager, w.validation, after);
    expect(paid.result.status).toBe('paid');
    // The pack is A's: B may not receive it, and is not told its state.
    const held = await packRefusal(packAct(b.t, b.manager, packNo(0), 'receive'));
    expect([held.code, held.message]).toEqual(['held-elsewhere', expect.stringMatching(/received by another retailer's terminal/)]);
    expect(held.details).toMatchObject({ problem: 'central-held_elsewhere', reason: 'held_elsewhere', pack: packNo(0) });
    expect(held.details).not.toHaveProperty('state');
    expect(listPacks(b.t)).toEqual([]);
    expect(b.t.db.prepare('SELECT count(*) AS n FROM central_packs').get()).toEqual({ n: 0 });
  });

  it('a pack activated nowhere is "pack not active" (ticket non enregistré) at central, which both terminals ask', async () => {
    await syncOnce(a.t);
    await syncOnce(b.t);
    const w = winnersOf(1)[0]!;
    for (const x of [a, b]) {
      // Unknown at the terminal: only central knows, and refuses it.
      expect(verdict(x, w)).toMatchObject({ verdict: 'winner', pack: { state: 'not-received' } });
      const refused = await payRefusal(payOrClaim(x.t, x.manager, w.validation, after));
      expect([refused.code, refused.message]).toEqual(['pack-not-active', expect.stringMatching(/ticket non enregistré: pack .* was activated at no terminal/)]);
    }
    const claim = await claimTicket(c.central, 'T2', { barcode: w.validation, claim_key: 'nowhere-key-0001' });
    expect([claim.verdict, claim.prize_cents]).toEqual(['pack_not_active', null]);
    // Received but not activated: still not payable, here, at the other shop (by central's answer), and at central.
    await packAct(a.t, a.manager, packNo(1), 'receive');
    expect(verdict(a, w)).toMatchObject({ verdict: 'pack-not-active', prize_cents: null, pack: { state: 'received' } });
    await syncOnce(b.t);
    // Central says the pack's state, not which of another retailer's terminals holds it.
    const elsewhere = (await payRefusal(payOrClaim(b.t, b.manager, w.validation, after))).message;
    expect(elsewhere).toMatch(/pack .* is received \(at another retailer's terminal\), not active/);
    expect(elsewhere).not.toMatch(/T1/);
    expect((await claimTicket(c.central, 'T1', { barcode: w.validation, claim_key: 'received-own-key1' })).message).toMatch(/is received \(terminal T1\)/);
    expect((await claimTicket(c.central, 'T1', { barcode: w.validation, claim_key: 'received-key-001' })).verdict).toBe('pack_not_active');
  });

  it('a pack stop-listed at central is refused at both terminals; an enrolled terminal cannot stop-list by itself', async () => {
    await stopListChange(c.central, 'test', packNo(2), 'add', 'stolen in transit');
    // B has not heard yet: central refuses the receive itself, nothing changes at B.
    const refused = await packRefusal(packAct(b.t, b.manager, packNo(2), 'receive'));
    expect([refused.code, refused.message]).toEqual(['stop-listed', expect.stringMatching(/stolen in transit/)]);
    expect(listPacks(b.t)).toEqual([]);
    await syncOnce(a.t);
    await syncOnce(b.t);
    const w = winnersOf(2)[0]!;
    for (const x of [a, b]) {
      const v = verdict(x, w);
      expect([v.verdict, v.prize_cents, v.stop?.reason]).toEqual(['stop-listed', null, 'central: stolen in transit']);
      expect((await packRefusal(packAct(x.t, x.manager, packNo(2), 'receive'))).code).toBe('stop-listed');
    }
    expect((await claimTicket(c.central, 'T1', { barcode: w.validation, claim_key: 'stopped-key-0001' })).verdict).toBe('stop_listed');
    const local = (() => {
      try {
        addToStopList(a.t, a.manager, packNo(3), 'lost');
      } catch (err) {
        return err as PackError;
      }
      throw new Error('a local stop-list entry was accepted');
    })();
    expect([local.code, local.message]).toEqual(['central-only', expect.stringMatching(/guichet central stoplist add/)]);
    expect(a.t.db.prepare('SELECT count(*) AS n FROM stop_list WHERE pack = 3').get()).toEqual({ n: 0 });
  });

  it('a returned pack settles as returned at central, and its tickets are refused everywhere', async () => {
    await packAct(a.t, a.manager, packNo(3), 'receive');
    const back = await packAct(a.t, a.manager, packNo(3), 'return');
    expect([back.state, back.settle_reason, back.central_sync]).toEqual(['returned', 'returned', 'confirmed']);
    expect(await centralPackState(c.central.db, packId(3))).toMatchObject({ state: 'returned', settle_reason: 'returned', settled_at: expect.any(String) });
    await syncOnce(a.t);
    expect(verdict(a, winnersOf(3)[0]!)).toMatchObject({ verdict: 'pack-not-active', message: expect.stringMatching(/is returned/) });
    await syncOnce(b.t);
    const v = await payRefusal(payOrClaim(b.t, b.manager, winnersOf(3)[0]!.validation, after));
    expect([v.code, v.message]).toEqual(['pack-not-active', expect.stringMatching(/is returned/)]);
    // Settling by hand is central's job once enrolled.
    expect((await packRefusal(packAct(a.t, a.manager, packNo(0), 'settle'))).code).toBe('central-only');
  });

  it('a pack operation while central is down is queued, never blocks the counter, and reaches central after reconnect', async () => {
    const received = await packAct(a.t, a.manager, packNo(4), 'receive', DOWN);
    const active = await packAct(a.t, a.manager, packNo(4), 'activate', DOWN);
    expect([received.central_sync, active.central_sync, active.state]).toEqual(['queued', 'queued', 'active']);
    expect(await centralPackState(c.central.db, packId(4))).toBeUndefined();
    const w = winnersOf(4)[0]!;
    expect(verdict(a, w).verdict).toBe('winner'); // here, its own queued activation counts
    await syncOnce(b.t);
    expect(verdict(b, w)).toMatchObject({ verdict: 'winner', pack: { state: 'not-received' } }); // another shop's: central decides
    await syncOnce(a.t); // the outbox carries both operations, with the keys the online requests would have used
    expect(await centralPackState(c.central.db, packId(4))).toMatchObject({ state: 'active', terminal: 'T1' });
    const ops = await c.central.db.query<{ action: string; outcome: string; op_key: string }>(
      'SELECT action, outcome, op_key FROM pack_operations WHERE game = $1 AND emission = $2 AND block = 1 AND pack = 4 ORDER BY at',
      [GAME, EMISSION],
    );
    expect(ops.map((o) => [o.action, o.outcome])).toEqual([
      ['receive', 'applied'],
      ['activate', 'applied'],
    ]);
    expect(ops[0]!.op_key).toMatch(/^T1\/pack\//);
    // Online operations are not applied twice when their queued events follow.
    const twice = await c.central.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pack_operations WHERE pack = 0 AND game = $1 AND emission = $2 AND terminal_id = 'T1'", [GAME, EMISSION]);
    expect(twice[0]!.n).toBe(2);
    expect((await claimTicket(c.central, 'T2', { barcode: w.validation, claim_key: 'queued-active-key1' })).verdict).toBe('claimed');
  });

  it('queued operations central refuses on arrival are recorded here with the reason, shown on the pack, and not sent again', async () => {
    // B takes pack 7 while central is away; meanwhile A receives it online.
    await packAct(b.t, b.manager, packNo(7), 'receive', DOWN);
    expect((await packAct(b.t, b.manager, packNo(7), 'activate', DOWN)).central_sync).toBe('queued');
    expect((await packAct(a.t, a.manager, packNo(7), 'receive')).central_sync).toBe('confirmed');
    await syncOnce(a.t);
    await syncOnce(b.t); // the feed first, then the push: central refuses the queued operations
    const ops = await c.central.db.query<{ action: string; outcome: string; reason: string }>(
      "SELECT action, outcome, reason FROM pack_operations WHERE game = $1 AND emission = $2 AND pack = 7 AND terminal_id = 'T2' ORDER BY at",
      [GAME, EMISSION],
    );
    expect(ops.map((o) => [o.action, o.outcome, o.reason])).toEqual([
      ['receive', 'refused', 'held_elsewhere'],
      ['activate', 'refused', 'held_elsewhere'],
    ]);
    await syncOnce(b.t); // the next round's feed tells B
    // B was told through its feed: journaled, its outbox events marked refused, the pack shows it; A is
    // another retailer, so B is told neither its terminal nor the pack's state (#19).
    const refusals = () => b.t.db.prepare("SELECT payload FROM journal WHERE type = 'pack.refused' ORDER BY seq").all().map((r) => JSON.parse((r as { payload: string }).payload) as Record<string, unknown>);
    expect(refusals()).toEqual([
      expect.objectContaining({ action: 'receive', pack: packNo(7), pack_index: 7, reason: 'held_elsewhere', message: expect.stringMatching(/another retailer's terminal/) }),
      expect.objectContaining({ action: 'activate', pack: packNo(7), pack_index: 7, reason: 'held_elsewhere', message: expect.stringMatching(/another retailer's terminal/) }),
    ]);
    for (const r of refusals()) expect(Object.keys(r)).not.toContain('central_state');
    const events = b.t.db.prepare("SELECT type, sent_at, last_error FROM outbox WHERE idempotency_key LIKE '%/pack/%/7/%' ORDER BY id").all() as { type: string; sent_at: string | null; last_error: string }[];
    expect(events.map((e) => [e.type, e.sent_at !== null, e.last_error])).toEqual([
      ['pack.receive', true, expect.stringMatching(/^refused by central: held_elsewhere: /)],
      ['pack.activate', true, expect.stringMatching(/^refused by central: held_elsewhere: /)],
    ]);
    const seven = listPacks(b.t).find((p) => p.number === packNo(7));
    expect(seven).toMatchObject({ central_refusal: { action: 'activate', reason: 'held_elsewhere' } });
    expect(seven?.central).toBeNull();
    // Said once, never retried: the next rounds send and record nothing more.
    await syncOnce(b.t);
    await syncOnce(b.t);
    expect(refusals()).toHaveLength(2);
    expect((await c.central.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pack_operations WHERE pack = 7 AND terminal_id = 'T2'"))[0]!.n).toBe(2);
    expect(b.t.db.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND type LIKE 'pack.%'").get()).toEqual({ n: 0 });
  });

  it('a pack shipped to retailer T1 is refused to T2\'s terminal with the reason, and nothing changes there (#19)', async () => {
    await shipPack(c.central, 'test', packNo(8), 'Retailer T1');
    const outbox = () => b.t.db.prepare('SELECT count(*) AS n FROM outbox').get();
    const before = outbox();
    const refused = await packRefusal(packAct(b.t, b.manager, packNo(8), 'receive'));
    expect([refused.code, refused.message]).toEqual(['other-retailer', expect.stringMatching(/shipped to another retailer/)]);
    expect(refused.details).toMatchObject({ reason: 'other_retailer', pack: packNo(8) });
    expect(listPacks(b.t).find((p) => p.number === packNo(8))).toBeUndefined();
    expect(outbox()).toEqual(before); // nothing queued: central's refusal stands
    expect((await packAct(a.t, a.manager, packNo(8), 'receive')).central_sync).toBe('confirmed');
    await syncOnce(a.t); // its outbox event delivered, as the next tests expect
  });

  it('a payout of a ticket whose pack activation is still queued here pushes the queued operations, then claims again and pays', async () => {
    await packAct(a.t, a.manager, packNo(6), 'receive', DOWN);
    const active = await packAct(a.t, a.manager, packNo(6), 'activate', DOWN);
    expect([active.central_sync, active.state]).toEqual(['queued', 'active']);
    const queued = "SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND type LIKE 'pack.%'";
    expect(a.t.db.prepare(queued).get()).toEqual({ n: 2 });
    const w = winnersOf(6)[0]!;
    // Central is back but has not heard of the pack: the claim alone would be "pack not active".
    expect(await centralPackState(c.central.db, packId(6))).toBeUndefined();
    const paid = await payOrClaim(a.t, a.manager, w.validation, after);
    expect(paid.result.status).toBe('paid');
    expect(paid.result.status === 'paid' && paid.result.pending_central).toBeFalsy();
    // The payout pushed the queued operations first (with their own keys), then central agreed to the claim.
    expect(a.t.db.prepare(queued).get()).toEqual({ n: 0 });
    expect(await centralPackState(c.central.db, packId(6))).toMatchObject({ state: 'active', terminal: 'T1' });
    const claims = await c.central.db.query<{ terminal_id: string; offline: boolean }>('SELECT terminal_id, offline FROM ticket_claims WHERE ticket = $1', [`${GAME}/${EMISSION}/1/${w.index}`]);
    expect(claims).toEqual([{ terminal_id: 'T1', offline: false }]);
    // Once A's journal follows, the ticket is paid at central: B is told where.
    await syncOnce(a.t);
    const second = await claimTicket(c.central, 'T2', { barcode: w.validation, claim_key: 'queued-pack-key-01' });
    expect([second.verdict, second.paid?.terminal]).toEqual(['already_paid', 'T1']);
  });

  it('settlement by share: the pack settles once the configured share of its low-tier winners is paid, at any terminal', async () => {
    const run = promisify(execFile);
    const env = { env: { ...process.env, GUICHET_DATABASE_URL: '' } };
    await run(process.execPath, [GUICHET_BIN, 'central', 'config', 'set', 'settle_share_percent', '50', '--data', c.dataDir], env);
    const low = winnersOf(0);
    const needed = Math.ceil((50 * low.length) / 100);
    // One was paid at B in the first test; pay up to one short of the share, alternating terminals.
    const rest = low.slice(1, needed - 1);
    for (const [i, u] of rest.entries()) {
      const x = i % 2 === 0 ? a : b;
      expect((await payOrClaim(x.t, x.manager, u.validation, after)).result.status).toBe('paid');
    }
    await syncOnce(a.t);
    await syncOnce(b.t);
    expect(await centralPackState(c.central.db, packId(0))).toMatchObject({ state: 'active', low_tier_winners: low.length, low_tier_validated: needed - 1 });
    // #22: one figure on both sides: the activating terminal hears central's count (`guichet pack list` said 0/18 where `central packs` said 4/18).
    await syncOnce(a.t);
    expect(listPacks(a.t).find((p) => p.number === packNo(0))?.central).toMatchObject({ state: 'active', low_tier_winners: low.length, low_tier_validated: needed - 1 });
    const last = low[needed - 1]!;
    expect((await payOrClaim(a.t, a.manager, last.validation, after)).result.status).toBe('paid');
    await syncOnce(a.t);
    expect(await centralPackState(c.central.db, packId(0))).toMatchObject({ state: 'settled', settle_reason: 'share', low_tier_validated: needed });
    await syncOnce(a.t); // hears it
    const mine = listPacks(a.t).find((p) => p.number === packNo(0));
    expect(mine).toMatchObject({ state: 'settled', settle_reason: 'share', central: { state: 'settled', terminal: 'T1', low_tier_validated: needed } });
    // Settled is accounting: its remaining winners stay payable.
    expect(verdict(a, low[needed]!).verdict).toBe('winner');
  }, 120_000);

  it('settlement by days: an active pack settles the configured number of days after its activation', async () => {
    await packAct(b.t, b.manager, packNo(5), 'receive');
    await packAct(b.t, b.manager, packNo(5), 'activate');
    const run = promisify(execFile);
    const env = { env: { ...process.env, GUICHET_DATABASE_URL: '' } };
    await run(process.execPath, [GUICHET_BIN, 'central', 'config', 'set', 'settle_days', '30', '--data', c.dataDir], env);
    // 29 days on: not yet.
    shift = 29 * DAY;
    c.setClockOffset(shift);
    const early = JSON.parse((await run(process.execPath, [GUICHET_BIN, 'central', 'packs', '--data', c.dataDir, '--json', '--state', 'active'], env)).stdout) as { settled_now: number; packs: { number: string }[] };
    expect(early.settled_now).toBe(0);
    expect(early.packs.map((p) => p.number)).toContain(packNo(5));
    await syncOnce(b.t);
    expect(await centralPackState(c.central.db, packId(5))).toMatchObject({ state: 'active' });
    // 31 days on: `guichet central packs` settles what is due (so do pushes, at most once a minute).
    shift = 31 * DAY;
    c.setClockOffset(shift);
    const listed = JSON.parse((await run(process.execPath, [GUICHET_BIN, 'central', 'packs', '--data', c.dataDir, '--json'], env)).stdout) as {
      settled_now: number;
      packs: { number: string; state: string; settle_reason: string | null }[];
    };
    expect(listed.settled_now).toBeGreaterThanOrEqual(1);
    expect(listed.packs.find((p) => p.number === packNo(5))).toMatchObject({ state: 'settled', settle_reason: 'days' });
    expect(listed.packs.find((p) => p.number === packNo(3))).toMatchObject({ state: 'returned', settle_reason: 'returned' });
    await syncOnce(b.t);
    expect(listPacks(b.t).find((p) => p.number === packNo(5))).toMatchObject({ state: 'settled', settle_reason: 'days' });
    // Still active in B's own record, but central settled it: no longer sold at B's counter.
    expect(b.t.db.prepare('SELECT state FROM packs WHERE pack = 5').get()).toEqual({ state: 'active' });
    const manager = await authenticate(b.t, 'alice', '123456'); // a month on: a fresh session
    const sale = (() => {
      try {
        sellTickets(b.t, manager, { barcodes: [inventoryBarcode({ game: GAME, emission: EMISSION, block: 1, unit: 5 * PACK_SIZE + 1 })], tendered_cents: 100_000 });
      } catch (err) {
        if (err instanceof SaleError) return err;
        throw err;
      }
      throw new Error('a ticket of a pack central settled was sold');
    })();
    expect([sale.code, sale.message]).toEqual(['pack-not-active', expect.stringMatching(/was settled at central on .*: not for sale/)]);
  }, 120_000);
});
