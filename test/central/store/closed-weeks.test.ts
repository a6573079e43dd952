/**
 * #19: a statement for a closed week never changes, and a ticket paid twice is charged back to the
 * retailer that paid second. Entries are sealed with the terminals' own keys (TestJournal) and pushed
 * through real signed requests, on PGlite and on PostgreSQL; central's clock is moved a week on. The
 * double payment is a real one, both payouts credited from central's own facts (support/paid-twice.ts):
 * a winner of a published emission, paid first online against A's claim, then offline at B, whose
 * retailer holds the ticket's pack active.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeBackException, listExceptionStates, writeOffException } from '../../../central/store/chargebacks.js';
import { setConfig } from '../../../central/store/feed.js';
import { isoWeekBounds, isoWeekOf, type PushAnswer, type RetailerStatement, type StatementAnswer, type WireJournalEntry } from '../../../common/protocol/index.js';
import { databaseFor, ENGINES } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { activatePack, claimTicket, GAME, publishTestEmission, type TestEmission } from '../support/paid-twice.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

const sale = (cents: number) => ({ receipt_no: 1, money: { kind: 'sale', lines: [{ game: GAME, count: 1, amount_cents: cents }] } });

describe.each(ENGINES)('closed weeks and chargebacks on %s', (engine) => {
  let c: StartedCentral;
  let a: TestTerminal;
  let b: TestTerminal;
  let ja: TestJournal;
  let jb: TestJournal;
  let w: TestTerminal;
  let jw: TestJournal;
  let e: TestEmission;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['W1', 'W2', 'W3'], ...(databaseUrl ? { databaseUrl } : {}) });
    a = newTerminalKey();
    b = newTerminalKey();
    expect((await enrol(c.url, c.codes.W1!, a)).status).toBe(200);
    expect((await enrol(c.url, c.codes.W2!, b)).status).toBe(200);
    w = newTerminalKey();
    expect((await enrol(c.url, c.codes.W3!, w)).status).toBe(200);
    jw = new TestJournal(w);
    ja = new TestJournal(a);
    jb = new TestJournal(b);
    e = await publishTestEmission(c, { emission: 7, units: 100 });
  }, 180_000);
  afterAll(() => c?.close(), 60_000);

  const at = () => ({ timestamp: c.central.now() });
  const push = (t: TestTerminal, entries: WireJournalEntry[]) => signedRequest<PushAnswer & { reason?: string }>(c.url, t, 'POST', '/v1/push', { entries, events: [] }, at());
  const statement = async (t: TestTerminal, week: string): Promise<RetailerStatement> => {
    const r = await signedRequest<StatementAnswer>(c.url, t, 'GET', `/v1/statement?week=${week}`, undefined, at());
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.current;
  };
  /** Moves central's clock into the week after `week`, an hour past its start. */
  const intoNextWeek = (week: string): string => {
    const to = Date.parse(isoWeekBounds(week).to);
    c.setClockOffset(to + 3_600_000 - Date.now());
    return isoWeekOf(c.central.now());
  };

  it('keeps the issued statement of a closed week; an entry of that week pushed later is an adjustment of the current one', async () => {
    const week = isoWeekOf(new Date());
    expect((await push(w, [jw.append('sale', sale(1_000))])).status).toBe(200);
    expect((await statement(w, week)).sales).toEqual({ count: 1, amount_cents: 1_000 });
    const next = intoNextWeek(week);
    try {
      const issued = await statement(w, week);
      expect(issued).toMatchObject({ closed: true, sales: { count: 1, amount_cents: 1_000 } });
      // Journaled in the closed week (dated after the last entry: the chain takes it), pushed now.
      const late = jw.append('sale', sale(50_000), 'alice', new Date(Date.parse(isoWeekBounds(week).to) - 60_000).toISOString());
      expect((await push(w, [late])).status).toBe(200);
      // A change of rates after the week does not reach it either.
      await setConfig(c.central, 'test', 'commission_sales_bp', 900);
      expect(await statement(w, week)).toEqual(issued);
      const now = await statement(w, next);
      expect(now).toMatchObject({ closed: false, sales: { count: 0, amount_cents: 0 } });
      expect(now.adjustments).toMatchObject({ late_sales: { count: 1, amount_cents: 50_000 }, late_since: late.at, amount_cents: 50_000 });
      expect(now.amount_due_cents).toBe(50_000 - now.commissions.total_cents);
    } finally {
      c.setClockOffset(0);
      await setConfig(c.central, 'test', 'commission_sales_bp', 500);
    }
  });

  it('charges a ticket paid twice back to the retailer that paid second, on both statements; a write-off gives it back', async () => {
    const week = isoWeekOf(c.central.now());
    const [w1, w2] = e.winners(0);
    const prize = e.prizeOf(w1!);
    // B's retailer holds pack 0 active, and B's first push brings it central's signed offline allowance.
    await activatePack(c, b, e, 0, at());
    expect((await push(b, [])).json.allowance).toBeDefined();
    // Claimed at A online, paid there at the claim's prize: credited, the ticket paid at A.
    await claimTicket(c, a, e.barcodeOf(w1!), at());
    expect((await push(a, [ja.append('payout', e.payout(w1!))])).status).toBe(200);
    expect((await statement(a, week)).payouts).toEqual({ count: 1, amount_cents: prize });
    // Paid again at the other retailer's counter, offline, at the prize of central's print data.
    expect((await push(b, [jb.append('payout', e.payout(w1!, b.id))])).status).toBe(200);
    expect(await c.central.db.query('SELECT seq FROM uncredited_entries')).toEqual([]);
    const second = await statement(b, week);
    expect(second.payouts).toEqual({ count: 1, amount_cents: prize });
    expect(second.adjustments.chargebacks).toEqual({ count: 1, amount_cents: prize });
    // The payout is charged back: the retailer is not credited it.
    expect(second.amount_due_cents).toBe(-prize + prize - second.commissions.total_cents);
    expect(second.commissions.cashing_cents).toBe(0);
    const first = await statement(a, week);
    expect(first.exceptions.paid_first).toEqual({ count: 1, amount_cents: prize });
    expect(first.adjustments.chargebacks).toEqual({ count: 0, amount_cents: 0 });
    const [x] = (await listExceptionStates(c.central)).filter((x) => x.ticket === e.ticketOf(w1!));
    expect(x).toMatchObject({ state: 'charged_back', second_terminal: b.id, amount_cents: prize });

    const off = await writeOffException(c.central, 'test', x!.id, 'the lottery told the shop to pay');
    expect(off).toMatchObject({ state: 'written_off', reason: 'the lottery told the shop to pay' });
    await expect(writeOffException(c.central, 'test', x!.id, 'again')).rejects.toMatchObject({ reason: 'already_written_off' });
    await expect(writeOffException(c.central, 'test', 999_999, 'none')).rejects.toMatchObject({ reason: 'no_such_exception' });
    const journaled = await c.central.db.query<{ type: string }>(`SELECT type FROM central_journal WHERE type = 'exception.write-off'`);
    expect(journaled).toHaveLength(1);
    expect((await statement(b, week)).adjustments.chargebacks_written_off).toEqual({ count: 1, amount_cents: prize });

    // With the lottery bearing them, an exception is written off as it is found: no chargeback.
    await setConfig(c.central, 'test', 'payout_exception_policy', 'lottery_bears');
    try {
      await claimTicket(c, a, e.barcodeOf(w2!), at());
      expect((await push(a, [ja.append('payout', e.payout(w2!))])).status).toBe(200);
      expect((await push(b, [jb.append('payout', e.payout(w2!, b.id))])).status).toBe(200);
      expect(await c.central.db.query('SELECT seq FROM uncredited_entries')).toEqual([]);
      const [y] = (await listExceptionStates(c.central)).filter((x) => x.ticket === e.ticketOf(w2!));
      expect(y).toMatchObject({ state: 'written_off', charged_at: null, second_terminal: b.id, amount_cents: e.prizeOf(w2!) });
      expect((await statement(b, week)).adjustments.chargebacks).toEqual({ count: 1, amount_cents: prize });
      // Charged back after all, as an operator's act: on the retailer's statement this week, journaled.
      const charged = await chargeBackException(c.central, 'test', y!.id, 'the retailer paid without checking the ticket');
      expect(charged).toMatchObject({ state: 'charged_back', written_off_at: null, reason: 'the retailer paid without checking the ticket' });
      expect((await statement(b, week)).adjustments.chargebacks).toEqual({ count: 2, amount_cents: prize + e.prizeOf(w2!) });
      await expect(chargeBackException(c.central, 'test', y!.id, 'again')).rejects.toMatchObject({ reason: 'already_charged_back' });
      // One charged back and refunded (written off) stays refunded.
      await expect(chargeBackException(c.central, 'test', x!.id, 'again')).rejects.toMatchObject({ reason: 'already_charged_back' });
      expect(await c.central.db.query(`SELECT type FROM central_journal WHERE type = 'exception.charge-back'`)).toHaveLength(1);
    } finally {
      await setConfig(c.central, 'test', 'payout_exception_policy', 'chargeback');
    }
  });
});
