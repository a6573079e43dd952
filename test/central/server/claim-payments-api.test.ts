/**
 * `claims.pay` on the admin API (#22), checked on the server, not the page: an operator without the
 * finance role (support, auditor) is refused (403) and nothing is proposed; a finance operator's request
 * passes the role check and is judged on the claim itself (here a ticket central cannot price: 409).
 * The proposal and its approval by a second operator: test/central/store/claim-payments.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCentralServer } from '../../../central/server/app.js';
import type { Central } from '../../../central/store/context.js';
import { insertPrizeClaim } from '../../../central/store/queries/prize-claims.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { ENGINES, testCentral } from '../support/engines.js';
import { createOperator, type TestOperator } from '../support/operators.js';

const PAY = {
  terminal: 'T1',
  seq: 3,
  winner: { name: 'Camille Martin', id_kind: 'passport', id_number: '19AB12345' },
  payment: { method: 'cheque', reference: 'CHQ 0001234', paid_on: '2026-12-02' },
  reason: 'winner at the office',
};

describe.each(ENGINES)('claims.pay on the admin API, on %s', (engine) => {
  let c: Central;
  let close: () => Promise<void>;
  let app: FastifyInstance;
  let clock = Date.parse('2026-12-02T10:00:00.000Z');

  beforeAll(async () => {
    const made = await testCentral(engine, 'claims-api', { now: () => new Date(clock).toISOString() });
    c = made.central;
    close = made.close;
    await addTerminal(c, 'test', 'T1', 'Tabac du Port');
    await c.db.transaction((tx) =>
      insertPrizeClaim(tx, 'T1', { seq: 3, kind: 'over-limit', ticket: 'annee-chance-2013/1/1/15', amount_cents: 150_000, receipt_no: null, reason: null, filed_at: '2026-12-01T09:00:00.000Z', received_at: '2026-12-01T09:00:01.000Z' }),
    );
    app = buildCentralServer(c, { adminToken: 'test-admin-token-0123456789' });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  const session = async (o: TestOperator): Promise<Record<string, string>> => {
    clock += 31_000;
    const r = await app.inject({ method: 'POST', url: '/v1/console/login', payload: { operator: o.name, password: o.password, totp: o.totp() }, headers: { 'x-guichet-client': 'cli' } });
    expect(r.statusCode, r.body).toBe(200);
    return { authorization: `Operator ${(r.json() as { token: string }).token}` };
  };
  const pay = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/v1/admin/claims.pay', payload: PAY, headers });
  const proposals = async () => (await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM proposals WHERE op = 'claims.pay'`))[0]!.n;

  it('refuses support and the auditor (403, forbidden), nothing proposed', async () => {
    for (const role of ['support', 'auditor', 'security'] as const) {
      const headers = await session(await createOperator(c, { name: `only-${role}`, roles: [role] }));
      const r = await pay(headers);
      expect([role, r.statusCode, (r.json() as { reason: string }).reason]).toEqual([role, 403, 'forbidden']);
      expect((r.json() as { error: string }).error).toContain('may not run claims.pay: it takes a finance or administrator operator');
    }
    expect(await proposals()).toBe(0);
    // The auditor still reads the claims.
    const auditor = await session(await createOperator(c, { name: 'audit-reads', roles: ['auditor'] }));
    const read = await app.inject({ method: 'POST', url: '/v1/admin/console.claims', payload: {}, headers: auditor });
    expect(read.statusCode).toBe(200);
    expect((read.json() as { result: { state: string }[] }).result.map((x) => x.state)).toEqual(['filed']);
    // The payments in full (ID numbers, addresses): finance and the auditor, not support.
    const support = await session(await createOperator(c, { name: 'support-reads', roles: ['support'] }));
    expect((await app.inject({ method: 'POST', url: '/v1/admin/claims.payments', payload: {}, headers: support })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/v1/admin/claims.payments', payload: {}, headers: auditor })).statusCode).toBe(200);
  });

  it("refuses finance too when central cannot tell the ticket's prize (no print data), nothing proposed", async () => {
    const r = await pay(await session(await createOperator(c, { name: 'fin-a', roles: ['finance'] })));
    expect([r.statusCode, (r.json() as { reason: string }).reason]).toEqual([409, 'unknown_ticket']);
    expect(await proposals()).toBe(0);
  });

  it('says what a refusal is about as facts beside its sentence, for the console to say it in its language', async () => {
    const headers = await session(await createOperator(c, { name: 'fin-b', roles: ['finance'] }));
    const r = await app.inject({ method: 'POST', url: '/v1/admin/claims.pay', payload: { ...PAY, payment: { ...PAY.payment, paid_on: '2026-11-20' } }, headers });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      reason: 'bad_paid_on',
      error: expect.stringMatching(/before the claim was filed/),
      facts: { rule: 'before_filed', paid_on: '2026-11-20', filed_at: '2026-12-01T09:00:00.000Z' },
    });
    expect(await proposals()).toBe(0);
  });
});
