/**
 * Central's epoch (migration 015): a random id renewed by every restore. Read once per opened store
 * (no query per request): a restore happens with central stopped, and the next start reads the new one.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Central, EpochRow } from './context.js';
import type { Queryable } from './db.js';

const SELECT = 'SELECT epoch, feed_floor, started_at, reason FROM central_epochs ORDER BY n DESC LIMIT 1';

/** The current epoch (read from the database the first time, then kept). */
export async function currentEpoch(c: Central, q: Queryable = c.db): Promise<EpochRow> {
  const kept = c.memo.epoch.value;
  if (kept) return kept;
  const row = (await q.query<EpochRow>(SELECT))[0];
  if (!row) throw new Error('central has no epoch (central_epochs is empty): the store was not migrated');
  const value: EpochRow = { ...row, feed_floor: Number(row.feed_floor) };
  c.memo.epoch.value = value;
  return value;
}

/** The current epoch straight from the database (commands that do not hold a Central). */
export async function readEpoch(q: Queryable): Promise<EpochRow> {
  const row = (await q.query<EpochRow>(SELECT))[0];
  if (!row) throw new Error('central has no epoch (central_epochs is empty): the store was not migrated');
  return { ...row, feed_floor: Number(row.feed_floor) };
}

/**
 * Starts a new epoch after a restore: a fresh random id, the feed's newest cursor as its floor, now as
 * its start. Terminals that see it push again from central's head and read the feed again from the floor.
 */
export async function renewEpoch(q: Queryable, at: string, reason: EpochRow['reason'] = 'restore'): Promise<EpochRow> {
  const epoch = randomUUID();
  const floor = (await q.query<{ m: number | string | null }>('SELECT max(cursor) AS m FROM feed'))[0]?.m ?? 0;
  // A restore holds online claims until every terminal re-synced (store/restore-hold.ts); a new store does not.
  const released = reason === 'restore' ? [null, null] : [at, 'a new store'];
  await q.execute(`INSERT INTO central_epochs (epoch, feed_floor, started_at, reason, claims_released_at, claims_released_by) VALUES ($1, $2, $3, $4, $5, $6)`, [
    epoch,
    Number(floor),
    at,
    reason,
    ...released,
  ]);
  return { epoch, feed_floor: Number(floor), started_at: at, reason };
}

/** Written by `central restore` in the data folder: the next opening starts a new epoch, then removes it. */
export const RESTORED_MARK = 'restored.json';

/**
 * At opening: when `central restore` left its mark, a new epoch (in the database the restore brought
 * back) before anything is served, then the mark goes. A database still recovering (read-only) fails
 * the opening: start central once recovery is over.
 */
export async function applyRestoredMark(db: Queryable, dataDir: string, at: string): Promise<EpochRow | null> {
  const mark = join(dataDir, RESTORED_MARK);
  if (!existsSync(mark)) return null;
  const row = await renewEpoch(db, at, 'restore');
  rmSync(mark, { force: true });
  return row;
}
