import { afterEach, describe, expect, it } from 'vitest';
import { CashError } from '../../../../main/services/cash/errors.js';
import { closeCashSession, currentCashSession, moveCash, openCashSession, xReport, zReport } from '../../../../main/services/cash/sessions.js';
import { reportLines } from '../../../../main/services/cash/report-text.js';
import type { Money } from '../../../../main/kernel/money.js';
import { record } from '../../../../main/kernel/record.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { makeTerminal, snapshot, type Fixture } from '../terminal/fixture.js';

let f: Fixture | undefined;
afterEach(() => f?.cleanup());

let events = 0;
/** A money entry as the services write one: with its outbox event (journal verify checks it). */
function event(f: Fixture, type: string, money: Money, receipt = true) {
  const key = `${type}/${++events}`;
  return inTransaction(f.t, () => record(f.t, { type, operator: f.bob, payload: {}, receipt, money, outbox: { key } }));
}

describe('receipt numbers', () => {
  it('are sequential with no gap, a rolled-back transaction giving its number back', async () => {
    f = await makeTerminal();
    const taken: number[] = [];
    for (let i = 0; i < 3; i++) taken.push(event(f, 'sale', { kind: 'sale', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] }).receipt_no!);
    expect(() =>
      inTransaction(f!.t, () => {
        record(f!.t, { type: 'sale', operator: f!.bob, receipt: true });
        throw new Error('printer jammed before commit');
      }),
    ).toThrow(/printer jammed/);
    expect(() => event(f!, 'sale', { kind: 'sale', lines: [{ game: 'loto', count: 1, amount_cents: 300 }] })).toThrow(/unknown game 'loto'/);
    taken.push(event(f, 'sale', { kind: 'sale', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] }).receipt_no!);
    inTransaction(f.t, () => record(f!.t, { type: 'pack.receive', operator: f!.bob, payload: { pack: 'x' } }));
    taken.push(event(f, 'void', { kind: 'void', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] }).receipt_no!);
    expect(taken).toEqual([1, 2, 3, 4, 5]);
    const inJournal = f.t.db.prepare("SELECT json_extract(payload, '$.receipt_no') AS n FROM journal WHERE json_extract(payload, '$.receipt_no') IS NOT NULL ORDER BY seq").all();
    expect(inJournal.map((r) => (r as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('cash session, X and Z', () => {
  it('X adds up the day per game and the cash; Z closes with period and perpetual totals in the journal', async () => {
    f = await makeTerminal();
    const { t, alice, bob } = f;
    expect(() => xReport(t, alice)).toThrow(/no cash session is open/);
    openCashSession(t, bob, { float_cents: 10_000 });
    expect(() => openCashSession(t, alice, { float_cents: 0 })).toThrow(/cash session 1 is already open \(since 2026-11-30T09:00:00.000Z, by bob\)/);
    f.later(3600_000);
    event(f, 'sale', { kind: 'sale', lines: [{ game: 'happy-2014', count: 2, amount_cents: 600 }, { game: 'millionnaire', count: 1, amount_cents: 1000 }] });
    event(f, 'void', { kind: 'void', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] });
    event(f, 'payout', { kind: 'payout', lines: [{ game: 'annee-chance-2013', count: 1, amount_cents: 600 }] });
    event(f, 'claim', { kind: 'claim', lines: [{ game: 'millionnaire', count: 1, amount_cents: 100_000_000 }] }, false);
    moveCash(t, alice, { kind: 'in', amount_cents: 5000, reason: 'change from the bank' });
    moveCash(t, alice, { kind: 'out', amount_cents: 2000, reason: 'safe drop' });
    const before = snapshot(t);
    expect(() => moveCash(t, alice, { kind: 'out', amount_cents: 13_701, reason: 'too much' })).toThrow(/cannot take out 137,01.€: the drawer should hold 137,00.€/);
    expect(() => moveCash(t, alice, { kind: 'in', amount_cents: 100, reason: '  ' })).toThrow(/needs a reason/);
    expect(() => moveCash(t, alice, { kind: 'in', amount_cents: -5, reason: 'x' })).toThrow(CashError);

    const x = xReport(t, alice);
    expect(snapshot(t)).toEqual(before); // X changes nothing
    expect(x.kind).toBe('X');
    expect(x.totals.games.map((g) => g.game)).toEqual(['happy-2014', 'annee-chance-2013', 'millionnaire']);
    expect(x.totals.games[0]).toEqual({
      game: 'happy-2014',
      sales: { count: 2, amount_cents: 600 },
      voids: { count: 1, amount_cents: 300 },
      payouts: { count: 0, amount_cents: 0 },
      claims: { count: 0, amount_cents: 0 },
      net_sales_cents: 300,
    });
    expect(x.totals.games[2]).toMatchObject({ sales: { count: 1, amount_cents: 1000 }, claims: { count: 1, amount_cents: 100_000_000 } });
    expect(x.totals.all).toMatchObject({ sales: { count: 3, amount_cents: 1600 }, payouts: { count: 1, amount_cents: 600 }, net_sales_cents: 1300 });
    expect(x.cash).toEqual({
      float_cents: 10_000,
      sales_cents: 1600,
      voids_cents: 300,
      payouts_cents: 600,
      cash_in_cents: 5000,
      cash_out_cents: 2000,
      drawer_openings: 0,
      expected_cents: 13_700,
      counted_cents: null,
      difference_cents: null,
      difference_confirmed_by: null,
    });
    expect(x.perpetual).toBeNull();
    expect(reportLines(x).join('\n')).toMatch(/= expected\s+137,00.€/);

    // A difference must be confirmed; the refusal changes nothing.
    expect(() => closeCashSession(t, alice, { counted_cents: 13_600 })).toThrow(
      /counted 136,00.€ but the drawer should hold 137,00.€ \(difference -1,00.€\): a manager must confirm the difference/,
    );
    expect(snapshot(t)).toEqual(before);
    const z1 = closeCashSession(t, alice, { counted_cents: 13_600, confirm_difference: true });
    expect(z1).toMatchObject({ kind: 'Z', z_number: 1, session: { id: 1, closed_by: 'alice', opened_by: 'bob' } });
    expect(z1.cash).toMatchObject({ expected_cents: 13_700, counted_cents: 13_600, difference_cents: -100, difference_confirmed_by: 'alice' });
    expect(z1.perpetual).toEqual(z1.totals);
    expect(currentCashSession(t)).toBeUndefined();
    const closing = t.db.prepare("SELECT seq, operator, payload FROM journal WHERE type = 'session.close'").get() as { seq: number; operator: string; payload: string };
    expect(closing.operator).toBe('alice');
    const journaled = JSON.parse(closing.payload) as { session_id: number; z: typeof z1 };
    expect(journaled).toEqual({ session_id: 1, z: JSON.parse(JSON.stringify(z1)) });
    expect(zReport(t, alice)).toEqual(z1);
    expect(() => event(f!, 'x', { kind: 'sale', lines: [{ game: 'happy-2014', count: 1, amount_cents: 1.5 }] })).toThrow(/whole number/);

    // The second day: only its own entries in the period, perpetual totals since first start.
    f.later(86_400_000);
    openCashSession(t, bob, { float_cents: 13_600 });
    event(f, 'sale', { kind: 'sale', lines: [{ game: 'happy-2014', count: 1, amount_cents: 300 }] });
    const z2 = closeCashSession(t, alice, { counted_cents: 13_900 });
    expect(z2.z_number).toBe(2);
    expect(z2.period.from_seq).toBe(closing.seq + 1);
    expect(z2.totals.all).toMatchObject({ sales: { count: 1, amount_cents: 300 }, voids: { count: 0, amount_cents: 0 }, claims: { count: 0, amount_cents: 0 } });
    expect(z2.cash).toMatchObject({ expected_cents: 13_900, difference_cents: 0, difference_confirmed_by: null });
    expect(z2.perpetual!.all).toEqual({
      sales: { count: 4, amount_cents: 1900 },
      voids: { count: 1, amount_cents: 300 },
      payouts: { count: 1, amount_cents: 600 },
      claims: { count: 1, amount_cents: 100_000_000 },
      net_sales_cents: 1600,
    });
    expect(zReport(t, alice, { number: 1 })).toEqual(z1);
    expect(zReport(t, alice).z_number).toBe(2);
    expect(() => zReport(t, alice, { number: 3 })).toThrow(/no Z report number 3/);
    expect(() => closeCashSession(t, alice, { counted_cents: 0 })).toThrow(/no cash session is open/);
    expect(verifyJournal(t)).toMatchObject({ ok: true, invariants: [] });
  });
});
