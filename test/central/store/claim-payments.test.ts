/**
 * A prize claim's payment recorded at central (#22), on both engines: under dual control (proposed by
 * one finance operator, run once another approves, both journaled with their reasons), at the prize of
 * central's print data whatever the terminal filed, once per claim and per ticket (a second one refused,
 * nothing changed), idempotent by its key; the ticket is then paid for the network (a terminal's claim
 * of it answers "already paid"); the console's list shows the state and only the last 4 characters of
 * the ID document, as does the list of proposals once decided, or to whoever may not decide it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClaims } from '../../../central/admin/console-ops.js';
import { runAdminOpFor, type OpContext } from '../../../central/admin/ops.js';
import { claimTicket } from '../../../central/store/claims.js';
import { packOfTicket } from '../../../central/store/packs.js';
import { readFeed, stopListChange } from '../../../central/store/feed.js';
import { LOTTERY_OFFICE } from '../../../central/store/claim-payments.js';
import { CentralError, type Central } from '../../../central/store/context.js';
import { insertPrizeClaim } from '../../../central/store/queries/prize-claims.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { ENGINES, databaseFor, initTestCentral } from '../support/engines.js';
import { publishTestEmission, type TestEmission } from '../support/paid-twice.js';
import type { StartedCentral } from '../support/start-central.js';

const fin = (actor: string): OpContext => ({ actor, roles: ['finance'] });
const PAYMENT = {
  winner: { name: 'Camille Martin', id_kind: 'identity_card', id_number: 'X4RT 12345 678', address: '3 rue des Lilas, 75011 Paris' },
  payment: { method: 'bank_transfer', reference: 'VIR-2026-0042', paid_on: '2026-12-02' },
};

describe.each(ENGINES)('a claim paid at central, on %s', (engine) => {
  let c: Central;
  let tmp: string;
  let e: TestEmission;
  let big: number;
  let other: number;
  let loser: number;
  let clock = Date.parse('2026-12-02T10:00:00.000Z');
  const journal = async (type: string) => c.db.query<{ actor: string; payload: Record<string, unknown> }>(`SELECT actor, payload FROM central_journal WHERE type = $1 ORDER BY entry_id`, [type]);
  const file = async (seq: number, unit: number, cents: number) =>
    c.db.transaction((tx) =>
      insertPrizeClaim(tx, 'T1', { seq, kind: 'over-limit', ticket: e.ticketOf(unit), amount_cents: cents, receipt_no: null, reason: 'above the payout limit', filed_at: new Date(clock).toISOString(), received_at: new Date(clock).toISOString() }),
    );

  const activate = async (unit: number) => {
    const pack = packOfTicket(e.game, e.emission, 1, unit)!;
    await c.db.execute(
      `INSERT INTO pack_states (game, emission, block, pack, state, terminal_id, received_at, activated_at, updated_at) VALUES ($1, $2, 1, $3, 'active', 'T1', $4, $4, $4) ON CONFLICT DO NOTHING`,
      [e.game, e.emission, pack.pack, new Date(clock).toISOString()],
    );
  };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-claim-payments-'));
    const url = await databaseFor(engine);
    const keyFile = join(tmp, 'lottery.key');
    ({ central: c } = await initTestCentral({ dataDir: join(tmp, 'central'), keyFile, ...(url ? { databaseUrl: url } : {}), now: () => new Date(clock).toISOString() }));
    await addTerminal(c, 'test', 'T1', 'Tabac du Port');
    await addTerminal(c, 'test', 'T9', 'Presse de la Gare');
    e = await publishTestEmission({ central: c, lotteryKeyFile: keyFile } as StartedCentral, { emission: 5 });
    const units = Array.from({ length: 200 }, (_, u) => u);
    big = units.reduce((a, u) => (e.prizeOf(u) > e.prizeOf(a) ? u : a), 0);
    loser = units.find((u) => e.prizeOf(u) === 0)!;
    other = units.find((u) => u !== big && e.prizeOf(u) > 0)!;
    // The terminal files the claim at a figure of its own: central pays its own prize.
    await file(10, big, 1);
    await file(11, loser, 100_000);
    // A second claim of the same ticket (a receipt filed elsewhere, then a form).
    await file(12, big, e.prizeOf(big));
    await file(13, other, e.prizeOf(other));
    // Their packs active at T1, as when they were sold there (a ticket of a pack active nowhere is paid nowhere).
    await activate(big);
    await activate(other);
  }, 180_000);
  afterAll(async () => {
    await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('is proposed by one finance operator and recorded once another approves, at central\'s prize; both journaled', async () => {
    const proposed = await runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 10, ...PAYMENT, reason: 'winner came to the office with the form' }, { ...fin('fanny'), idempotencyKey: 'pay-claim-10-a' });
    expect(proposed.status).toBe(202);
    const id = (proposed.result as { proposal_id: number }).proposal_id;
    // Not paid yet, shown as proposed.
    expect((await consoleClaims(c)).find((x) => x.journal_seq === 10)).toMatchObject({ state: 'proposed', proposal_id: id, paid: null });
    // A replay of the same key answers the same proposal, and proposes nothing more.
    const again = await runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 10, ...PAYMENT, reason: 'winner came to the office with the form' }, { ...fin('fanny'), idempotencyKey: 'pay-claim-10-a' });
    expect(again).toEqual(proposed);
    // A second proposal for the same claim (a new key) is refused while the first waits.
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 10, ...PAYMENT, reason: 'again' }, { ...fin('fanny'), idempotencyKey: 'pay-claim-10-b' })).rejects.toMatchObject({ reason: 'claim_payment_proposed', status: 409 });
    // The open proposal: the winner's ID number and address in full to whoever may decide it, to the others as the journal keeps them.
    const listed = async (ctx: OpContext, status?: string) => ((await runAdminOpFor(c, 'proposal.list', status ? { status } : {}, ctx)).result as { id: number; args: unknown }[]).find((p) => p.id === id)!;
    expect((await listed(fin('gael'), 'proposed')).args).toMatchObject({ winner: { id_number: 'X4RT 12345 678', address: '3 rue des Lilas, 75011 Paris' } });
    const toSupport = JSON.stringify(await listed({ actor: 'sam', roles: ['support'] }, 'proposed'));
    expect(toSupport).not.toMatch(/12345|Lilas/);
    expect(toSupport).toContain('…5678');
    // The proposer may not approve it.
    await expect(runAdminOpFor(c, 'proposal.approve', { id, reason: 'mine' }, fin('fanny'))).rejects.toMatchObject({ reason: 'same_operator' });

    const approved = await runAdminOpFor(c, 'proposal.approve', { id, reason: 'ID checked against the form' }, fin('gael'));
    const paid = (approved.result as { result: { amount_cents: number; recorded_by: string; proposed_by: string } }).result;
    expect(paid).toMatchObject({ amount_cents: e.prizeOf(big), recorded_by: 'gael', proposed_by: 'fanny' });
    expect(e.prizeOf(big)).toBeGreaterThan(1);
    const [row] = await c.db.query<Record<string, unknown>>(`SELECT ticket, amount_cents, winner_name, id_kind, id_number, address, method, reference, paid_on, proposed_by, recorded_by FROM prize_claim_payments`);
    expect({ ...row, amount_cents: Number(row!.amount_cents) }).toEqual({
      ticket: e.ticketOf(big),
      amount_cents: e.prizeOf(big),
      winner_name: 'Camille Martin',
      id_kind: 'identity_card',
      id_number: 'X4RT 12345 678',
      address: '3 rue des Lilas, 75011 Paris',
      method: 'bank_transfer',
      reference: 'VIR-2026-0042',
      paid_on: '2026-12-02',
      proposed_by: 'fanny',
      recorded_by: 'gael',
    });
    // Decided, the proposal keeps the winner's data as the journal does, in its row and in the list.
    expect(JSON.stringify(await listed(fin('gael')))).not.toMatch(/12345|Lilas/);
    expect(JSON.stringify(await c.db.query('SELECT args FROM proposals'))).not.toMatch(/12345|Lilas/);
    // Journaled: the proposal, the act with who, what, before, after and why, and the payment itself.
    expect((await journal('proposal.propose')).at(-1)).toMatchObject({ actor: 'fanny', payload: { op: 'claims.pay', reason: 'winner came to the office with the form' } });
    const act = (await journal('admin.op')).find((r) => r.payload.op === 'claims.pay')!;
    expect(act.actor).toBe('gael');
    expect(act.payload).toMatchObject({
      op: 'claims.pay',
      before: { claim: 'T1/10', paid: null },
      after: { amount_cents: e.prizeOf(big) },
      reason: 'winner came to the office with the form',
      approval: { proposal: id, proposer: 'fanny', proposer_reason: 'winner came to the office with the form' },
    });
    // The journal (chained, exported, never erased) keeps the document's last 4 characters, never the number nor the address.
    const all = JSON.stringify(await c.db.query('SELECT payload FROM central_journal'));
    expect(all).not.toContain('12345');
    expect(all).not.toContain('Lilas');
    expect(act.payload.args).toMatchObject({ winner: { id_number: '…5678', address: '(personal)' } });
    expect((await journal('claim.pay')).at(-1)).toMatchObject({ actor: 'gael', payload: { ticket: e.ticketOf(big), amount_cents: e.prizeOf(big), filed_cents: 1, method: 'bank_transfer', proposer: 'fanny' } });
    // The console: paid, the ID document by its last 4 characters only, never the address.
    const shown = (await consoleClaims(c)).find((x) => x.journal_seq === 10)!;
    expect(shown).toMatchObject({ state: 'paid', proposal_id: null, paid: { winner_name: 'Camille Martin', id_kind: 'identity_card', id_last4: '5678', method: 'bank_transfer', paid_on: '2026-12-02' } });
    expect(JSON.stringify(shown)).not.toContain('12345');
    expect(JSON.stringify(shown)).not.toContain('Lilas');
  });

  it('refuses a second payment of the claim or of its ticket, with a specific error, nothing changed', async () => {
    const before = await c.db.query('SELECT count(*)::int AS n FROM proposals');
    const journaled = (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal'))[0]!.n;
    const second = runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 10, ...PAYMENT, reason: 'paid again?' }, { ...fin('fanny'), idempotencyKey: 'pay-claim-10-c' });
    await expect(second).rejects.toMatchObject({ reason: 'claim_already_paid', status: 409 });
    await expect(second).rejects.toThrow(/claim T1\/10 was paid on 2026-12-02 \(bank_transfer, VIR-2026-0042\), recorded by gael/);
    // Another claim of the same ticket.
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 12, ...PAYMENT, reason: 'the other form' }, fin('fanny'))).rejects.toMatchObject({ reason: 'claim_already_paid' });
    expect(await c.db.query('SELECT count(*)::int AS n FROM proposals')).toEqual(before);
    expect((await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal'))[0]!.n).toBe(journaled);
    expect(await c.db.query('SELECT count(*)::int AS n FROM prize_claim_payments')).toEqual([{ n: 1 }]);
  });

  it('holds the ticket paid for the network: a terminal presenting it is answered already paid', async () => {
    expect(await c.db.query(`SELECT state, terminal_id, amount_cents::int AS amount FROM ticket_claims WHERE ticket = $1`, [e.ticketOf(big)])).toEqual([{ state: 'paid', terminal_id: 'lottery-office', amount: e.prizeOf(big) }]);
    const answer = await claimTicket(c, 'T1', { barcode: e.barcodeOf(big), claim_key: 'k-after-office' });
    expect(answer.verdict).toBe('already_paid');
    expect(answer.message).toContain('lottery-office');
  });

  it("is told on the feed to the shop holding the ticket's pack, and to no other (issue 41)", async () => {
    const paid = async (terminal: string) => (await readFeed(c, terminal, 0, 500, true)).entries.map((x) => x.body.item).filter((i) => i.kind === 'ticket_paid');
    expect(await paid('T1')).toEqual([{ kind: 'ticket_paid', game: e.game, emission: e.emission, block: 1, unit: big, terminal: LOTTERY_OFFICE, retailer: '', at: expect.any(String) }]);
    expect(await paid('T9')).toEqual([]); // another shop's terminal
  });

  it('refuses a ticket a terminal holds right now or paid, before any proposal', async () => {
    const now = new Date(clock).toISOString();
    await c.db.execute(`INSERT INTO ticket_claims (ticket, state, terminal_id, claimed_at, held_until) VALUES ($1, 'held', 'T1', $2, $3)`, [e.ticketOf(other), now, new Date(clock + 60_000).toISOString()]);
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 13, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toMatchObject({ reason: 'ticket_held', status: 409 });
    await c.db.execute(`UPDATE ticket_claims SET state = 'paid', held_until = NULL, paid_at = $2, paid_seq = 7, amount_cents = $3 WHERE ticket = $1`, [e.ticketOf(other), now, e.prizeOf(other)]);
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 13, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toThrow(/was paid on .* by terminal T1: do not pay/);
    expect((await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM proposals WHERE args->>'seq' = '13'`))[0]!.n).toBe(0);
  });

  it('pays nothing the network would not: a ticket of a pack active nowhere, or stop-listed, before the proposal and at its approval', async () => {
    const packOf = (u: number) => packOfTicket(e.game, e.emission, 1, u)!.pack;
    const stray = Array.from({ length: 200 }, (_, u) => u).find((u) => e.prizeOf(u) > 0 && u !== big && u !== other)!;
    expect(stray).toBeDefined();
    await file(20, stray, e.prizeOf(stray));
    const setState = (state: string | null) =>
      state === null
        ? c.db.execute(`DELETE FROM pack_states WHERE game = $1 AND emission = $2 AND block = 1 AND pack = $3`, [e.game, e.emission, packOf(stray)])
        : activate(stray).then(() => c.db.execute(`UPDATE pack_states SET state = $4 WHERE game = $1 AND emission = $2 AND block = 1 AND pack = $3`, [e.game, e.emission, packOf(stray), state]));
    const seq20 = async () => (await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM proposals WHERE args->>'seq' = '20'`))[0]!.n;
    // Activated at no terminal (a pack stolen before delivery), or received and never activated: refused, nothing proposed.
    await setState(null);
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 20, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toMatchObject({ reason: 'pack_not_active', status: 409 });
    await setState('received');
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 20, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toThrow(/is received, not active/);
    expect(await seq20()).toBe(0);
    // Active, then stop-listed while the proposal waits: the approval runs the checks again and pays nothing.
    await setState('active');
    const proposed = await runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 20, ...PAYMENT, reason: 'form checked' }, fin('fanny'));
    expect(proposed.status).toBe(202);
    const b = e.barcodeOf(stray);
    const ref = `${b.slice(0, 3)}-${b.slice(3, 6)}-${b.slice(6, 8)}-${String(packOf(stray)).padStart(5, '0')}`;
    await stopListChange(c, 'test', ref, 'add', 'stolen from the van');
    try {
      const id = (proposed.result as { proposal_id: number }).proposal_id;
      await expect(runAdminOpFor(c, 'proposal.approve', { id, reason: 'ok' }, fin('gael'))).rejects.toMatchObject({ reason: 'stop_listed', status: 409 });
      expect(await c.db.query(`SELECT 1 FROM prize_claim_payments WHERE seq = 20`)).toEqual([]);
      expect(await c.db.query(`SELECT state FROM ticket_claims WHERE ticket = $1 AND state = 'paid'`, [e.ticketOf(stray)])).toEqual([]);
      // Proposed again: refused at once.
      await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 20, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toThrow(/stop list \(stolen from the van\)/);
    } finally {
      await stopListChange(c, 'test', ref, 'remove', 'test over');
    }
  });

  it('refuses a claim central does not know, a ticket that is no winner by its print data, and bad input', async () => {
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 99, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toMatchObject({ reason: 'no_such_claim', status: 404 });
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, reason: 'x' }, fin('fanny'))).rejects.toMatchObject({ reason: 'not_winner' });
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, payment: { ...PAYMENT.payment, paid_on: '2026-02-30' }, reason: 'x' }, fin('fanny'))).rejects.toThrow(/no such date/);
    // A payment's day after today, or before the claim was filed (2026-12-02), is no day it was made.
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, payment: { ...PAYMENT.payment, paid_on: '2026-12-09' }, reason: 'x' }, fin('fanny'))).rejects.toMatchObject({ reason: 'bad_paid_on', message: expect.stringMatching(/after today/) });
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, payment: { ...PAYMENT.payment, paid_on: '2026-11-20' }, reason: 'x' }, fin('fanny'))).rejects.toMatchObject({ reason: 'bad_paid_on', message: expect.stringMatching(/before the claim was filed \(2026-12-02\)/) });
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, payment: { ...PAYMENT.payment, method: 'bitcoin' }, reason: 'x' }, fin('fanny'))).rejects.toThrow(/method/);
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, amount_cents: 5 }, fin('fanny'))).rejects.toThrow(/amount_cents/);
    await expect(runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 11, ...PAYMENT, reason: 'x' }, { actor: 'sam', roles: ['support'] })).rejects.toBeInstanceOf(CentralError);
    expect((await consoleClaims(c)).find((x) => x.journal_seq === 11)).toMatchObject({ state: 'filed', paid: null });
    clock += 1000;
  });

  it('keeps no winner\'s ID number or address in full in a proposal nobody decided once it expired', async () => {
    await activate(other);
    await file(30, other, e.prizeOf(other));
    await c.db.execute(`DELETE FROM ticket_claims WHERE ticket = $1`, [e.ticketOf(other)]);
    const proposed = await runAdminOpFor(c, 'claims.pay', { terminal: 'T1', seq: 30, ...PAYMENT, reason: 'form checked' }, fin('fanny'));
    const id = (proposed.result as { proposal_id: number }).proposal_id;
    const stored = async () => JSON.stringify((await c.db.query<{ args: unknown }>(`SELECT args FROM proposals WHERE id = $1`, [id]))[0]!.args);
    expect(await stored()).toContain('X4RT 12345 678');
    clock += 24 * 3600_000 + 1000;
    // Read by anyone (the list, a proposal, a new one): expired, and kept as the journal keeps it.
    const listed = ((await runAdminOpFor(c, 'proposal.list', {}, fin('gael'))).result as { id: number; status: string }[]).find((p) => p.id === id);
    expect(listed?.status).toBe('expired');
    expect(await stored()).not.toMatch(/12345|Lilas/);
    expect(await stored()).toContain('…5678');
  });
});
