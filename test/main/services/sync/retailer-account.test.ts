/**
 * Claims and the retailer's account across the network: three enrolled terminals (T1 and T1B of one
 * retailer, T2 of another) and one central (PGlite, and a real PostgreSQL where installed) over loopback.
 * - a claim whose payout the terminal never commits is released by the journal that follows, or by the
 *   time-out at central, and the ticket is then paid at the other terminal;
 * - central unreachable and the offline limit reached: refused with the limit, a claim receipt filed;
 * - above the payout limit: a claim form, recorded at central (`guichet central claims`);
 * - the weekly statement (`guichet central statement`, and as the terminal fetches it) matches the journals.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekBounds, isoWeekOf, previousIsoWeek } from '../../../../common/protocol/index.js';
import { createEmission } from '../../../../central/emission/create.js';
import { exportUnits } from '../../../../central/emission/export.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { setConfig } from '../../../../central/store/feed.js';
import { prizeClaims } from '../../../../central/store/prize-claims.js';
import { publishEmission } from '../../../../central/store/publish.js';
import { share } from '../../../../central/store/statements.js';
import { addTerminal } from '../../../../central/store/terminals.js';
import { payOrClaim, CentralUnreachablePayout } from '../../../../main/services/tickets/acts.js';
import type { AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { receiptLayout } from '../../../../main/services/receipts/layout.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { voidSale } from '../../../../main/services/sales/void.js';
import { claimAtCentral } from '../../../../main/services/sync/claim.js';
import { fetchStatements } from '../../../../main/services/sync/statement.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { GUICHET_BIN, startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { DOWN, dropCounters, enrolledCounter, refusedWith, type Counter } from './two-terminals.js';
import { rememberLetter } from '../../../central/support/letters.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };
const run = promisify(execFile);


const refusal = (p: Promise<unknown>): Promise<PayoutError> => refusedWith(p, PayoutError);

const layoutText = (r: Parameters<typeof receiptLayout>[0], language: 'fr' | 'en'): string =>
  receiptLayout(r, { language })
    .lines.map((l) => (l.type === 'text' ? l.text : l.type === 'pair' ? `${l.left} ${l.right}` : l.type === 'barcode' ? `[${l.value}]` : ''))
    .join('\n');

/** What a terminal's own journal says for [from, to): per money kind, tickets and cents. */
function journalTotals(t: LotteryTerminal, from: string, to: string): Record<string, { count: number; amount_cents: number }> {
  const out: Record<string, { count: number; amount_cents: number }> = {};
  const rows = t.db.prepare(`SELECT payload FROM journal WHERE at >= ? AND at < ? AND json_extract(payload, '$.money') IS NOT NULL`).all(from, to) as { payload: string }[];
  for (const r of rows) {
    const m = (JSON.parse(r.payload) as { money: { kind: string; lines: { count: number; amount_cents: number }[] } }).money;
    const k = (out[m.kind] ??= { count: 0, amount_cents: 0 });
    for (const l of m.lines) {
      k.count += l.count;
      k.amount_cents += l.amount_cents;
    }
  }
  return out;
}

