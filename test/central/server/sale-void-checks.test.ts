/**
 * Sales and voids from central's own facts (#39). A paper sale is billed at its tickets' prices, whatever
 * money it journals (store/sale-checks.ts); the rest is about voids. The retailer holds the terminal's key: every entry here is sealed
 * with the terminal's own key (TestJournal) as its counter writes it (main/services/sales/sell.ts,
 * void.ts, cash/sessions.ts), pushed through a real signed request, on PGlite and on PostgreSQL. Central
 * stores every void as signed, but credits one only when it takes back lines of a sale it credited, of
 * the same terminal and cash session, once, at the amount of the sale's lines; anything else is an
 * uncredited entry with an integrity alert, and the statement does not count it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekOf, type PushAnswer, type RetailerStatement, type StatementAnswer, type WireJournalEntry } from '../../../common/protocol/index.js';
import { salesByGameDay } from '../../../central/store/queries/console.js';
import { PAPER_PRICES } from '../../../central/store/statements.js';
import { setTerminalEnabled } from '../../../central/store/terminals.js';
import { BOTH_ENGINES, databaseFor, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

const TERMINALS = Array.from({ length: 12 }, (_, i) => `V${i + 1}`);
const GAME = 'annee-chance-2013';
const PRICE = 300;

interface Sold {
  entry: WireJournalEntry;
  sale_id: number;
  receipt_no: number;
  session: number;
  tickets: number;
}

/** A counter's journal as sell.ts, void.ts and sessions.ts write it: sessions, sales and voids with their numbers. */
class Counter {
  readonly j: TestJournal;
  session = 0;
  private sales = 0;
  private receipts = 0;
  private unit = 0;
  /** When set, the date of each next entry (else the journal's clock, a minute behind). */
  dated: (() => string) | undefined;
  constructor(readonly t: TestTerminal) {
    this.j = new TestJournal(t);
  }

  open(): WireJournalEntry {
    this.session++;
    return this.j.append('session.open', { float_cents: 10_000 }, 'alice', this.dated?.());
  }

  close(): WireJournalEntry {
    return this.j.append('session.close', { session_id: this.session, z: { z_number: this.session } }, 'alice', this.dated?.());
  }

  /** A sale of `tickets` tickets; `lines` overrides the ticket lines it journals, `forged` payload fields (a forged sale). */
  sell(tickets: number, lines?: Record<string, unknown>[], forged: Record<string, unknown> = {}): Sold {
    const sale_id = ++this.sales;
    const receipt_no = ++this.receipts;
    const sold = Array.from({ length: tickets }, () => {
      const unit = this.unit++;
      return { ticket: `213-007-01-00000-${String(unit).padStart(3, '0')}-0`, game: GAME, emission: 7, block: 1, unit, pack: '213-007-01-00000', price_cents: PRICE };
    });
    const payload: Record<string, unknown> = {
      sale_id,
      cash_session_id: this.session,
      lines: lines ?? sold,
      total_cents: tickets * PRICE,
      tendered_cents: tickets * PRICE,
      change_cents: 0,
      receipt_no,
      money: { kind: 'sale', lines: [{ game: GAME, count: tickets, amount_cents: tickets * PRICE }] },
      ...forged,
    };
    // A field forged as undefined is left out (a sale with no money block).
    for (const [k, v] of Object.entries(payload)) if (v === undefined) delete payload[k];
    const entry = this.j.append('sale', payload, 'alice', this.dated?.());
    return { entry, sale_id, receipt_no, session: this.session, tickets };
  }

  /** A void of `sale` (all its lines, or those at `positions`) as the counter writes it; `forged` overrides payload fields. */
  void(sale: Pick<Sold, 'sale_id' | 'receipt_no'>, positions?: number[], forged: Record<string, unknown> = {}): WireJournalEntry {
    const count = positions?.length ?? (sale as Partial<Sold>).tickets ?? 1;
    return this.j.append('void', {
      sale_id: sale.sale_id,
      voided_receipt_no: sale.receipt_no,
      cash_session_id: this.session,
      amount_cents: count * PRICE,
      reason: 'customer changed mind',
      ...(positions ? { positions, tickets: positions.map((p) => `ticket ${p}`) } : {}),
      receipt_no: ++this.receipts,
      money: { kind: 'void', lines: [{ game: GAME, count, amount_cents: count * PRICE }] },
      ...forged,
    }, 'alice', this.dated?.());
  }
}

