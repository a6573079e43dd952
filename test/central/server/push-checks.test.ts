/**
 * Central checks what a terminal's key signs (#19): the retailer holds that key, so a push is judged by
 * central's own rules, not taken at its word. Every entry here is sealed with the terminal's own key
 * (TestJournal), pushed through a real signed request, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekOf, type PushAnswer, type RetailerStatement, type StatementAnswer } from '../../../common/protocol/index.js';
import { databaseFor, ENGINES, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

const TERMINALS = Array.from({ length: 24 }, (_, i) => `M${i + 1}`);
// A paper game: since #19 the sale lines of a digital game count nothing (central bills its own digital sales).
const GAME = 'annee-chance-2013';

const money = (kind: string, lines: unknown[]): Record<string, unknown> => ({ receipt_no: 1, money: { kind, lines } });
const line = (count: unknown, amount_cents: unknown): Record<string, unknown> => ({ game: GAME, count, amount_cents });

describe.each(ENGINES)('central checks the money of a push on %s', (engine) => {
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

  async function enrolled(): Promise<TestTerminal> {
    const t = newTerminalKey();
    const id = TERMINALS[next++]!;
    const a = await enrol(c.url, c.codes[id] as string, t);
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return t;
  }
  const push = (t: TestTerminal, entries: unknown[]) =>
    signedRequest<PushAnswer & { reason?: string; at_seq?: number; error?: string }>(c.url, t, 'POST', '/v1/push', { entries, events: [] });
  const statement = async (t: TestTerminal, at: string): Promise<{ status: number; current: RetailerStatement; error?: string }> => {
    const a = await signedRequest<StatementAnswer & { error?: string }>(c.url, t, 'GET', `/v1/statement?week=${isoWeekOf(at)}`);
    return { status: a.status, current: a.json.current, error: a.json.error };
  };
  const held = async (t: TestTerminal) =>
    (await c.central.db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries WHERE terminal_id = $1', [t.id]))[0]!.n;
  const alerts = async (t: TestTerminal) =>
    c.central.db.query<{ reason: string; at_seq: number }>('SELECT reason, at_seq::int AS at_seq FROM integrity_alerts WHERE terminal_id = $1 ORDER BY alert_id', [t.id]);

  it('counts the money of sales, and never the money of an entry type that carries none', async () => {
    const t = await enrolled();
    const j = new TestJournal(t);
    const sale = j.append('sale', money('sale', [line(2, 1_000)]));
    // An invented type carrying a million euros, and a known moneyless type with a money block.
    const note = j.append('note.internal', money('sale', [line(1, 100_000_000)]));
    const operator = j.append('operator.add', money('payout', [line(1, 2_011_009)]));
    const r = await push(t, [sale, note, operator]);
    // Stored as the terminal signed them: the chain stays whole.
    expect([r.status, r.json.last_seq]).toEqual([200, 3]);
    expect(await held(t)).toBe(3);
    const s = await statement(t, sale.at);
    expect(s.status).toBe(200);
    expect(s.current).toMatchObject({ sales: { count: 2, amount_cents: 1_000 }, payouts: { count: 0, amount_cents: 0 }, net_sales_cents: 1_000 });
    expect(s.current.amount_due_cents).toBe(1_000 - s.current.commissions.total_cents);
  });

  it('refuses a money entry whose kind is not its type (a sale counted as a payout)', async () => {
    const t = await enrolled();
    const j = new TestJournal(t);
    const r = await push(t, [j.append('sale', money('sale', [line(1, 500)])), j.append('sale', money('payout', [line(1, 500)]))]);
    expect([r.status, r.json.reason, r.json.at_seq]).toEqual([409, 'bad_money', 2]);
    expect(await held(t)).toBe(0);
    expect(await alerts(t)).toEqual([{ reason: 'bad_money', at_seq: 2 }]);
  });

  it.each([
    ['a negative count', line(-1, 500)],
    ['a count given as text', line('12abc', 500)],
    ['an amount given as text', line(1, '12abc')],
    ['a negative amount', line(1, -500)],
    ['an amount over 10^9 cents', line(1, 1_000_000_001)],
    ['a count over 10^6', line(1_000_001, 500)],
    ['an unknown game', { game: 'no-such-game', count: 1, amount_cents: 500 }],
  ])('refuses %s, and the statement still answers', async (_what, bad) => {
    const t = await enrolled();
    const j = new TestJournal(t);
    const good = j.append('sale', money('sale', [line(1, 500)]));
    expect((await push(t, [good])).status).toBe(200);
    const r = await push(t, [j.append('sale', money('sale', [bad]))]);
    expect([r.status, r.json.reason, r.json.at_seq]).toEqual([409, 'bad_money', 2]);
    expect(r.json.error).not.toMatch(/bigint|syntax|invalid input/i);
    expect(await held(t)).toBe(1);
    const s = await statement(t, good.at);
    expect([s.status, s.error]).toEqual([200, undefined]);
    expect(s.current.sales).toEqual({ count: 1, amount_cents: 500 });
  });

  it('refuses an entry dated before the previous one, and the statement already issued does not change', async () => {
    const t = await enrolled();
    const j = new TestJournal(t);
    const first = j.append('sale', money('sale', [line(1, 500)]));
    expect((await push(t, [first])).status).toBe(200);
    // A sale dated a week back (last week's statement is issued), in the same push as a good one.
    const weekBack = new Date(Date.parse(first.at) - 7 * 86_400_000).toISOString();
    const before = await statement(t, weekBack);
    const good = j.append('sale', money('sale', [line(1, 300)]));
    const back = j.append('sale', money('sale', [line(1, 100_000)]), 'alice', weekBack);
    const r = await push(t, [good, back]);
    expect([r.status, r.json.reason, r.json.at_seq, r.json.last_seq]).toEqual([409, 'entry_backdated', 3, 1]);
    expect(await held(t)).toBe(1);
    expect(await alerts(t)).toEqual([{ reason: 'entry_backdated', at_seq: 3 }]);
    // Before the previous entry central holds, by a second.
    const t2 = await enrolled();
    const j2 = new TestJournal(t2);
    const e1 = j2.append('sale', money('sale', [line(1, 500)]));
    expect((await push(t2, [e1])).status).toBe(200);
    const e2 = j2.append('sale', money('sale', [line(1, 500)]), 'alice', new Date(Date.parse(e1.at) - 1000).toISOString());
    expect((await push(t2, [e2])).json).toMatchObject({ reason: 'entry_backdated', at_seq: 2, last_seq: 1 });
    const after = await statement(t, weekBack);
    expect(after.current.sales).toEqual(before.current.sales);
    expect(after.current.amount_due_cents).toBe(before.current.amount_due_cents);
  });

  it('refuses a first entry dated before the terminal enrolled, and one dated in the future', async () => {
    const t = await enrolled();
    const j = new TestJournal(t);
    const old = j.append('sale', money('sale', [line(1, 500)]), 'alice', new Date(Date.now() - 7 * 86_400_000).toISOString());
    expect((await push(t, [old])).json).toMatchObject({ reason: 'entry_backdated', at_seq: 1, last_seq: 0 });
    const t2 = await enrolled();
    const j2 = new TestJournal(t2);
    const ok = j2.append('sale', money('sale', [line(1, 500)]));
    const ahead = j2.append('sale', money('sale', [line(1, 500)]), 'alice', new Date(Date.now() + 3_600_000).toISOString());
    const r = await push(t2, [ok, ahead]);
    expect([r.status, r.json.reason, r.json.at_seq]).toEqual([409, 'entry_future', 2]);
    expect(await held(t2)).toBe(0);
    // Within the clock tolerance: taken.
    const j3 = new TestJournal(t2);
    const soon = j3.append('sale', money('sale', [line(1, 500)]), 'alice', new Date(Date.now() + 60_000).toISOString());
    expect((await push(t2, [soon])).status).toBe(200);
  });

  it.each([
    ['a NUL', 'note \u0000 end'],
    ['a lone surrogate (text cut across an emoji)', `${'x'.repeat(199)}\ud83d`],
  ])('quarantines an entry holding %s, and stores the entries after it', async (_what, text) => {
    const t = await enrolled();
    const j = new TestJournal(t);
    const before = j.append('sale', money('sale', [line(1, 500)]));
    const bad = j.append('sale', { ...money('sale', [line(1, 700)]), note: text });
    const after = [j.append('sale', money('sale', [line(1, 300)])), j.append('sale', money('sale', [line(2, 600)]))];
    const all = [before, bad, ...after];
    const events = all.map((e) => j.eventOf(e));
    const r = await signedRequest<PushAnswer & { reason?: string }>(c.url, t, 'POST', '/v1/push', { entries: all, events });
    expect([r.status, r.json.last_seq, r.json.last_hash], JSON.stringify(r.json)).toEqual([200, 4, after[1]!.hash]);
    const stored = await c.central.db.query<{ seq: number }>('SELECT seq::int AS seq FROM journal_entries WHERE terminal_id = $1 ORDER BY seq', [t.id]);
    expect(stored.map((x) => x.seq)).toEqual([1, 3, 4]);
    const q = await c.central.db.query<{ seq: number; hash: string; entry: Uint8Array }>('SELECT seq::int AS seq, hash, entry FROM quarantined_entries WHERE terminal_id = $1', [t.id]);
    expect(q.map((x) => [x.seq, x.hash])).toEqual([[2, bad.hash]]);
    expect(JSON.parse(Buffer.from(q[0]!.entry).toString('utf8'))).toEqual(bad);
    // The entry, and its outbox event (which carries its payload).
    expect(await alerts(t)).toEqual([
      { reason: 'entry_quarantined', at_seq: 2 },
      { reason: 'event_quarantined', at_seq: 2 },
    ]);
    expect(await c.central.db.query('SELECT journal_seq::int AS seq FROM quarantined_events WHERE terminal_id = $1', [t.id])).toEqual([{ seq: 2 }]);
    // The same push again: everything held, nothing refused.
    const again = await signedRequest<PushAnswer>(c.url, t, 'POST', '/v1/push', { entries: all, events });
    expect([again.status, again.json.stored_entries, again.json.skipped_entries]).toEqual([200, 0, 4]);
    // And the chain goes on after it.
    const next = j.append('sale', money('sale', [line(1, 100)]));
    expect((await push(t, [next])).json).toMatchObject({ last_seq: 5 });
    const s = await statement(t, before.at);
    expect(s.current.sales).toEqual({ count: 5, amount_cents: 1_500 });
  });
});
