/** SQL of the lottery-wide reference data the feed announces: `config`, `stop_list`, `games` (the rules: store/feed.ts). */
import type { Queryable } from '../db.js';

/** Every configuration value, by key. */
export async function configRows(q: Queryable): Promise<{ key: string; value: unknown }[]> {
  return q.query<{ key: string; value: unknown }>('SELECT key, value FROM config ORDER BY key');
}

export async function upsertConfig(tx: Queryable, key: string, value: unknown, at: string): Promise<void> {
  await tx.execute(
    `INSERT INTO config (key, value, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, JSON.stringify(value), at],
  );
}

/** Puts a pack on the stop list, or back on it with a new reason. */
export async function upsertStopListed(tx: Queryable, pack: string, reason: string, at: string): Promise<void> {
  await tx.execute(
    `INSERT INTO stop_list (pack, reason, added_at) VALUES ($1, $2, $3)
         ON CONFLICT (pack) DO UPDATE SET reason = EXCLUDED.reason, added_at = EXCLUDED.added_at, removed_at = NULL`,
    [pack, reason, at],
  );
}

/** Lifts a pack from the stop list; 0 when it was not on it. */
export async function liftStopListed(tx: Queryable, pack: string, at: string): Promise<number> {
  return tx.execute('UPDATE stop_list SET removed_at = $2 WHERE pack = $1 AND removed_at IS NULL', [pack, at]);
}

export async function upsertGameStatus(tx: Queryable, game: string, enabled: boolean, reason: string, at: string): Promise<void> {
  await tx.execute(
    `INSERT INTO games (game, enabled, reason, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (game) DO UPDATE SET enabled = EXCLUDED.enabled, reason = EXCLUDED.reason, updated_at = EXCLUDED.updated_at`,
    [game, enabled, reason, at],
  );
}
