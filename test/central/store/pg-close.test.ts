/**
 * Central's PostgreSQL client closes even when a connection no longer answers (#21): after the
 * primary is killed, a COMMIT may wait for a synchronous standby that is gone, and `pool.end()`
 * waits for every checked-out connection. `close()` ends the pool, and after its grace destroys the
 * connections that did not answer; the transaction they held fails ("Connection terminated"), never
 * committed. Modelled here by a transaction the server holds (a statement that waits on a lock a
 * second session keeps): before the fix, close() never resolved and this test timed out.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../central/store/postgres.js';
import { ENGINES, databaseFor } from '../support/engines.js';

describe.runIf(ENGINES.includes('postgres'))('closing the PostgreSQL client', () => {
  let url: string;
  let holder: pg.Client;
  beforeAll(async () => {
    url = (await databaseFor('postgres'))!;
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('CREATE TABLE IF NOT EXISTS test_close_lock (id int PRIMARY KEY)');
    await holder.query('INSERT INTO test_close_lock VALUES (1) ON CONFLICT DO NOTHING');
  });
  afterAll(async () => {
    await holder?.end().catch(() => undefined);
  });

  it('resolves while a transaction waits on a server that does not answer, and that transaction fails', async () => {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM test_close_lock WHERE id = 1 FOR UPDATE');
    const db = await openPostgres(url, 2, { closeGraceMs: 200 });
    let entered!: () => void;
    const waiting = new Promise<void>((r) => (entered = r));
    const stuck = db.transaction(async (tx) => {
      entered();
      // Waits for the holder's lock: a statement the server does not answer.
      await tx.query('SELECT id FROM test_close_lock WHERE id = 1 FOR UPDATE');
    });
    const outcome = stuck.then(
      () => 'committed',
      (err: Error) => err.message,
    );
    await waiting;
    await db.close();
    expect(await outcome).toMatch(/terminated|closed|takes no writes/i);
    await holder.query('ROLLBACK');
  });

  it('closes at once when no connection is busy', async () => {
    const db = await openPostgres(url, 2, { closeGraceMs: 60_000 });
    await db.query('SELECT 1');
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow();
  });
});
