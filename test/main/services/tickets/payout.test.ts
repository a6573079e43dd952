import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { insertPayout } from '../../../../db/queries/payouts.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { xReport } from '../../../../main/services/cash/sessions.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { receivePack } from '../../../../main/services/packs/packs.js';
import { addToStopList } from '../../../../main/services/packs/stop-list.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { CounterChecker } from '../../../../main/services/tickets/counter-verdict.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import { validationBarcode } from '../../../../games/ticket-id.js';
import { counterTerminal, expectRefusal, unknownUnit, type CounterFixture } from '../packs/counter-fixture.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

const count = (f: CounterFixture, sql: string): number => (f.t.db.prepare(sql).get() as { n: number }).n;

describe('paying a winner', () => {
  it('pays the whole prize once: payout row, receipt, journal money, outbox event keyed by the ticket', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const r = payTicket(fx.t, fx.bob, fx.val(2));
    if (r.status !== 'paid') throw new Error('expected a payout');
    expect(r.payout).toMatchObject({ game: 'annee-chance-2013', emission: 1, block: 1, unit: 2, amount_cents: 10_000, terminal: 'T-001', receipt_no: 1 });
    expect(r.receipt).toMatchObject({ kind: 'payout', receiptNumber: '1', amountCents: 10_000, gameName: '2013 Année de la chance', ticket: r.verdict.ticket, reference: 'T-001-00000001' });
    expect(r.outbox_key).toBe('T-001/payout/annee-chance-2013/1/1/2');
    const out = JSON.parse((fx.t.db.prepare('SELECT payload FROM outbox WHERE idempotency_key = ?').get(r.outbox_key) as { payload: string }).payload) as Record<string, unknown>;
    expect(out).toMatchObject({ type: 'payout', unit: 2, amount_cents: 10_000, receipt_no: 1, money: { kind: 'payout', lines: [{ game: 'annee-chance-2013', count: 1, amount_cents: 10_000 }] } });
    expect(xReport(fx.t, fx.alice).cash).toMatchObject({ payouts_cents: 10_000, expected_cents: 0 });

    const again = expectRefusal(fx, 'already-paid', () => payTicket(fx!.t, fx!.bob, fx!.val(2)));
    expect(again.message).toMatch(/T-001/);
    const err = (() => {
      try {
        payTicket(fx.t, fx.alice, fx.val(2));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(PayoutError);
    expect((err as PayoutError).verdict?.paid).toMatchObject({ terminal: 'T-001', receipt_no: 1, at: '2026-11-30T09:00:00.000Z' });
    expect(count(fx, 'SELECT count(*) AS n FROM payouts')).toBe(1);
    expect(verifyJournal(fx.t).ok).toBe(true);
  });

  it('above the limit: prints a claim, pays nothing, never splits the prize; a second claim is refused', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const r = payTicket(fx.t, fx.bob, fx.val(1));
    if (r.status !== 'claimed') throw new Error('expected a claim');
    expect(r.claim).toMatchObject({ unit: 1, amount_cents: 100_000, payout_limit_cents: 30_000, receipt_no: 1 });
    expect(r.receipt).toMatchObject({ kind: 'claim', amountCents: 100_000, payoutLimitCents: 30_000 });
    expect(r.outbox_key).toBe('T-001/claim/annee-chance-2013/1/1/1');
    expect(count(fx, 'SELECT count(*) AS n FROM payouts')).toBe(0);
    expect(xReport(fx.t, fx.alice).cash).toMatchObject({ payouts_cents: 0, expected_cents: 10_000 });
    expectRefusal(fx, 'already-claimed', () => payTicket(fx!.t, fx!.bob, fx!.val(1)));
    // Raising the limit later never turns a claimed ticket into a counter payout.
    updateSettings(fx.t, fx.alice, { payout_limit_cents: 200_000 });
    expectRefusal(fx, 'already-claimed', () => payTicket(fx!.t, fx!.bob, fx!.val(1)));
    // The 40 000 € ticket is claimed whole, never paid in part.
    const big = payTicket(fx.t, fx.bob, fx.val(0));
    expect(big.status === 'claimed' && big.claim.amount_cents).toBe(4_000_000);
  });

  it('pays only winners: every other verdict is refused with its code and changes nothing', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const pay = (barcode: string) => () => payTicket(f.t, f.bob, barcode);
    expectRefusal(f, 'loser', pay(f.val(10)));
    expectRefusal(f, 'pack-not-active', pay(f.val(102)));
    receivePack(f.t, f.bob, f.packNo(1));
    expectRefusal(f, 'pack-not-active', pay(f.val(102)));
    expectRefusal(f, 'unknown-ticket', pay(unknownUnit().val));
    expectRefusal(f, 'malformed', pay(f.inv(2)));
    const v = f.val(2);
    expectRefusal(f, 'bad-check-digit', pay(v.slice(0, 33) + String((Number(v[33]) + 1) % 10)));
    expectRefusal(f, 'wrong-code', pay(validationBarcode(f.unit(2).id, '9'.repeat(18))));
    expectRefusal(f, 'pack-not-active', pay(f.val(2, 2))); // expired block, pack not active here
    addToStopList(f.t, f.alice, f.val(3), 'stolen');
    expectRefusal(f, 'stop-listed', pay(f.val(3)));
  });

  it('refuses an expired winner even with its pack active', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    f.later('2100-01-01T00:00:00.000Z');
    expectRefusal(f, 'expired', () => payTicket(f.t, f.bob, f.val(2)));
  });

  it('enforces roles in the service: a technician cannot pay; a disabled session is refused', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    expectRefusal(f, 'forbidden', () => payTicket(f.t, f.tom, f.val(2)));
    expectRefusal(f, 'forbidden', () => payTicket(f.t, { ...f.bob }, f.val(2)));
  });

  it('the database itself forbids a second payout row of a ticket', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const row = { game: 'annee-chance-2013', emission: 1, block: 1, unit: 2, amount_cents: 10_000, terminal: 'T-001', receipt_no: 900, journal_seq: 1, cash_session_id: 1, operator_id: 1, at: 'x' };
    insertPayout(fx.t.db, row);
    expect(() => insertPayout(fx!.t.db, { ...row, receipt_no: 901, terminal: 'T-002' })).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_UNIQUE' }));
  });
});

