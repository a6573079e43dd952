/** What the back office reads of the lottery-wide reference data (#22): the stop list, configuration and its history, games. */
import type { Central } from './context.js';

export interface StopListed {
  pack: string;
  reason: string;
  added_at: string;
  /** Who put it on the list (its latest `stoplist.add` in central's journal). */
  added_by: string | null;
  removed_at: string | null;
  /** Who lifted it (the approver of the removal), once lifted. */
  removed_by: string | null;
}

/** The stop list: packs on it now, and with `all` those lifted too; who added and lifted each, from central's journal (one pass). */
export async function stopList(c: Central, all = false): Promise<StopListed[]> {
  return c.db.query<StopListed>(
    `WITH who AS (
       SELECT DISTINCT ON (type, payload->>'pack') type, payload->>'pack' AS pack, actor
         FROM central_journal WHERE type IN ('stoplist.add', 'stoplist.remove')
        ORDER BY type, payload->>'pack', entry_id DESC
     )
     SELECT s.pack, s.reason, s.added_at, a.actor AS added_by, s.removed_at, CASE WHEN s.removed_at IS NULL THEN NULL ELSE r.actor END AS removed_by
       FROM stop_list s
       LEFT JOIN who a ON a.type = 'stoplist.add' AND a.pack = s.pack
       LEFT JOIN who r ON r.type = 'stoplist.remove' AND r.pack = s.pack
      ${all ? '' : 'WHERE s.removed_at IS NULL'}
      ORDER BY s.added_at, s.pack`,
  );
}

export async function isStopListed(c: Central, pack: string): Promise<boolean> {
  return (await c.db.query('SELECT 1 FROM stop_list WHERE pack = $1 AND removed_at IS NULL', [pack])).length > 0;
}

export interface ConfigEntry {
  key: string;
  value: unknown;
  updated_at: string;
}

export async function configList(c: Central): Promise<ConfigEntry[]> {
  return c.db.query<ConfigEntry>('SELECT key, value, updated_at FROM config ORDER BY key');
}

export async function configGet(c: Central, key: string): Promise<ConfigEntry | null> {
  return (await c.db.query<ConfigEntry>('SELECT key, value, updated_at FROM config WHERE key = $1', [key]))[0] ?? null;
}

/** Every change of a key (or of all keys), oldest first, from central's journal: who, when, what. */
export async function configHistory(c: Central, key?: string): Promise<{ entry_id: number; at: string; actor: string; proposed_by: string | null; key: string; value: unknown }[]> {
  const rows = await c.db.query<{ entry_id: number; at: string; actor: string; payload: { key: string; value?: unknown; proposed_by?: string } }>(
    `SELECT entry_id, at, actor, payload FROM central_journal WHERE type = 'config.set' ${key ? `AND payload->>'key' = $1` : ''} ORDER BY entry_id`,
    key ? [key] : [],
  );
  // `actor` ran the change (under dual control: the approver); `proposed_by`, when another proposed it.
  return rows.map((r) => ({ entry_id: r.entry_id, at: r.at, actor: r.actor, proposed_by: r.payload.proposed_by ?? null, key: r.payload.key, value: r.payload.value ?? null }));
}

export async function gameStatuses(c: Central): Promise<{ game: string; enabled: boolean; reason: string; updated_at: string }[]> {
  return c.db.query('SELECT game, enabled, reason, updated_at FROM games ORDER BY game');
}