describe.each(ENGINES)('claims and the retailer account, central on %s', (engine) => {
  let c: StartedCentral;
  let a: Counter;
  let a2: Counter;
  let b: Counter;
  let tmp: string;
  let winners: { barcode: string; prize: number }[];
  let losers: { inventory: string }[];

  beforeAll(async () => {
    const url = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1', 'T2'], ...(url ? { databaseUrl: url } : {}) });
    const codeT1B = rememberLetter(await addTerminal(c.central, 'test', 'T1B', 'Retailer T1'));
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-account-em-'));
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 100, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(c.central, 'test', em);
    const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 100)];
    winners = units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 2000).map((u) => ({ barcode: u.barcodes.validation, prize: u.prize_cents }));
    losers = units.filter((u) => u.prize_cents === 0).map((u) => ({ inventory: u.barcodes.inventory }));
    expect(winners.length).toBeGreaterThanOrEqual(6);
    expect(losers.length).toBeGreaterThanOrEqual(6);
    const pack = `${units[0]!.barcodes.inventory.slice(0, 3)}-007-01-00000`;
    a = await enrolledCounter(c.url, c.codes.T1!, { pack });
    a2 = await enrolledCounter(c.url, codeT1B, { pack });
    b = await enrolledCounter(c.url, c.codes.T2!, { pack });
  }, 240_000);

  afterAll(async () => {
    dropCounters(a, a2, b);
    await c?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('a claim whose payout never comes is released by the next push, then paid at the other terminal', async () => {
    const w = winners[0]!;
    // Holds last 10 min here, so only the push can release this one before the end of the test.
    await setConfig(c.central, 'test', 'claim_hold_seconds', 600);
    // T1 claims (central's clock two minutes back, so its next journal entry comes well after) and never pays.
    c.setClockOffset(-120_000);
    const held = await claimAtCentral(a.t, w.barcode);
    c.setClockOffset(0);
    expect(held.kind === 'answer' && held.answer.verdict).toBe('claimed');
    const blocked = await refusal(payOrClaim(b.t, b.manager, w.barcode, after));
    // Held by T1, not paid (#19): 'claimed-elsewhere', never "already paid".
    expect([blocked.code, blocked.message]).toEqual(['claimed-elsewhere', expect.stringMatching(/terminal T1 /)]);
    // T1 journals something else and pushes: no payout came, the hold goes.
    sellTickets(a.t, a.manager, { barcodes: [losers[0]!.inventory], tendered_cents: 10_000 });
    await syncOnce(a.t);
    expect(await c.central.db.query('SELECT ticket FROM ticket_claims WHERE terminal_id = $1 AND state = $2', ['T1', 'held'])).toEqual([]);
    const paid = await payOrClaim(b.t, b.manager, w.barcode, after);
    expect(paid.result.status).toBe('paid');
    await syncOnce(b.t);
    const row = await c.central.db.query<{ state: string; terminal_id: string }>('SELECT state, terminal_id FROM ticket_claims WHERE state = $1 AND terminal_id = $2', ['paid', 'T2']);
    expect(row).toHaveLength(1);
    await setConfig(c.central, 'test', 'claim_hold_seconds', 120);
  }, 60_000);

  it('a claim whose payout never comes is released by the time-out at central, then paid at the other terminal', async () => {
    const w = winners[1]!;
    const held = await claimAtCentral(a.t, w.barcode);
    expect(held.kind === 'answer' && held.answer.verdict).toBe('claimed');
    expect((await refusal(payOrClaim(b.t, b.manager, w.barcode, after))).code).toBe('claimed-elsewhere');
    // Three minutes later at central (the hold lasts 120 s by default), T2 claims it for itself and pays.
    c.setClockOffset(180_000);
    try {
      const paid = await payOrClaim(b.t, b.manager, w.barcode, after);
      expect(paid.result.status).toBe('paid');
      await syncOnce(b.t);
    } finally {
      c.setClockOffset(0);
    }
    // T1 presenting it again is told where it was paid.
    const again = await refusal(payOrClaim(a.t, a.manager, w.barcode, after));
    expect([again.code, again.message]).toEqual(['paid-elsewhere', expect.stringMatching(/terminal T2 \(Retailer T2\)/)]);
  }, 60_000);

  it('central unreachable and the offline limit reached: refused with the limit, a claim receipt filed and recorded at central', async () => {
    await setConfig(c.central, 'test', 'offline_max_ticket_cents', 1);
    await syncOnce(a.t);
    const w = winners[2]!;
    const e = await refusal(payOrClaim(a.t, a.manager, w.barcode, after, undefined, DOWN));
    expect(e).toBeInstanceOf(CentralUnreachablePayout);
    expect([e.code, e.message]).toEqual(['central-unreachable', expect.stringMatching(/above the offline limit per ticket.*\(claim receipt \d+\)/)]);
    const x = e as CentralUnreachablePayout;
    expect(x.reached).toEqual({ limit: 'ticket', max: 1 });
    const entry = a.t.db.prepare("SELECT payload FROM journal WHERE type = 'claim.receipt' ORDER BY seq DESC LIMIT 1").get() as { payload: string };
    const p = JSON.parse(entry.payload) as Record<string, unknown>;
    expect(p).toMatchObject({ receipt_no: x.claim_receipt_no, amount_cents: w.prize, offline_limit: { limit: 'ticket', max: 1 } });
    expect(a.t.db.prepare('SELECT count(*) AS n FROM payouts WHERE unit = ?').get(Number(w.barcode.slice(8, 15)))).toEqual({ n: 0 });
    await setConfig(c.central, 'test', 'offline_max_ticket_cents', 5_000);
    await syncOnce(a.t);
    const recorded = (await prizeClaims(c.central)).filter((r) => r.kind === 'central-unreachable');
    expect(recorded).toEqual([
      expect.objectContaining({ terminal: 'T1', retailer: 'Retailer T1', amount_cents: w.prize, receipt_no: x.claim_receipt_no, reason: expect.stringMatching(/offline limit per ticket/) }),
    ]);
    // The ticket was not paid nor held: once central answers, it is paid.
    expect((await payOrClaim(a.t, a.manager, w.barcode, after)).result.status).toBe('paid');
  }, 60_000);

  it('above the payout limit: a claim form (ticket barcode, name and ID, where to send it), recorded at central and listed by the CLI', async () => {
    const address = 'Loterie, service des gains, 75000 Paris';
    await setConfig(c.central, 'test', 'claim_address', address);
    await syncOnce(a2.t);
    updateSettings(a2.t, a2.manager, { payout_limit_cents: 1 });
    const w = winners[3]!;
    const filed = await payOrClaim(a2.t, a2.manager, w.barcode, after);
    expect(filed.result.status).toBe('claimed');
    const receipt = filed.result.receipt;
    expect(receipt).toMatchObject({ kind: 'claim', amountCents: w.prize, sendTo: address, terminalId: 'T1B' });
    const en = layoutText(receipt, 'en');
    expect(en).toContain('CLAIM FORM');
    expect(en).toMatch(/Full name: _+/);
    expect(en).toMatch(/ID document no\.: _+/);
    expect(en).toContain(address);
    expect(en).toContain(`[${receipt.ticket}]`);
    expect(layoutText(receipt, 'fr')).toContain('FORMULAIRE DE RÉCLAMATION');
    await syncOnce(a2.t);
    const claims = await prizeClaims(c.central);
    expect(claims.filter((r) => r.kind === 'over-limit')).toEqual([expect.objectContaining({ terminal: 'T1B', retailer: 'Retailer T1', amount_cents: w.prize })]);
    const out = await run(process.execPath, [GUICHET_BIN, 'central', 'claims', '--data', c.dataDir, '--json'], { env: { ...process.env, GUICHET_DATABASE_URL: '' } });
    expect(JSON.parse(out.stdout)).toEqual(claims);
    updateSettings(a2.t, a2.manager, { payout_limit_cents: 100_000 });
  }, 60_000);

  it("the retailer's weekly statement matches its terminals' journals, by the CLI and as the terminal fetches it", async () => {
    await setConfig(c.central, 'test', 'commission_sales_bp', 700);
    // Sales at both of Retailer T1's terminals, a void, payouts; and some at T2 (another retailer).
    const s1 = sellTickets(a.t, a.manager, { barcodes: [losers[1]!.inventory, losers[2]!.inventory], tendered_cents: 10_000 });
    sellTickets(a2.t, a2.manager, { barcodes: [losers[3]!.inventory], tendered_cents: 10_000 });
    const voided = sellTickets(a.t, a.manager, { barcodes: [losers[4]!.inventory], tendered_cents: 10_000 });
    voidSale(a.t, a.manager, { receipt_no: voided.receipt_no, reason: 'customer changed mind' });
    expect(s1.total_cents).toBeGreaterThan(0);
    expect((await payOrClaim(a2.t, a2.manager, winners[4]!.barcode, after)).result.status).toBe('paid');
    sellTickets(b.t, b.manager, { barcodes: [losers[5]!.inventory], tendered_cents: 10_000 });
    for (const x of [a, a2, b]) await syncOnce(x.t);

    const week = isoWeekOf(new Date());
    const { from, to } = isoWeekBounds(week);
    const mine = [journalTotals(a.t, from, to), journalTotals(a2.t, from, to)];
    const sum = (kind: string) => ({ count: mine.reduce((s, m) => s + (m[kind]?.count ?? 0), 0), amount_cents: mine.reduce((s, m) => s + (m[kind]?.amount_cents ?? 0), 0) });
    const sales = sum('sale');
    const voids = sum('void');
    const payouts = sum('payout');
    const claims = sum('claim');
    expect([sales.count > 0, voids.count, payouts.count > 0, claims.count]).toEqual([true, 1, true, 1]);
    const net = sales.amount_cents - voids.amount_cents;
    const commissions = { sales_cents: share(net, 700), cashing_cents: share(payouts.amount_cents, 100) };

    const out = await run(process.execPath, [GUICHET_BIN, 'central', 'statement', '--retailer', 'Retailer T1', '--week', week, '--data', c.dataDir, '--json'], {
      env: { ...process.env, GUICHET_DATABASE_URL: '' },
    });
    const statement = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(statement).toMatchObject({
      retailer: 'Retailer T1',
      week,
      from,
      to,
      terminals: ['T1', 'T1B'],
      sales,
      voids,
      net_sales_cents: net,
      payouts,
      claims,
      commission_rates: { sales_bp: 700, cashing_bp: 100 },
      commissions: { ...commissions, total_cents: commissions.sales_cents + commissions.cashing_cents },
      settled_packs: { count: 0, value_cents: 0 },
      amount_due_cents: net - payouts.amount_cents - commissions.sales_cents - commissions.cashing_cents,
    });

    // The terminal's manager sees the same figures (current week and the one before).
    const fetched = await fetchStatements(a2.t);
    const { computed_at: _, ...same } = statement;
    expect(fetched.current).toMatchObject(same);
    expect(fetched.previous.week).toBe(previousIsoWeek(week));
    // Another retailer's figures are its own.
    expect((await fetchStatements(b.t)).current).toMatchObject({ retailer: 'Retailer T2', terminals: ['T2'] });

    // Bad input: a clear refusal.
    const bad = await run(process.execPath, [GUICHET_BIN, 'central', 'statement', '--retailer', 'Retailer T1', '--week', '2026-W60', '--data', c.dataDir], {
      env: { ...process.env, GUICHET_DATABASE_URL: '' },
    }).catch((err: { stderr: string; code: number }) => err);
    expect((bad as { stderr: string }).stderr).toMatch(/2026 has no week 60/);
  }, 120_000);
});
