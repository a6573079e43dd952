/**
 * Payouts from central's own facts (#19). The retailer holds the terminal's key: every payout here is
 * sealed with the terminal's own key (TestJournal, the kernel's chain) and pushed through a real signed
 * request, on PGlite and on PostgreSQL. Central stores it as signed, but credits it only against its own
 * claim for that terminal (online), or, offline, at the prize of its print data, for a ticket of a pack
 * active at that retailer, inside the offline allowance it signed; anything else is an uncredited entry
 * with an integrity alert: the statement does not count it and the ticket stays payable for its holder.
 */
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isoWeekOf,
  lotterySigningString,
  type ClaimAnswer,
  type DigitalUnitAnswer,
  type FeedAnswer,
  type PushAnswer,
  type StatementAnswer,
  type WireJournalEntry,
} from '../../../common/protocol/index.js';
import { createEmission } from '../../../central/emission/create.js';
import { readPrintFile, type PrintData } from '../../../central/emission/print-file.js';
import { unitSecrets } from '../../../central/emission/secrets.js';
import { payoutProof } from '../../../node/outcome/payout-proof.js';
import { setConfig, stopListChange } from '../../../central/store/feed.js';
import { shipPack } from '../../../central/store/pack-shipping.js';
import { publishEmission } from '../../../central/store/publish.js';
import { setTerminalEnabled } from '../../../central/store/terminals.js';
import { renewEpoch } from '../../../central/store/epoch.js';
import { parseBarcode, validationBarcode } from '../../../games/ticket-id.js';
import { BOTH_ENGINES, databaseFor, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

const GAME = 'annee-chance-2013';
const EMISSION = 7;
const DIGITAL = 'happy-2014';
const TERMINALS = Array.from({ length: 20 }, (_, i) => `P${i + 1}`);

describe.each(BOTH_ENGINES)('payouts from central\'s own facts on %s', (engine) => {
  let c: StartedCentral;
  let tmp: string;
  let print: PrintData;
  let next = 0;
  const prizeOf = (unit: number): number => print.header.tier_amounts[print.tiers[unit] as number] ?? 0;
  const barcodeOf = (unit: number): string => validationBarcode({ game: GAME, emission: EMISSION, block: 1, unit }, unitSecrets(print.master, unit).hiddenCode);
  /** Low-tier winners (payable offline by default) and losers of pack `pack`. */
  const winners = (pack: number): number[] => Array.from({ length: 100 }, (_, i) => pack * 100 + i).filter((u) => prizeOf(u) > 0 && prizeOf(u) <= 5_000);
  const loser = (pack: number): number => Array.from({ length: 100 }, (_, i) => pack * 100 + i).find((u) => prizeOf(u) === 0)!;
  /** The proof of possession terminal `t` journals when it pays `unit` at `amount` (node/outcome/payout-proof.ts). */
  const proofOf = (t: TestTerminal, unit: number, amount: number): string =>
    payoutProof(unitSecrets(print.master, unit).hiddenCode, { terminal: t.id, id: { game: GAME, emission: EMISSION, block: 1, unit }, amount_cents: amount });
  /** Paid offline by `t`, which saw the ticket's hidden code. */
  const proven = (t: TestTerminal, unit: number, amount: number) => ({ offline: true, proof: proofOf(t, unit, amount) });

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: TERMINALS, requireShipment: true, ...(databaseUrl ? { databaseUrl } : {}) });
    tmp = mkdtempSync(join(tmpdir(), 'guichet-payout-checks-'));
    const out = join(tmp, 'emission');
    await createEmission({ game: GAME, emission: EMISSION, units: 1300, keyFile: c.lotteryKeyFile, outDir: out, workers: 0, claimDays: 60, packMinWinners: 8 });
    await publishEmission(c.central, 'test', out);
    print = readPrintFile(join(out, `${GAME}-${EMISSION}-1.print`));
    // A digital game too: its units are sold by central, one shop at a time.
    await createEmission({ game: DIGITAL, emission: 1, units: 400, keyFile: c.lotteryKeyFile, outDir: join(tmp, 'digital'), workers: 0 });
    await publishEmission(c.central, 'test', join(tmp, 'digital'));
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  /** A new terminal of its own retailer ("Retailer Pn"), with pack `pack` received and activated at central. */
  async function terminalWithPack(pack: number | null): Promise<TestTerminal> {
    const t = newTerminalKey();
    const id = TERMINALS[next++]!;
    const a = await enrol(c.url, c.codes[id] as string, t);
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    if (pack !== null) {
      // Shipped to its retailer first: only its terminals may receive it.
      await shipPack(c.central, 'test', `${barcodeOf(pack * 100).slice(0, 3)}-${String(EMISSION).padStart(3, '0')}-01-${String(pack).padStart(5, '0')}`, `Retailer ${id}`);
      for (const action of ['receive', 'activate'] as const) {
        const r = await signedRequest<{ outcome: string }>(c.url, t, 'POST', '/v1/packs', { game: GAME, emission: EMISSION, block: 1, pack, action, op_key: `${t.id}/pack/${pack}/${action}`, at: new Date().toISOString() });
        expect([r.status, r.json.outcome], JSON.stringify(r.json)).toEqual([200, 'applied']);
      }
    }
    return t;
  }
  const payout = (j: TestJournal, unit: number, amount: number, extra: Record<string, unknown> = {}): WireJournalEntry =>
    j.append('payout', {
      ticket: `${GAME}-${EMISSION}-1-${unit}`, game: GAME, emission: EMISSION, block: 1, unit, amount_cents: amount, cash_session_id: 1, receipt_no: j.entries.length + 1,
      money: { kind: 'payout', lines: [{ game: GAME, count: 1, amount_cents: amount }] },
      ...extra,
    });
  const push = (t: TestTerminal, entries: WireJournalEntry[]) => signedRequest<PushAnswer & { reason?: string; error?: string }>(c.url, t, 'POST', '/v1/push', { entries, events: [] });
  const claim = (t: TestTerminal, unit: number) =>
    signedRequest<ClaimAnswer & { reason?: string }>(c.url, t, 'POST', '/v1/claim', { barcode: barcodeOf(unit), claim_key: `k${Math.random().toString(36).slice(2, 14)}` });
  const uncredited = async (t: TestTerminal) =>
    c.central.db.query<{ seq: number; reason: string }>('SELECT seq::int AS seq, reason FROM uncredited_entries WHERE terminal_id = $1 ORDER BY seq', [t.id]);
  const alerts = async (t: TestTerminal) =>
    c.central.db.query<{ reason: string; at_seq: number }>('SELECT reason, at_seq::int AS at_seq FROM integrity_alerts WHERE terminal_id = $1 ORDER BY alert_id', [t.id]);
  const paidBy = async (unit: number) =>
    (await c.central.db.query<{ state: string; terminal_id: string }>('SELECT state, terminal_id FROM ticket_claims WHERE ticket = $1', [`${GAME}/${EMISSION}/1/${unit}`]))[0];
  const statementPayouts = async (t: TestTerminal) => (await signedRequest<StatementAnswer>(c.url, t, 'GET', `/v1/statement?week=${isoWeekOf(new Date().toISOString())}`)).json.current.payouts;

  it('credits none of the forged payouts: no claim, a loser at 9,999.99 €, another retailer\'s winner, an inflated amount', async () => {
    const a = await terminalWithPack(0);
    const b = await terminalWithPack(1);
    const ja = new TestJournal(a);
    const [w0, w1] = winners(0);
    const best = winners(1).sort((x, y) => prizeOf(y) - prizeOf(x))[0]!;
    // Claimed for real, then paid at more than central's claim says.
    expect((await claim(a, w1!)).json.verdict).toBe('claimed');
    const forged = [
      payout(ja, w0!, prizeOf(w0!)), // online, and central holds no claim of it
      payout(ja, loser(0), 999_999, proven(a, loser(0), 999_999)), // a loser (its code scanned)
      payout(ja, best, prizeOf(best), proven(a, best, prizeOf(best))), // the best winner of B's pack (its code in hand)
      payout(ja, w1!, prizeOf(w1!) + 1_000), // inflated against its claim
    ];
    const r = await push(a, forged);
    // Stored as signed: the chain stays whole.
    expect([r.status, r.json.last_seq], JSON.stringify(r.json)).toEqual([200, 4]);
    // Never a credit: the statement counts none of it, and no ticket became paid.
    expect(await statementPayouts(a)).toEqual({ count: 0, amount_cents: 0 });
    expect(await paidBy(w0!)).toBeUndefined();
    expect(await paidBy(best)).toBeUndefined();
    // The player holding B's best winner is paid at their own shop, not told "already paid at A".
    expect((await claim(b, best)).json.verdict).toBe('claimed');
    // Each is listed with its reason and an integrity alert.
    expect(await alerts(a)).toEqual([
      { reason: 'payout_unclaimed', at_seq: 1 },
      { reason: 'payout_not_winner', at_seq: 2 },
      { reason: 'payout_pack', at_seq: 3 },
      { reason: 'payout_amount', at_seq: 4 },
    ]);
    expect(await uncredited(a)).toEqual([
      { seq: 1, reason: 'payout_unclaimed' },
      { seq: 2, reason: 'payout_not_winner' },
      { seq: 3, reason: 'payout_pack' },
      { seq: 4, reason: 'payout_amount' },
    ]);
    // A retried push changes nothing.
    const again = await push(a, forged);
    expect([again.status, again.json.skipped_entries]).toEqual([200, 4]);
    expect(await alerts(a)).toHaveLength(4);
  });

  it('credits a payout against its own claim, and an offline one of its own pack at the prize', async () => {
    const a = await terminalWithPack(2);
    const j = new TestJournal(a);
    const [w0, w1] = winners(2);
    expect((await claim(a, w0!)).json.verdict).toBe('claimed');
    const r = await push(a, [payout(j, w0!, prizeOf(w0!)), payout(j, w1!, prizeOf(w1!), proven(a, w1!, prizeOf(w1!)))]);
    expect(r.status).toBe(200);
    expect(await paidBy(w0!)).toEqual({ state: 'paid', terminal_id: a.id });
    expect(await paidBy(w1!)).toEqual({ state: 'paid', terminal_id: a.id });
    expect(await statementPayouts(a)).toEqual({ count: 2, amount_cents: prizeOf(w0!) + prizeOf(w1!) });
    expect(await alerts(a)).toEqual([]);
    expect(await uncredited(a)).toEqual([]);
  });

  it('credits no payout of a ticket already paid elsewhere unless it passes the same checks (a forged one never becomes a double payment)', async () => {
    // The two winners of pack 2 the test above paid at its terminal.
    const [w0, w1] = winners(2);
    const paidAt = (await paidBy(w0!))!.terminal_id;
    const x = await terminalWithPack(null);
    const j = new TestJournal(x);
    // Online with no claim of its own, and offline above the prize: never credited, never an exception.
    const r = await push(x, [payout(j, w0!, 4_000_000), payout(j, w1!, prizeOf(w1!) + 1, proven(x, w1!, prizeOf(w1!) + 1))]);
    expect(r.status).toBe(200);
    expect((await uncredited(x)).map((u) => u.reason)).toEqual(['payout_unclaimed', 'payout_amount']);
    expect(await paidBy(w0!)).toEqual({ state: 'paid', terminal_id: paidAt });
    const exceptions = () => c.central.db.query<{ amount: number }>('SELECT second_amount::int AS amount FROM payout_exceptions WHERE second_terminal = $1', [x.id]);
    expect(await exceptions()).toEqual([]);
    // Offline at the ticket's own prize but with no proof of its code (#39): no double payment either.
    expect((await push(x, [payout(j, w1!, prizeOf(w1!), { offline: true })])).status).toBe(200);
    expect((await uncredited(x)).map((u) => u.reason)).toEqual(['payout_unclaimed', 'payout_amount', 'payout_no_proof']);
    expect(await exceptions()).toEqual([]);
    // Offline at the ticket's own prize, its code seen: a double payment, at that prize only (the exception policy settles it).
    expect((await push(x, [payout(j, w1!, prizeOf(w1!), proven(x, w1!, prizeOf(w1!)))])).status).toBe(200);
    expect(await exceptions()).toEqual([{ amount: prizeOf(w1!) }]);
  });

  it('signs an offline allowance in each push answer and credits no offline payout beyond it', async () => {
    const a = await terminalWithPack(3);
    const j = new TestJournal(a);
    const first = await push(a, []);
    expect(first.status).toBe(200);
    const signed = first.json.allowance!;
    expect(signed.allowance).toMatchObject({ terminal: a.id, acked_seq: 0, max_count: 20, max_ticket_cents: 5_000, max_total_cents: 30_000 });
    const key = createPublicKey(c.lotteryKey.publicKeyPem);
    expect(signed.signer).toBe(c.lotteryKey.fingerprint);
    expect(verify(null, Buffer.from(lotterySigningString('allowance', signed.allowance), 'utf8'), key, Buffer.from(signed.signature, 'base64'))).toBe(true);
    // Central records what it signed.
    expect(await c.central.db.query('SELECT acked_seq::int AS acked_seq, signature FROM offline_allowances WHERE terminal_id = $1', [a.id])).toEqual([{ acked_seq: 0, signature: signed.signature }]);

    // The lottery lowers the count to 2: the allowance already signed still holds (20) for the next push.
    await setConfig(c.central, 'test', 'offline_max_count', 2);
    const w = winners(3);
    expect(w.length).toBeGreaterThanOrEqual(5);
    const three = [0, 1, 2].map((i) => payout(j, w[i]!, prizeOf(w[i]!), proven(a, w[i]!, prizeOf(w[i]!))));
    const r = await push(a, three);
    expect(r.status).toBe(200);
    expect(await uncredited(a)).toEqual([]);
    expect(r.json.allowance!.allowance).toMatchObject({ acked_seq: 3, max_count: 2 });
    // The next three offline payouts are judged by that one: the third is beyond it.
    const more = [w[3]!, w[4]!, w[5] ?? w[4]!].map((u) => payout(j, u, prizeOf(u), proven(a, u, prizeOf(u))));
    expect((await push(a, more)).status).toBe(200);
    expect(await uncredited(a)).toEqual([{ seq: 6, reason: 'payout_allowance' }]);
    expect(await alerts(a)).toEqual([{ reason: 'payout_allowance', at_seq: 6 }]);
    await setConfig(c.central, 'test', 'offline_max_count', 20);
  });

  it('keeps collecting a disabled terminal\'s journal, and credits none of its new sales and payouts', async () => {
    const a = await terminalWithPack(4);
    const j = new TestJournal(a);
    const [w0, w1] = winners(4);
    const before = payout(j, w0!, prizeOf(w0!), proven(a, w0!, prizeOf(w0!)));
    expect((await push(a, [before])).status).toBe(200);
    await setTerminalEnabled(c.central, 'test', a.id, false, 'stolen');
    // Journaled after the disable (its clock is a minute behind: dated now).
    const now = () => new Date(Date.now() + 1_000).toISOString();
    const sale = j.append('sale', { receipt_no: 2, money: { kind: 'sale', lines: [{ game: GAME, count: 5, amount_cents: 1_500 }] } }, 'alice', now());
    const after = j.append('payout', {
      ticket: 'x', game: GAME, emission: EMISSION, block: 1, unit: w1!, amount_cents: prizeOf(w1!), offline: true, money: { kind: 'payout', lines: [{ game: GAME, count: 1, amount_cents: prizeOf(w1!) }] },
    }, 'alice', now());
    const r = await push(a, [sale, after]);
    // Stored: the evidence arrives.
    expect([r.status, r.json.last_seq], JSON.stringify(r.json)).toEqual([200, 3]);
    expect(await uncredited(a)).toEqual([
      { seq: 2, reason: 'terminal_disabled' },
      { seq: 3, reason: 'terminal_disabled' },
    ]);
    expect(await paidBy(w1!)).toBeUndefined();
    expect(await paidBy(w0!)).toEqual({ state: 'paid', terminal_id: a.id });
    // It neither claims nor sells digital units.
    const refused = await claim(a, w1!);
    expect([refused.status, refused.json.reason]).toEqual([403, 'terminal_disabled']);
    const digital = await signedRequest<{ reason: string }>(c.url, a, 'POST', '/v1/digital/sell', { sale_key: 'disabled-sale-key-1', game: 'happy-2014' });
    expect([digital.status, digital.json.reason]).toEqual([403, 'terminal_disabled']);
    await setTerminalEnabled(c.central, 'test', a.id, true, 'found');
  });

  it('records a sale of a ticket central holds paid, or of a stop-listed pack, as an integrity alert; a sale then its payout is none', async () => {
    const a = await terminalWithPack(6);
    const j = new TestJournal(a);
    const [w0, w1] = winners(6);
    const sale = (units: number[], at?: string): WireJournalEntry =>
      j.append('sale', {
        receipt_no: j.entries.length + 1,
        lines: units.map((unit) => ({ ticket: `t${unit}`, game: GAME, emission: EMISSION, block: 1, unit, price_cents: 300 })),
        money: { kind: 'sale', lines: [{ game: GAME, count: units.length, amount_cents: 300 * units.length }] },
      }, 'alice', at);
    // Sold, then paid: the common case.
    expect((await claim(a, w0!)).json.verdict).toBe('claimed');
    expect((await push(a, [sale([w0!]), payout(j, w0!, prizeOf(w0!))])).status).toBe(200);
    expect(await alerts(a)).toEqual([]);
    // Paid, then sold again (a scratched ticket back in the till), and a ticket of a stop-listed pack.
    await stopListChange(c.central, 'test', `${barcodeOf(700).slice(0, 3)}-${String(EMISSION).padStart(3, '0')}-01-00007`, 'add', 'stolen');
    const now = (ms: number) => new Date(Date.now() + ms).toISOString(); // after the stop-list entry, on central's clock
    const r = await push(a, [sale([w1!], now(1_000)), sale([w0!], now(1_100)), sale([701], now(1_200))]);
    expect(r.status).toBe(200);
    expect(await alerts(a)).toEqual([
      { reason: 'sale_paid_ticket', at_seq: 4 },
      { reason: 'sale_stop_listed', at_seq: 5 },
    ]);
    // Still counted: the shop took the money.
    expect((await signedRequest<StatementAnswer>(c.url, a, 'GET', `/v1/statement?week=${isoWeekOf(new Date().toISOString())}`)).json.current.sales).toEqual({ count: 4, amount_cents: 1_200 });
  });

  it('tells each retailer its own packs only: another retailer\'s feed says nothing of them, not even their state (#19)', async () => {
    const a = await terminalWithPack(8);
    const b = await terminalWithPack(null);
    const w = winners(8)[0]!;
    expect((await claim(a, w)).json.verdict).toBe('claimed');
    expect((await push(a, [payout(new TestJournal(a), w, prizeOf(w))])).status).toBe(200);
    await stopListChange(c.central, 'test', 'feed-per-retailer-test', 'add', 'for everyone');
    const feedOf = async (t: TestTerminal) => {
      const feed = await signedRequest<FeedAnswer>(c.url, t, 'GET', '/v1/feed?cursor=0&limit=500');
      expect(feed.status).toBe(200);
      return feed.json.entries.map((e) => e.body.item);
    };
    const packStates = (items: { kind: string; pack?: unknown }[]) => items.filter((i) => i.kind === 'pack_state' && i.pack === 8) as unknown as { state: string; low_tier_winners: number; low_tier_validated: number }[];
    const mine = packStates(await feedOf(a));
    // Received, active, then active again at each change of its low-tier count (the payout's).
    expect([...new Set(mine.map((x) => x.state))]).toEqual(['received', 'active']);
    expect(mine.at(-1)!.low_tier_winners).toBe(winners(8).length);
    // The holder of B's data folder reads B's whole feed: no pack state of another retailer at all, but the stop list.
    const theirs = await feedOf(b);
    expect(theirs.filter((i) => i.kind === 'pack_state')).toEqual([]);
    expect(theirs.filter((i) => i.kind === 'stop_list').map((i) => (i as { pack: string }).pack)).toContain('feed-per-retailer-test');
    // Online, central answers B about A's ticket from its own facts: paid at A.
    const asked = await claim(b, w);
    expect([asked.json.verdict, asked.json.paid?.terminal]).toEqual(['already_paid', a.id]);
  });

  it('binds a shipped pack to its retailer: another retailer\'s terminal cannot receive it, online (403) or queued', async () => {
    const a = await terminalWithPack(null);
    const b = await terminalWithPack(null);
    const number = `${barcodeOf(900).slice(0, 3)}-${String(EMISSION).padStart(3, '0')}-01-00009`;
    const retailerOf = async (t: TestTerminal) => (await c.central.db.query<{ retailer: string }>('SELECT retailer FROM terminals WHERE terminal_id = $1', [t.id]))[0]!.retailer;
    expect(await shipPack(c.central, 'test', number, await retailerOf(a))).toMatchObject({ pack: number, retailer: await retailerOf(a) });
    const op = (t: TestTerminal, action: string) =>
      signedRequest<{ outcome?: string; reason: string; error?: string }>(c.url, t, 'POST', '/v1/packs', { game: GAME, emission: EMISSION, block: 1, pack: 9, action, op_key: `${t.id}/pack/9/${action}`, at: new Date().toISOString() });
    const theirs = await op(b, 'receive');
    expect([theirs.status, theirs.json.reason, theirs.json.error]).toEqual([403, 'other_retailer', expect.stringMatching(/shipped to another retailer/)]);
    // Queued at B while central was away, then pushed: refused, and told to B alone.
    const j = new TestJournal(b);
    const entry = j.append('pack.receive', { pack: number, game: GAME, emission: EMISSION, block: 1, pack_index: 9 });
    expect((await signedRequest(c.url, b, 'POST', '/v1/push', { entries: [entry], events: [j.eventOf(entry, 'pack/9/receive-queued')] })).status).toBe(200);
    const refusals = await c.central.db.query<{ outcome: string; reason: string }>('SELECT outcome, reason FROM pack_operations WHERE terminal_id = $1 AND pack = 9', [b.id]);
    expect(refusals.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'other_retailer'],
      ['refused', 'other_retailer'],
    ]);
    expect(await c.central.db.query('SELECT kind FROM feed WHERE terminal_id = $1 AND kind = $2', [b.id, 'pack_refused'])).toHaveLength(1);
    // Its own retailer's terminal receives it.
    const mine = await op(a, 'receive');
    expect([mine.status, mine.json.outcome]).toEqual([200, 'applied']);
    // A pack never shipped is received by nobody.
    const unshipped = await signedRequest<{ outcome: string; reason: string }>(c.url, a, 'POST', '/v1/packs', { game: GAME, emission: EMISSION, block: 1, pack: 10, action: 'receive', op_key: `${a.id}/pack/10/receive`, at: new Date().toISOString() });
    expect([unshipped.status, unshipped.json.outcome, unshipped.json.reason]).toEqual([200, 'refused', 'not_shipped']);
  });

  it('never renews a hold beyond its time-out for the same terminal, and answers "held by another terminal", not "already paid"', async () => {
    const a = await terminalWithPack(5);
    const b = await terminalWithPack(null);
    const w = winners(5)[0]!;
    const first = await claim(a, w);
    expect(first.json.verdict).toBe('claimed');
    const until = first.json.held_until!;
    // Another terminal is told the ticket is held, not paid.
    const other = await claim(b, w);
    expect(other.json.verdict).toBe('held_elsewhere');
    expect(other.json.paid?.terminal).toBe(a.id);
    // A retry by the holder within the hold does not move its time-out.
    c.setClockOffset(60_000);
    const retry = await claim(a, w);
    expect([retry.json.verdict, retry.json.held_until]).toEqual(['claimed', until]);
    // Past the time-out the holder cannot take it again…
    c.setClockOffset(125_000);
    const renewed = await claim(a, w);
    expect(renewed.json.verdict).toBe('held_elsewhere');
    // …and the other shop can.
    expect((await claim(b, w)).json.verdict).toBe('claimed');
    c.setClockOffset(0);
  });
  /** Digital units `t` sells at central (sale, then final): each with its validation barcode and prize. */
  async function sellDigital(t: TestTerminal, n: number): Promise<DigitalUnitAnswer[]> {
    const sold: DigitalUnitAnswer[] = [];
    for (let i = 0; i < n; i++) {
      const sale_key = `${t.id}-digital-${i}-${Math.random().toString(36).slice(2, 10)}`;
      expect((await signedRequest(c.url, t, 'POST', '/v1/digital/sell', { sale_key, game: DIGITAL })).status).toBe(200);
      const f = await signedRequest<DigitalUnitAnswer>(c.url, t, 'POST', '/v1/digital/finalise', { sale_key });
      expect(f.status, JSON.stringify(f.json)).toBe(200);
      sold.push(f.json);
    }
    return sold;
  }
  const digitalPayout = (j: TestJournal, u: DigitalUnitAnswer, amount: number, extra: Record<string, unknown> = {}): WireJournalEntry =>
    j.append('payout', {
      ticket: u.number, game: DIGITAL, emission: u.emission, block: u.block, unit: u.unit, amount_cents: amount, cash_session_id: 1, receipt_no: j.entries.length + 1,
      money: { kind: 'payout', lines: [{ game: DIGITAL, count: 1, amount_cents: amount }] },
      ...extra,
    });
  /** The proof `t` journals for a digital unit whose validation barcode it read (the buyer's receipt). */
  const digitalProof = (t: TestTerminal, u: DigitalUnitAnswer, amount: number): string => {
    const parsed = parseBarcode(u.validation_barcode);
    if (parsed.kind !== 'validation') throw new Error('not a validation barcode');
    return payoutProof(parsed.hiddenCode, { terminal: t.id, id: parsed.id, amount_cents: amount });
  };
  /** The prize most of `prizes` win (the key holder's best guess). */
  const commonest = (prizes: number[]): number => {
    const n = new Map<number, number>();
    for (const p of prizes.filter((x) => x > 0)) n.set(p, (n.get(p) ?? 0) + 1);
    return [...n].sort((x, y) => y[1] - x[1])[0]![0];
  };

  it('credits no guessed payout (#39): the commonest prize for 40 tickets it sold and 12 digital units another shop sold, no hidden code; their real holders are paid after', async () => {
    const a = await terminalWithPack(11);
    const b = await terminalWithPack(null);
    const ja = new TestJournal(a);
    const jb = new TestJournal(b);
    // Paper: 40 tickets of A's own active pack at the prize most of its winners win (the guess that pays).
    const units = Array.from({ length: 100 }, (_, i) => 1100 + i);
    const paper = commonest(units.map(prizeOf));
    const lucky = units.filter((u) => prizeOf(u) === paper);
    expect(lucky.length).toBeGreaterThan(0);
    const guessed = [...lucky, ...units.filter((u) => prizeOf(u) !== paper)].slice(0, 40);
    // Digital: B, another shop, sells units until a dozen of them hold at least three at the commonest prize.
    const sold: DigitalUnitAnswer[] = [];
    const digital = 600;
    while (sold.filter((u) => u.prize_cents === digital).length < 3 || sold.length < 12) sold.push(...(await sellDigital(b, 1)));
    const theirs = [...sold.filter((u) => u.prize_cents === digital), ...sold.filter((u) => u.prize_cents !== digital)].slice(0, 12);
    // The key holder journals them as paid offline: by ticket number, no code.
    const forged = [...guessed.map((u) => payout(ja, u, paper, { offline: true })), ...theirs.map((u) => digitalPayout(ja, u, digital, { offline: true }))];
    const r = await push(a, forged);
    expect([r.status, r.json.last_seq], JSON.stringify(r.json)).toEqual([200, 52]);
    // None is money, each is listed and alerted for what it lacks.
    expect(await statementPayouts(a)).toEqual({ count: 0, amount_cents: 0 });
    expect(await uncredited(a)).toEqual(forged.map((e) => ({ seq: e.seq, reason: 'payout_no_proof' })));
    expect(await alerts(a)).toEqual(forged.map((e) => ({ reason: 'payout_no_proof', at_seq: e.seq })));
    // No ticket became paid: the real holders are paid after, never told "already paid at terminal A".
    for (const u of lucky) {
      expect(await paidBy(u)).toBeUndefined();
      expect((await claim(b, u)).json.verdict).toBe('claimed');
    }
    const winners = theirs.filter((u) => u.prize_cents > 0);
    const asked = await Promise.all(winners.map((u) => signedRequest<ClaimAnswer>(c.url, b, 'POST', '/v1/claim', { barcode: u.validation_barcode, claim_key: `d${u.unit}-${Math.random().toString(36).slice(2, 12)}` })));
    expect(asked.map((x) => x.json.verdict)).toEqual(winners.map(() => 'claimed'));
    const paid = [
      ...lucky.map((u) => payout(jb, u, paper, { proof: proofOf(b, u, paper) })),
      ...winners.map((u) => digitalPayout(jb, u, u.prize_cents, { proof: digitalProof(b, u, u.prize_cents) })),
    ];
    expect((await push(b, paid)).status).toBe(200);
    expect(await uncredited(b)).toEqual([]);
    expect(await statementPayouts(b)).toEqual({ count: paid.length, amount_cents: lucky.length * paper + winners.reduce((s, u) => s + u.prize_cents, 0) });
    for (const u of lucky) expect(await paidBy(u)).toEqual({ state: 'paid', terminal_id: b.id });
    expect(await c.central.db.query('SELECT ticket FROM payout_exceptions WHERE second_terminal = $1 OR first_terminal = $1', [a.id])).toEqual([]);
  });

  it('credits an offline payout with the right proof of possession, and none with a wrong one, offline or online (#39)', async () => {
    const a = await terminalWithPack(12);
    const b = await terminalWithPack(null);
    const j = new TestJournal(a);
    const [w0, w1, w2, w3, w4] = winners(12);
    const at = (u: number | undefined) => prizeOf(u!);
    expect((await claim(a, w3!)).json.verdict).toBe('claimed');
    expect((await claim(a, w4!)).json.verdict).toBe('claimed');
    const r = await push(a, [
      payout(j, w0!, at(w0), proven(a, w0!, at(w0))), // honest, offline
      payout(j, w1!, at(w1), { offline: true, proof: proofOf(b, w1!, at(w1)) }), // B's proof, read in B's journal
      payout(j, w2!, at(w2), { offline: true, proof: proofOf(a, w2!, at(w2) + 1) }), // the proof of another amount
      payout(j, w3!, at(w3), { proof: 'A'.repeat(43) }), // online, against its claim, a made-up proof
      payout(j, w4!, at(w4), { proof: proofOf(a, w4!, at(w4)) }), // honest, online
    ]);
    expect(r.status).toBe(200);
    expect(await uncredited(a)).toEqual([
      { seq: 2, reason: 'payout_bad_proof' },
      { seq: 3, reason: 'payout_bad_proof' },
      { seq: 4, reason: 'payout_bad_proof' },
    ]);
    expect(await statementPayouts(a)).toEqual({ count: 2, amount_cents: at(w0) + at(w4) });
    expect(await paidBy(w0!)).toEqual({ state: 'paid', terminal_id: a.id });
    expect(await paidBy(w1!)).toBeUndefined();
    expect(await paidBy(w2!)).toBeUndefined();
    // Its real holder, at B with the ticket in hand, is paid there.
    expect((await claim(b, w1!)).json.verdict).toBe('claimed');
    const jb = new TestJournal(b);
    expect((await push(b, [payout(jb, w1!, at(w1), { proof: proofOf(b, w1!, at(w1)) })])).status).toBe(200);
    expect(await paidBy(w1!)).toEqual({ state: 'paid', terminal_id: b.id });
    // A digital unit B sold is paid offline at A with its validation code (the buyer's receipt): credited.
    const sold: DigitalUnitAnswer[] = [];
    while (!sold.some((u) => u.prize_cents > 0 && u.prize_cents <= 5_000)) sold.push(...(await sellDigital(b, 1)));
    const u = sold.find((x) => x.prize_cents > 0 && x.prize_cents <= 5_000)!;
    expect((await push(a, [digitalPayout(j, u, u.prize_cents, { offline: true, proof: digitalProof(a, u, u.prize_cents) })])).status).toBe(200);
    expect((await uncredited(a)).map((x) => x.seq)).toEqual([2, 3, 4]);
    expect((await c.central.db.query<{ state: string; terminal_id: string }>('SELECT state, terminal_id FROM ticket_claims WHERE ticket = $1', [`${DIGITAL}/${u.emission}/${u.block}/${u.unit}`]))[0]).toEqual({ state: 'paid', terminal_id: a.id });
  });
  // Last: it renews central's epoch as a restore does (claims are then held until every terminal re-syncs).
  it('credits no payout "paid online before a restore" without its proof: its lost claim is no proof (#39)', async () => {
    const a = await terminalWithPack(10);
    const j = new TestJournal(a);
    const [w0, w1] = winners(10);
    // Journaled online before the restore, their claims unknown to the restored central.
    const before = new Date(Date.now() - 5_000).toISOString();
    const bare = j.append('payout', { ticket: 't', game: GAME, emission: EMISSION, block: 1, unit: w0!, amount_cents: prizeOf(w0!), money: { kind: 'payout', lines: [{ game: GAME, count: 1, amount_cents: prizeOf(w0!) }] } }, 'alice', before);
    const shown = j.append('payout', { ticket: 't', game: GAME, emission: EMISSION, block: 1, unit: w1!, amount_cents: prizeOf(w1!), proof: proofOf(a, w1!, prizeOf(w1!)), money: { kind: 'payout', lines: [{ game: GAME, count: 1, amount_cents: prizeOf(w1!) }] } }, 'alice', before);
    await renewEpoch(c.central.db, new Date().toISOString(), 'restore');
    c.central.memo.epoch.value = undefined;
    c.central.memo.epoch.claimsReleased = undefined;
    expect((await push(a, [bare, shown])).status).toBe(200);
    expect(await uncredited(a)).toEqual([{ seq: 1, reason: 'payout_no_proof' }]);
    expect(await alerts(a)).toEqual([
      { reason: 'payout_after_restore', at_seq: 2 },
      { reason: 'payout_no_proof', at_seq: 1 },
    ]);
    expect(await paidBy(w0!)).toBeUndefined();
    expect(await paidBy(w1!)).toEqual({ state: 'paid', terminal_id: a.id });
  });
});
