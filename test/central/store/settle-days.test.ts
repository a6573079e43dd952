/**
 * Settlement by days rides on pushes, at most once a minute of central's clock (a push must not scan the
 * active packs every time), while `guichet central packs` (settleDuePacks) always looks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { setConfig } from '../../../central/store/feed.js';
import { DAYS_CHECK_EVERY_MS, settleDuePacks, settlePacks } from '../../../central/store/packs.js';
import { testCentral } from '../support/engines.js';

const DAY = 86_400_000;

describe('packs settled by days', () => {
  let store: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  let clock = Date.parse('2026-11-30T10:00:00.000Z');
  const activate = (pack: number): Promise<number> =>
    c.db.execute(
      `INSERT INTO pack_states (game, emission, block, pack, state, terminal_id, received_at, activated_at, updated_at) VALUES ('annee-chance-2013', 5, 1, $1, 'active', 'T1', $2, $2, $2)`,
      [pack, new Date(clock - 31 * DAY).toISOString()],
    );
  const push = (): Promise<number> => c.db.transaction((tx) => settlePacks(c, tx));

  beforeAll(async () => {
    store = await testCentral('pglite', 'days', { now: () => new Date(clock).toISOString() });
    c = store.central;
    await setConfig(c, 'test', 'settle_days', 30);
  }, 120_000);
  afterAll(() => store?.close());

  it('a push settles what is due at most once a minute (the packs command always looks, and counts as a look)', async () => {
    await activate(1);
    expect(await push()).toBe(1);
    await activate(2);
    clock += DAYS_CHECK_EVERY_MS - 1_000;
    expect(await push()).toBe(0);
    expect(await settleDuePacks(c)).toBe(1);
    // The packs command looked just now: pushes look again a minute after it.
    await activate(3);
    clock += DAYS_CHECK_EVERY_MS - 1_000;
    expect(await push()).toBe(0);
    clock += 2_000;
    expect(await push()).toBe(1);
    const states = await c.db.query<{ pack: number; state: string; settle_reason: string }>('SELECT pack, state, settle_reason FROM pack_states ORDER BY pack');
    expect(states).toEqual([1, 2, 3].map((pack) => ({ pack, state: 'settled', settle_reason: 'days' })));
  });
});
