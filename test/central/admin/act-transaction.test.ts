/**
 * The admin acts, on PGlite and PostgreSQL: (#21) every write carries an idempotency key stored with
 * its answer in the act's transaction, so a request retried after an unanswered COMMIT runs once and
 * answers the same; the same key with another body is refused, nothing changed. (#22) The act and its
 * `admin.op` journal row commit together: an act whose journal row cannot be written changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor } from '../../../central/admin/ops.js';
import type { OpContext } from '../../../central/admin/roles.js';
import type { Central } from '../../../central/store/context.js';
import { stopListChange } from '../../../central/store/feed.js';
import { ENGINES, testCentral } from '../support/engines.js';

const SECURITY: OpContext = { actor: 'sam', roles: ['security'] };

async function feedCount(c: Central): Promise<number> {
  const [row] = await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feed');
  return row!.n;
}
async function adminOps(c: Central): Promise<number> {
  const [row] = await c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM central_journal WHERE type = 'admin.op'");
  return row!.n;
}
const listed = async (c: Central, pack: string): Promise<number> =>
  (await c.db.query('SELECT 1 FROM stop_list WHERE pack = $1 AND removed_at IS NULL', [pack])).length;

describe.each(ENGINES)('admin acts on %s', (engine) => {
  let t: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  beforeAll(async () => {
    t = await testCentral(engine, `admin-acts-${engine}`);
    c = t.central;
  });
  afterAll(async () => t?.close());

  it('a write sent twice with its idempotency key runs once and answers the same', async () => {
    const [feed0, ops0] = [await feedCount(c), await adminOps(c)];
    const args = { pack: '213-001-01-00001', reason: 'stolen shipment' };
    const first = await runAdminOpFor(c, 'stoplist.add', args, { ...SECURITY, idempotencyKey: 'key-stoplist-0001' });
    // The answer was lost (a failover cut the connection at COMMIT): the client sends it again, same key.
    const again = await runAdminOpFor(c, 'stoplist.add', args, { ...SECURITY, idempotencyKey: 'key-stoplist-0001' });
    expect(again).toEqual(first);
    expect(await feedCount(c)).toBe(feed0 + 1);
    expect(await adminOps(c)).toBe(ops0 + 1);
    // A new key is a new act.
    await runAdminOpFor(c, 'stoplist.add', args, { ...SECURITY, idempotencyKey: 'key-stoplist-0002' });
    expect(await feedCount(c)).toBe(feed0 + 2);
  });

  it('the same key with another body, operation or operator is refused, nothing changed', async () => {
    await runAdminOpFor(c, 'stoplist.add', { pack: '213-001-01-00002', reason: 'r' }, { ...SECURITY, idempotencyKey: 'key-reused-0001' });
    const [feed0, ops0] = [await feedCount(c), await adminOps(c)];
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-001-01-00003', reason: 'r' }, { ...SECURITY, idempotencyKey: 'key-reused-0001' })).rejects.toMatchObject({ reason: 'idempotency_key_reused', status: 409 });
    await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-001-01-00002', reason: 'r' }, { actor: 'sue', roles: ['security'], idempotencyKey: 'key-reused-0001' })).rejects.toMatchObject({ reason: 'idempotency_key_reused' });
    await expect(runAdminOpFor(c, 'game.suspend', { game: 'happy-2014', reason: 'r' }, { ...SECURITY, idempotencyKey: 'key-reused-0001' })).rejects.toMatchObject({ reason: 'idempotency_key_reused' });
    expect(await listed(c, '213-001-01-00003')).toBe(0);
    expect([await feedCount(c), await adminOps(c)]).toEqual([feed0, ops0]);
  });

  it('a proposal (dual control) sent twice with its key is proposed once', async () => {
    const args = { key: 'payout_limit_cents', value: 90_000 };
    const ctx = { ...SECURITY, reason: 'new limit', idempotencyKey: 'key-proposal-0001' };
    const first = await runAdminOpFor(c, 'config.set', args, ctx);
    expect(first.status).toBe(202);
    expect(await runAdminOpFor(c, 'config.set', args, ctx)).toEqual(first);
    const [row] = await c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM proposals WHERE op = 'config.set'");
    expect(row!.n).toBe(1);
  });

  it('charge back of an exception takes a finance operator and a second one (dual control)', async () => {
    await expect(runAdminOpFor(c, 'exceptions.charge-back', { id: 1, reason: 'r' }, SECURITY)).rejects.toMatchObject({ reason: 'forbidden', status: 403 });
    const proposed = await runAdminOpFor(c, 'exceptions.charge-back', { id: 1, reason: 'paid without checking' }, { actor: 'fay', roles: ['finance'] });
    expect(proposed.status).toBe(202);
  });

  it('an approval whose operation fails is still recorded as failed (the operation itself rolled back)', async () => {
    await runAdminOpFor(c, 'stoplist.add', { pack: '213-404-01-00001', reason: 'stolen' }, SECURITY);
    const proposed = await runAdminOpFor(c, 'stoplist.remove', { pack: '213-404-01-00001', reason: 'listed by mistake' }, SECURITY);
    const id = (proposed.result as { proposal_id: number }).proposal_id;
    // Lifted meanwhile (another removal approved first): the approval's run finds it no longer listed.
    await stopListChange(c, 'sue', '213-404-01-00001', 'remove', 'found');
    await expect(runAdminOpFor(c, 'proposal.approve', { id, reason: 'ok' }, { actor: 'sue', roles: ['security'], idempotencyKey: 'key-approve-0001' })).rejects.toMatchObject({ reason: 'not_stop_listed' });
    const [p] = await c.db.query<{ status: string }>('SELECT status FROM proposals WHERE id = $1', [id]);
    expect(p!.status).toBe('failed');
  });

  it('an act whose admin.op journal row cannot be written changes nothing (op and journal in one transaction)', async () => {
    await c.db.exec(`CREATE FUNCTION test_refuse_admin_op() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.type = 'admin.op' THEN RAISE EXCEPTION 'the journal refused the row'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_admin_op BEFORE INSERT ON central_journal FOR EACH ROW EXECUTE FUNCTION test_refuse_admin_op()`);
    try {
      const [feed0, ops0] = [await feedCount(c), await adminOps(c)];
      const [j0] = await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal');
      await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-009-01-00001', reason: 'r' }, { ...SECURITY, idempotencyKey: 'key-journal-0001' })).rejects.toThrow(/journal refused/);
      expect(await listed(c, '213-009-01-00001')).toBe(0);
      expect([await feedCount(c), await adminOps(c)]).toEqual([feed0, ops0]);
      const [j1] = await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM central_journal');
      expect(j1!.n).toBe(j0!.n);
      // Without a key too (the in-process callers that send none).
      await expect(runAdminOpFor(c, 'stoplist.add', { pack: '213-009-01-00002', reason: 'r' }, SECURITY)).rejects.toThrow(/journal refused/);
      expect(await listed(c, '213-009-01-00002')).toBe(0);
      // Nothing was recorded under the key: once the journal takes rows again, the retry runs.
    } finally {
      await c.db.exec('DROP TRIGGER test_refuse_admin_op ON central_journal; DROP FUNCTION test_refuse_admin_op()');
    }
    await runAdminOpFor(c, 'stoplist.add', { pack: '213-009-01-00001', reason: 'r' }, { ...SECURITY, idempotencyKey: 'key-journal-0001' });
    expect(await listed(c, '213-009-01-00001')).toBe(1);
  });
});
