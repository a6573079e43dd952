/**
 * #22: a ticket paid twice followed to its end, on PGlite and PostgreSQL: investigated (who, when, a
 * note; again replaces it, each journaled), closed only once its money is decided (charged back or
 * written off), once; a closed exception is neither written off, charged back nor investigated again.
 * The exceptions are rows as central found them before version 11 settled any (open), like the console's
 * e2e seed; every act is the store's own, in its transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeBackException, listExceptionStates, writeOffException } from '../../../central/store/chargebacks.js';
import type { Central } from '../../../central/store/context.js';
import { closeException, investigateException } from '../../../central/store/exception-cases.js';
import { ENGINES, testCentral } from '../support/engines.js';

const T0 = Date.parse('2026-12-02T09:00:00.000Z');

describe.each(ENGINES)('payout exceptions investigated and closed on %s', (engine) => {
  let t: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  let clock = T0;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await testCentral(engine, `exception-cases-${engine}`, { now: () => new Date(clock).toISOString() });
    c = t.central;
    for (const [unit, seq] of [[15, 7], [16, 8]] as const) {
      const [row] = await c.db.query<{ exception_id: number | string }>(
        `INSERT INTO payout_exceptions (ticket, at, first_terminal, first_at, first_amount, second_terminal, second_seq, second_at, second_amount, second_offline)
         VALUES ($1, $2, 'SHOP-A', $2, 4000, 'SHOP-B', $3, $2, 4000, true) RETURNING exception_id`,
        [`annee-chance-2013/1/1/${unit}`, new Date(T0).toISOString(), seq],
      );
      ids.push(Number(row!.exception_id));
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const state = async (id: number) => (await listExceptionStates(c)).find((x) => x.id === id)!;
  const journal = (type: string) => c.db.query<{ actor: string; at: string; payload: Record<string, unknown> }>(`SELECT actor, at, payload FROM central_journal WHERE type = $1 ORDER BY entry_id`, [type]);
  const cases = () => c.db.query('SELECT * FROM exception_cases ORDER BY exception_id');

  it('records who investigates an open exception, since when, and the note; again replaces it, each journaled', async () => {
    const x = ids[0]!;
    clock = T0 + 60_000;
    const first = await investigateException(c, 'fay', x, '  called both shops  ');
    expect(first).toMatchObject({ id: x, state: 'open', investigating_at: '2026-12-02T09:01:00.000Z', investigating_by: 'fay', note: 'called both shops', closed_at: null });
    clock = T0 + 120_000;
    await investigateException(c, 'sue', x, 'the second shop sent its receipt');
    expect(await state(x)).toMatchObject({ investigating_at: '2026-12-02T09:02:00.000Z', investigating_by: 'sue', note: 'the second shop sent its receipt' });
    const rows = await journal('exception.investigate');
    expect(rows).toEqual([
      { actor: 'fay', at: '2026-12-02T09:01:00.000Z', payload: expect.objectContaining({ exception_id: x, note: 'called both shops', was: null }) },
      { actor: 'sue', at: '2026-12-02T09:02:00.000Z', payload: expect.objectContaining({ exception_id: x, note: 'the second shop sent its receipt', was: { investigating_at: '2026-12-02T09:01:00.000Z', investigating_by: 'fay', note: 'called both shops' } }) },
    ]);
    // A note left empty, too long, or an exception that does not exist: refused, nothing changed.
    await expect(investigateException(c, 'fay', x, '   ')).rejects.toMatchObject({ reason: 'bad_request' });
    await expect(investigateException(c, 'fay', x, 'n'.repeat(501))).rejects.toMatchObject({ reason: 'bad_request' });
    await expect(investigateException(c, 'fay', 999_999, 'none')).rejects.toMatchObject({ reason: 'no_such_exception', status: 404 });
    expect(await journal('exception.investigate')).toHaveLength(2);
    expect(await state(x)).toMatchObject({ investigating_by: 'sue', note: 'the second shop sent its receipt' });
  });

  it('refuses to close an exception whose money is not decided, open or only investigated', async () => {
    const [x, y] = ids as [number, number];
    await expect(closeException(c, 'fay', x, 'done')).rejects.toMatchObject({ reason: 'not_settled', status: 409, message: expect.stringMatching(/under investigation: charge it back or write it off first/) });
    await expect(closeException(c, 'fay', y, 'done')).rejects.toMatchObject({ reason: 'not_settled', status: 409, message: expect.stringMatching(/is open: charge it back or write it off first/) });
    await expect(closeException(c, 'fay', x, '  ')).rejects.toMatchObject({ reason: 'bad_request' });
    expect(await journal('exception.close')).toEqual([]);
    expect((await state(x)).closed_at).toBeNull();
    expect(await cases()).toHaveLength(1);
  });

  it('closes one written off, once; then refuses to charge it back, write it off or investigate it', async () => {
    const x = ids[0]!;
    clock = T0 + 180_000;
    await writeOffException(c, 'fay', x, 'the lottery bears it');
    clock = T0 + 240_000;
    const closed = await closeException(c, 'fin', x, ' both shops heard, settled ');
    expect(closed).toMatchObject({ state: 'written_off', closed_at: '2026-12-02T09:04:00.000Z', closed_by: 'fin', close_reason: 'both shops heard, settled', investigating_by: 'sue' });
    expect(await journal('exception.close')).toEqual([{ actor: 'fin', at: '2026-12-02T09:04:00.000Z', payload: expect.objectContaining({ exception_id: x, state: 'written_off', reason: 'both shops heard, settled' }) }]);

    const before = [await state(x), await cases(), (await journal('exception.charge-back')).length, (await journal('exception.write-off')).length, (await journal('exception.investigate')).length];
    await expect(closeException(c, 'fin', x, 'again')).rejects.toMatchObject({ reason: 'already_closed', status: 409 });
    // Never charged back, so a charge-back would have run: refused because closed.
    await expect(chargeBackException(c, 'fay', x, 'after all')).rejects.toMatchObject({ reason: 'exception_closed', status: 409 });
    await expect(writeOffException(c, 'fay', x, 'again')).rejects.toMatchObject({ reason: 'exception_closed', status: 409 });
    await expect(investigateException(c, 'sue', x, 'one more look')).rejects.toMatchObject({ reason: 'exception_closed', status: 409 });
    expect([await state(x), await cases(), (await journal('exception.charge-back')).length, (await journal('exception.write-off')).length, (await journal('exception.investigate')).length]).toEqual(before);
    expect(await journal('exception.close')).toHaveLength(1);
  });

  it('closes one charged back (never investigated); it is not written off after', async () => {
    const y = ids[1]!;
    await chargeBackException(c, 'fay', y, 'paid without checking');
    clock = T0 + 300_000;
    expect(await closeException(c, 'fin', y, 'charged to the shop')).toMatchObject({ state: 'charged_back', investigating_at: null, note: null, closed_by: 'fin', closed_at: '2026-12-02T09:05:00.000Z' });
    // Charged back and not written off: a write-off would refund it; refused because closed.
    await expect(writeOffException(c, 'fay', y, 'refund')).rejects.toMatchObject({ reason: 'exception_closed' });
    expect((await state(y)).state).toBe('charged_back');
  });
});
