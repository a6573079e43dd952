/**
 * A signed request's nonce check never waits behind a push of the same terminal: the push holds the
 * terminal's row for its whole transaction (chain head), and a claim made meanwhile at that counter
 * must be answered at once. Observed, not timed: another connection watches whether the nonce check's
 * backend ever waits on a lock while the row is held.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { acceptNonce, addTerminal } from '../../../central/store/terminals.js';
import { ENGINES, testCentral } from '../support/engines.js';

describe.skipIf(!ENGINES.includes('postgres'))('the nonce check beside a push on PostgreSQL', () => {
  let store: Awaited<ReturnType<typeof testCentral>>;
  let url: string;
  let c: Central;

  beforeAll(async () => {
    store = await testCentral('postgres', 'nonce');
    url = store.url!;
    c = store.central;
    await addTerminal(c, 'test', 'T1', 'Tabac du port');
  }, 180_000);
  afterAll(() => store?.close(), 60_000);

  it('accepts a fresh nonce while a push holds the terminal row, and still refuses it replayed', async () => {
    const push = new pg.Client({ connectionString: url });
    const watch = new pg.Client({ connectionString: url });
    await push.connect();
    await watch.connect();
    try {
      await push.query('BEGIN');
      await push.query(`SELECT last_seq FROM terminals WHERE terminal_id = 'T1' FOR UPDATE`);
      let done = false;
      const check = acceptNonce(c, 'T1', 'nonce-during-a-push-0001', '2099-01-01T00:00:00.000Z').finally(() => (done = true));
      let waited = false;
      while (!done && !waited) {
        const rows = await watch.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO nonces%'`,
        );
        waited = (rows.rows[0]?.n ?? 0) > 0;
        await new Promise((r) => setTimeout(r, 20));
      }
      await push.query('COMMIT');
      expect(waited).toBe(false);
      expect(await check).toBe(true);
      expect(await acceptNonce(c, 'T1', 'nonce-during-a-push-0001', '2099-01-01T00:00:00.000Z')).toBe(false);
      // Without a push in the way, the last contact is stamped.
      expect(await acceptNonce(c, 'T1', 'nonce-after-the-push-0002', '2099-01-01T00:00:00.000Z')).toBe(true);
      const t = await watch.query<{ last_contact_at: string | null }>(`SELECT last_contact_at FROM terminals WHERE terminal_id = 'T1'`);
      expect(t.rows[0]?.last_contact_at).toEqual(expect.any(String));
    } finally {
      await push.end();
      await watch.end();
    }
  });
});