const voidMoney = (cents: number, count = 1): Record<string, unknown> => ({ amount_cents: cents, money: { kind: 'void', lines: [{ game: GAME, count, amount_cents: cents }] } });

describe.each(BOTH_ENGINES)('sales and voids from central\'s own facts on %s', (engine) => {
  let c: StartedCentral;
  let next = 0;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: TERMINALS, ...(databaseUrl ? { databaseUrl } : {}) });
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await releaseDatabase(engine);
  }, 60_000);

  async function counter(): Promise<Counter> {
    const t = newTerminalKey();
    const id = TERMINALS[next++]!;
    const a = await enrol(c.url, c.codes[id] as string, t);
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return new Counter(t);
  }
  const push = async (x: Counter, entries: WireJournalEntry[]): Promise<void> => {
    const r = await signedRequest<PushAnswer & { reason?: string }>(c.url, x.t, 'POST', '/v1/push', { entries, events: [] });
    // Stored as signed: the chain stays whole.
    expect([r.status, r.json.last_seq], JSON.stringify(r.json)).toEqual([200, entries.at(-1)!.seq]);
  };
  const statement = async (x: Counter): Promise<RetailerStatement> =>
    (await signedRequest<StatementAnswer>(c.url, x.t, 'GET', `/v1/statement?week=${isoWeekOf(x.j.entries[0]!.at)}`)).json.current;
  const uncredited = async (x: Counter) =>
    c.central.db.query<{ seq: number; type: string; amount_cents: number; reason: string }>(
      'SELECT seq::int AS seq, type, amount_cents::int AS amount_cents, reason FROM uncredited_entries WHERE terminal_id = $1 ORDER BY seq',
      [x.t.id],
    );
  const alerts = async (x: Counter) =>
    c.central.db.query<{ reason: string; at_seq: number }>('SELECT reason, at_seq::int AS at_seq FROM integrity_alerts WHERE terminal_id = $1 ORDER BY at_seq, alert_id', [x.t.id]);

  it("bills a paper sale at its tickets' prices, not the money it journals; alerts each, and its void takes nothing back", async () => {
    const x = await counter();
    x.open();
    const honest = x.sell(2);
    const saleMoney = (count: number, cents: number): Record<string, unknown> => ({ money: { kind: 'sale', lines: [{ game: GAME, count, amount_cents: cents }] } });
    const cent = x.sell(10, undefined, saleMoney(10, 1));
    const cheapLine = x.sell(1, [{ ticket: '213-007-01-00009-000-0', game: GAME, emission: 7, block: 1, unit: 900, pack: '213-007-01-00009', price_cents: 1 }], { total_cents: 1, ...saleMoney(1, 1) });
    const noMoney = x.sell(2, undefined, { money: undefined });
    const fewer = x.sell(3, undefined, saleMoney(1, PRICE));
    // Saying more only costs the retailer: billed as journaled.
    const over = x.sell(2, undefined, saleMoney(2, 700));
    const backOfCent = x.void(cent, undefined, voidMoney(1, 10));
    await push(x, x.j.entries);
    const s = await statement(x);
    // Central's figure for the 16 under-stated tickets, at 3 € (they were journaled as 3,02 €), and the rest as journaled.
    expect(s.sales).toEqual({ count: 20, amount_cents: 18 * PRICE + 700 });
    expect(s.voids).toEqual({ count: 0, amount_cents: 0 });
    expect(await uncredited(x)).toEqual([
      { seq: cent.entry.seq, type: 'sale', amount_cents: 1, reason: 'sale_amount' },
      { seq: cheapLine.entry.seq, type: 'sale', amount_cents: 1, reason: 'sale_amount' },
      { seq: noMoney.entry.seq, type: 'sale', amount_cents: 0, reason: 'sale_amount' },
      { seq: fewer.entry.seq, type: 'sale', amount_cents: PRICE, reason: 'sale_amount' },
      { seq: backOfCent.seq, type: 'void', amount_cents: 1, reason: 'void_no_sale' },
    ]);
    for (const fine of [honest, over]) expect((await alerts(x)).map((a) => a.at_seq)).not.toContain(fine.entry.seq);
    // The console's chart adds up the same (this test runs first: the only sales of this central).
    const chart = await salesByGameDay(c.central.db, '2000-01-01T00:00:00.000Z', PAPER_PRICES);
    expect(chart.filter((r) => r.kind === 'sale').reduce((n, r) => n + Number(r.cents), 0)).toBe(18 * PRICE + 700);
  });

  it('credits nothing of a forged void of 10,000,000 € for a sale that never existed, and alerts', async () => {
    const x = await counter();
    await push(x, [x.open(), x.sell(2).entry]);
    const before = await statement(x);
    expect(before).toMatchObject({ sales: { count: 2, amount_cents: 600 }, voids: { count: 0, amount_cents: 0 } });
    const forged = x.void({ sale_id: 99, receipt_no: 99 }, undefined, voidMoney(1_000_000_000));
    await push(x, [forged]);
    const after = await statement(x);
    expect(after.voids).toEqual({ count: 0, amount_cents: 0 });
    expect(after.amount_due_cents).toBe(before.amount_due_cents);
    expect(after.net_sales_cents).toBe(600);
    expect(await uncredited(x)).toEqual([{ seq: forged.seq, type: 'void', amount_cents: 1_000_000_000, reason: 'void_no_sale' }]);
    expect(await alerts(x)).toEqual([{ reason: 'void_no_sale', at_seq: forged.seq }]);
  });

  it("credits no void of another terminal's sale", async () => {
    const a = await counter();
    const b = await counter();
    a.open();
    const sale = a.sell(2);
    await push(a, a.j.entries);
    // B voids A's sale by its numbers: B's journal holds no such sale.
    b.open();
    const forged = b.void(sale);
    await push(b, b.j.entries);
    expect((await statement(b)).voids).toEqual({ count: 0, amount_cents: 0 });
    expect((await statement(a)).voids).toEqual({ count: 0, amount_cents: 0 });
    expect(await alerts(b)).toEqual([{ reason: 'void_no_sale', at_seq: forged.seq }]);
    expect(await alerts(a)).toEqual([]);
  });

  it('credits no void of a sale of another cash session', async () => {
    const x = await counter();
    x.open();
    const old = x.sell(2);
    x.close();
    await push(x, x.j.entries);
    const before = await statement(x);
    x.open();
    // The sale's own session named, or the current one: a session closed between them either way.
    const named = x.void(old, undefined, { cash_session_id: old.session });
    const current = x.void(old);
    // In the same session, but naming another one.
    const fresh = x.sell(1);
    const otherId = x.void(fresh, undefined, { cash_session_id: 42 });
    await push(x, x.j.entries.slice(3));
    const after = await statement(x);
    expect(before).toMatchObject({ voids: { count: 0, amount_cents: 0 }, net_sales_cents: 600 });
    expect(after).toMatchObject({ voids: { count: 0, amount_cents: 0 }, net_sales_cents: 900 });
    expect(await alerts(x)).toEqual([
      { reason: 'void_other_session', at_seq: named.seq },
      { reason: 'void_other_session', at_seq: current.seq },
      { reason: 'void_other_session', at_seq: otherId.seq },
    ]);
  });

  it('credits no void of more than the sale: a larger amount, more tickets, a line it does not have, a sale whose lines outweigh its money', async () => {
    const x = await counter();
    x.open();
    const one = x.sell(1);
    const more = x.void(one, undefined, voidMoney(3_000));
    const two = x.sell(2);
    const count = x.void(two, [0], voidMoney(600, 2));
    const stated = x.void(two, [1], { amount_cents: 600 });
    const beyond = x.void(two, [5]);
    // A sale journaling 10,000,000 € of lines for 3 € of money, then a void of its line at that price.
    const inflated = x.sell(1, [{ game: GAME, emission: 7, block: 1, unit: 900, price_cents: 1_000_000_000 }]);
    const big = x.void(inflated, undefined, voidMoney(1_000_000_000));
    await push(x, x.j.entries);
    const s = await statement(x);
    expect(s.voids).toEqual({ count: 0, amount_cents: 0 });
    expect(s.net_sales_cents).toBe(4 * PRICE);
    expect(await alerts(x)).toEqual([
      { reason: 'void_amount', at_seq: more.seq },
      { reason: 'void_amount', at_seq: count.seq },
      { reason: 'void_amount', at_seq: stated.seq },
      { reason: 'void_lines', at_seq: beyond.seq },
      { reason: 'void_amount', at_seq: big.seq },
    ]);
  });

  it('credits a ticket voided twice once, in one push or across two', async () => {
    const x = await counter();
    x.open();
    const sale = x.sell(3);
    const first = x.void(sale, [0]);
    await push(x, x.j.entries);
    const again = x.void(sale, [0]);
    const whole = x.void(sale);
    const rest = x.void(sale, [1, 2]);
    const restAgain = x.void(sale, [2]);
    await push(x, [again, whole, rest, restAgain]);
    const s = await statement(x);
    expect(s.voids).toEqual({ count: 3, amount_cents: 900 });
    expect(s.net_sales_cents).toBe(0);
    expect((await uncredited(x)).map((r) => [r.seq, r.reason])).toEqual([
      [again.seq, 'void_twice'],
      [whole.seq, 'void_twice'],
      [restAgain.seq, 'void_twice'],
    ]);
    expect((await alerts(x)).map((r) => r.at_seq)).not.toContain(first.seq);
    expect((await alerts(x)).map((r) => r.at_seq)).not.toContain(rest.seq);
  });

  it('credits no void of a sale central did not credit; a void journaled while the terminal is disabled stays terminal_disabled', async () => {
    const x = await counter();
    x.open();
    const early = x.sell(2);
    await push(x, x.j.entries);
    await setTerminalEnabled(c.central, 'test', x.t.id, false, 'stolen');
    // Journaled after the disable (the journal's clock is a minute behind: dated now).
    x.dated = () => new Date(Date.now() + 1_000).toISOString();
    const late = x.sell(1);
    const whileDisabled = x.void(early);
    await push(x, [late.entry, whileDisabled]);
    await setTerminalEnabled(c.central, 'test', x.t.id, true, 'found');
    const ofLate = x.void(late);
    // The void made while disabled took nothing back: the same lines voided now are credited, once.
    const again = x.void(early);
    await push(x, [ofLate, again]);
    expect((await uncredited(x)).map((r) => [r.seq, r.reason])).toEqual([
      [late.entry.seq, 'terminal_disabled'],
      [whileDisabled.seq, 'terminal_disabled'],
      [ofLate.seq, 'void_no_sale'],
    ]);
    expect((await alerts(x)).map((r) => r.reason)).toEqual(['terminal_disabled', 'terminal_disabled', 'void_no_sale']);
    expect(await statement(x)).toMatchObject({ sales: { count: 2, amount_cents: 600 }, voids: { count: 2, amount_cents: 600 }, net_sales_cents: 0 });
  });

  it('credits honest voids, whole and partial, as the counter writes them', async () => {
    const x = await counter();
    x.open();
    const a = x.sell(2);
    const b = x.sell(3);
    x.sell(1);
    x.void(a);
    x.void(b, [2, 0]);
    await push(x, x.j.entries);
    // A later push: the rest of b, after a void central credited in the earlier one.
    x.void(b, [1]);
    await push(x, x.j.entries.slice(-1));
    const s = await statement(x);
    expect(s).toMatchObject({ sales: { count: 6, amount_cents: 1_800 }, voids: { count: 5, amount_cents: 1_500 }, net_sales_cents: 300 });
    expect(s.amount_due_cents).toBe(300 - s.commissions.total_cents);
    expect(await uncredited(x)).toEqual([]);
    expect(await alerts(x)).toEqual([]);
  });
});