describe('one ticket paid from two connections', () => {
  it('in turn: the second connection sees it paid', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const other = openLotteryTerminal(fx.dir, { clock: fx.clock });
    try {
      const bob2 = await authenticate(other, 'bob', '4321');
      expect(payTicket(fx.t, fx.bob, fx.val(4)).status).toBe('paid');
      expect(() => payTicket(other, bob2, fx!.val(4))).toThrow(expect.objectContaining({ code: 'already-paid' }));
    } finally {
      other.close();
    }
  });

  it('past a verdict read before the first payment or claim: the rows already there refuse the second, nothing changed', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    // A verdict read before the other window paid: only the rows the payout writes (its UNIQUE payout row and
    // its outbox event keyed by the ticket) can then refuse the second payout.
    const real = new CounterChecker(f.t);
    const stale = real.verdictOf(f.val(4));
    const checker = { verdictOf: () => stale, close: () => real.close() } as unknown as CounterChecker;
    expect(payTicket(f.t, f.bob, f.val(4)).status).toBe('paid');
    expect(expectRefusal(f, 'already-paid', () => payTicket(f.t, f.bob, f.val(4), { checker })).message).toMatch(/already paid/);
    // The same for a claim (unit 1 is above the payout limit).
    const staleClaim = real.verdictOf(f.val(1));
    const claimChecker = { verdictOf: () => staleClaim, close: () => undefined } as unknown as CounterChecker;
    expect(payTicket(f.t, f.bob, f.val(1)).status).toBe('claimed');
    expectRefusal(f, 'already-claimed', () => payTicket(f.t, f.bob, f.val(1), { checker: claimChecker }));
    real.close();
    expect(count(f, 'SELECT count(*) AS n FROM payouts')).toBe(1);
    expect(count(f, 'SELECT count(*) AS n FROM claims')).toBe(1);
  });

  it('at the same moment from two processes: exactly one pays, the other gets already-paid', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const barcode = fx.val(5);
    fx.t.close();
    const start = () => {
      const child = spawn(process.execPath, [path.join(ROOT, 'bin/run-ts.js'), 'test/main/services/tickets/pay-worker.ts', fx!.dir, barcode], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
      let out = '';
      const ready = new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => ((out += d.toString()), out.includes('ready') && resolve())));
      const done = new Promise<{ status: string; code?: string }>((resolve, reject) =>
        child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.split('\n')[1] as string) as { status: string }) : reject(new Error(`worker exited ${code}: ${out}`)))),
      );
      return { child, ready, done };
    };
    const a = start();
    const b = start();
    await Promise.all([a.ready, b.ready]);
    a.child.stdin.end('go\n');
    b.child.stdin.end('go\n');
    const results = await Promise.all([a.done, b.done]);
    expect(results.map((r) => r.status).sort()).toEqual(['paid', 'refused']);
    expect(results.find((r) => r.status === 'refused')?.code).toBe('already-paid');
    const t = openLotteryTerminal(fx.dir);
    try {
      expect(t.db.prepare('SELECT count(*) AS n FROM payouts').get()).toEqual({ n: 1 });
      expect(t.db.prepare("SELECT count(*) AS n FROM outbox WHERE type = 'payout'").get()).toEqual({ n: 1 });
      expect(verifyJournal(t).ok).toBe(true);
    } finally {
      t.close();
    }
  });
});
