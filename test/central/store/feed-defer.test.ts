/**
 * A push's announcements wait for the end of its transaction: appended together, in order, with
 * consecutive cursors, just before it commits (the feed's one-writer lock is held that long only);
 * nothing is announced by a transaction that rolls back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { announce, deferAnnouncements, readFeed } from '../../../central/store/feed.js';
import { testCentral } from '../support/engines.js';

describe('announcements deferred to the end of a push', () => {
  let store: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  const count = async (): Promise<number> => (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feed'))[0]?.n ?? 0;
  const item = (key: string) => ({ kind: 'config' as const, key, value: 1 });

  beforeAll(async () => {
    store = await testCentral('pglite', 'feed');
    c = store.central;
  }, 120_000);
  afterAll(() => store?.close());

  it('appends them together at the end, in order, with consecutive cursors', async () => {
    const before = await count();
    let inside = -1;
    await c.db.transaction((tx) =>
      deferAnnouncements(c, tx, async () => {
        for (const k of ['a.one', 'a.two', 'a.three']) await announce(c, tx, item(k));
        inside = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM feed'))[0]?.n ?? 0;
      }),
    );
    expect(inside).toBe(before);
    const feed = await readFeed(c, 'T1', 0, 100);
    const mine = feed.entries.filter((e) => e.body.item.kind === 'config' && e.body.item.key.startsWith('a.'));
    expect(mine.map((e) => (e.body.item as { key: string }).key)).toEqual(['a.one', 'a.two', 'a.three']);
    const cursors = mine.map((e) => e.body.cursor);
    expect(cursors).toEqual([cursors[0], cursors[0]! + 1, cursors[0]! + 2]);
    // Outside a deferring transaction an announcement is appended at once.
    await c.db.transaction(async (tx) => {
      await announce(c, tx, item('b.now'));
      expect((await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM feed'))[0]?.n).toBe(before + 4);
    });
  });

  it('announces nothing when the transaction rolls back', async () => {
    const before = await count();
    await expect(
      c.db.transaction((tx) =>
        deferAnnouncements(c, tx, async () => {
          await announce(c, tx, item('c.lost'));
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(before);
  });
});
