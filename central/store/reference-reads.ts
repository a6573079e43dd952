/** What the back office reads of the lottery-wide reference data (#22): the stop list, configuration and its history, games. */
import type { Central } from './context.js';

export interface StopListed {
  pack: string;
  reason: string;
  added_at: string;
  removed_at: string | null;
}

/** The stop list: packs on it now, and with `all` those lifted too. */
export async function stopList(c: Central, all = false): Promise<StopListed[]> {
  return c.db.query<StopListed>(`SELECT pack, reason, added_at, removed_at FROM stop_list ${all ? '' : 'WHERE removed_at IS NULL'} ORDER BY added_at, pack`);
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
export async function configHistory(c: Central, key?: string): Promise<{ entry_id: number; at: string; actor: string; key: string; value: unknown }[]> {
  const rows = await c.db.query<{ entry_id: number; at: string; actor: string; payload: { key: string; value?: unknown } }>(
    `SELECT entry_id, at, actor, payload FROM central_journal WHERE type = 'config.set' ${key ? `AND payload->>'key' = $1` : ''} ORDER BY entry_id`,
    key ? [key] : [],
  );
  return rows.map((r) => ({ entry_id: r.entry_id, at: r.at, actor: r.actor, key: r.payload.key, value: r.payload.value ?? null }));
}

export async function gameStatuses(c: Central): Promise<{ game: string; enabled: boolean; reason: string; updated_at: string }[]> {
  return c.db.query('SELECT game, enabled, reason, updated_at FROM games ORDER BY game');
}
