/**
 * #22 on the admin API (PGlite): a payout exception investigated and closed by the roles that may, and
 * by nobody else. An auditor (read-only) is refused both (403) and nothing changes; support investigates
 * but does not close; finance closes once the money is decided (a write-off approved by a second
 * operator), each act's `admin.op` row with its before and after; a closed exception's write-off or
 * charge-back is refused when proposed, before any proposal exists.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExceptionsView } from '../../../common/console/exceptions.js';
import { buildCentralServer } from '../../../central/server/app.js';
import type { Central } from '../../../central/store/context.js';
import { testCentral } from '../support/engines.js';
import { createOperator } from '../support/operators.js';

describe('payout exceptions investigated and closed on the admin API', () => {
  let c: Central;
  let close: () => Promise<void>;
  let app: FastifyInstance;
  let clock = Date.parse('2026-12-02T10:00:00.000Z');
  let id: number;
  const heads: Record<'aud' | 'sup' | 'fin' | 'fin2', Record<string, string>> = { aud: {}, sup: {}, fin: {}, fin2: {} };

  beforeAll(async () => {
    const made = await testCentral('pglite', 'exceptions-api', { now: () => new Date(clock).toISOString() });
    c = made.central;
    close = made.close;
    app = buildCentralServer(c, {});
    await app.ready();
    const [row] = await c.db.query<{ exception_id: number | string }>(
      `INSERT INTO payout_exceptions (ticket, at, first_terminal, first_at, first_amount, second_terminal, second_seq, second_at, second_amount, second_offline)
       VALUES ('annee-chance-2013/1/1/15', $1, 'SHOP-A', $1, 4000, 'SHOP-B', 7, $1, 4000, true) RETURNING exception_id`,
      [new Date(clock).toISOString()],
    );
    id = Number(row!.exception_id);
    for (const [name, role] of [['aud', 'auditor'], ['sup', 'support'], ['fin', 'finance'], ['fin2', 'finance']] as const) {
      const o = await createOperator(c, { name, roles: [role] });
      clock += 31_000;
      const r = await app.inject({ method: 'POST', url: '/v1/console/login', payload: { operator: o.name, password: o.password, totp: o.totp() }, headers: { 'x-guichet-client': 'cli' } });
      expect(r.statusCode, r.body).toBe(200);
      heads[name] = { authorization: `Operator ${(r.json() as { token: string }).token}` };
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  const admin = (op: string, args: unknown, who: keyof typeof heads) => app.inject({ method: 'POST', url: `/v1/admin/${op}`, payload: args as object, headers: heads[who] });
  const outcome = (r: { statusCode: number; json(): unknown }) => [r.statusCode, (r.json() as { reason?: string }).reason ?? null];
  const journalCount = async () => (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal'))[0]!.n;
  const auditRow = async (op: string) =>
    (await c.db.query<{ actor: string; payload: { before: Record<string, unknown> | null; after: Record<string, unknown> } }>(`SELECT actor, payload FROM central_journal WHERE type = 'admin.op' AND payload->>'op' = $1 ORDER BY entry_id DESC LIMIT 1`, [op]))[0];

  it('refuses an auditor investigate and close (403), nothing changed', async () => {
    const before = await journalCount();
    expect(outcome(await admin('exceptions.investigate', { id, note: 'a look' }, 'aud'))).toEqual([403, 'forbidden']);
    expect(outcome(await admin('exceptions.close', { id, reason: 'done' }, 'aud'))).toEqual([403, 'forbidden']);
    expect(await c.db.query('SELECT * FROM exception_cases')).toEqual([]);
    expect(await journalCount()).toBe(before);
    // The auditor still reads the list, with its new columns empty.
    const list = await admin('exceptions', {}, 'aud');
    expect(list.statusCode, list.body).toBe(200);
    expect(ExceptionsView.parse((list.json() as { result: unknown }).result)).toEqual([
      expect.objectContaining({ id, state: 'open', investigating_at: null, investigating_by: null, note: null, closed_at: null, closed_by: null, close_reason: null }),
    ]);
  });

  it('lets support investigate (journaled with before and after) but not close; finance closes once the money is decided', async () => {
    expect(outcome(await admin('exceptions.investigate', { id, note: '   ' }, 'sup'))).toEqual([400, 'bad_request']);
    const inv = await admin('exceptions.investigate', { id, note: ' both receipts asked for ' }, 'sup');
    expect(inv.statusCode, inv.body).toBe(200);
    expect((inv.json() as { result: unknown }).result).toMatchObject({ id, investigating_by: 'sup', note: 'both receipts asked for' });
    expect(await auditRow('exceptions.investigate')).toMatchObject({ actor: 'sup', payload: { before: { investigating_at: null, note: null }, after: { investigating_by: 'sup', note: 'both receipts asked for' } } });
    expect(outcome(await admin('exceptions.close', { id, reason: 'done' }, 'sup'))).toEqual([403, 'forbidden']);
    expect(outcome(await admin('exceptions.close', { id, reason: 'done' }, 'fin'))).toEqual([409, 'not_settled']);

    const proposed = await admin('exceptions.write-off', { id, reason: 'the lottery bears it' }, 'fin');
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approved = await admin('proposal.approve', { id: (proposed.json() as { result: { proposal_id: number } }).result.proposal_id, reason: 'checked' }, 'fin2');
    expect(approved.statusCode, approved.body).toBe(200);
    const closed = await admin('exceptions.close', { id, reason: 'written off, both shops told' }, 'fin');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await auditRow('exceptions.close')).toMatchObject({ actor: 'fin', payload: { before: { state: 'written_off', closed_at: null }, after: { closed_by: 'fin', close_reason: 'written off, both shops told' } } });
    expect(outcome(await admin('exceptions.close', { id, reason: 'again' }, 'fin'))).toEqual([409, 'already_closed']);
  });

  it('refuses a closed exception’s charge-back and write-off as they are proposed, and its investigation', async () => {
    const proposals = async () => (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM proposals'))[0]!.n;
    const before = [await proposals(), await journalCount()];
    expect(outcome(await admin('exceptions.charge-back', { id, reason: 'after all' }, 'fin'))).toEqual([409, 'exception_closed']);
    expect(outcome(await admin('exceptions.write-off', { id, reason: 'again' }, 'fin'))).toEqual([409, 'exception_closed']);
    expect(outcome(await admin('exceptions.investigate', { id, note: 'one more look' }, 'sup'))).toEqual([409, 'exception_closed']);
    expect([await proposals(), await journalCount()]).toEqual(before);
  });

  // The console words these refusals from their facts (console/src/refusal-words.ts): checked as central sends them.
  it('sends the facts a refusal is worded from: which exception, when and by whom it was closed, or that its money is undecided', async () => {
    // Closed above by fin, at this (still) clock's time.
    const closedAt = new Date(clock).toISOString();
    const refusal = (r: { statusCode: number; json(): unknown }) => [r.statusCode, r.json()];
    expect(refusal(await admin('exceptions.investigate', { id, note: 'one more look' }, 'sup'))).toEqual([
      409,
      { error: expect.any(String), reason: 'exception_closed', facts: { id, closed_at: closedAt, by: 'fin' } },
    ]);
    expect(refusal(await admin('exceptions.close', { id, reason: 'twice' }, 'fin'))).toEqual([
      409,
      { error: expect.any(String), reason: 'already_closed', facts: { id, closed_at: closedAt, by: 'fin' } },
    ]);
    const [open] = await c.db.query<{ exception_id: number | string }>(
      `INSERT INTO payout_exceptions (ticket, at, first_terminal, first_at, first_amount, second_terminal, second_seq, second_at, second_amount, second_offline)
       VALUES ('annee-chance-2013/1/1/16', $1, 'SHOP-A', $1, 4000, 'SHOP-B', 8, $1, 4000, true) RETURNING exception_id`,
      [new Date(clock).toISOString()],
    );
    const other = Number(open!.exception_id);
    expect(refusal(await admin('exceptions.close', { id: other, reason: 'done' }, 'fin'))).toEqual([409, { error: expect.any(String), reason: 'not_settled', facts: { id: other } }]);
  });
});
