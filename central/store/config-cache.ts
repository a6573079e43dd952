/**
 * The configuration as one object, cached per process for the hot paths (a quota on every claim, pack
 * receipt and digital sale): read once, then kept for CONFIG_CACHE_TTL_MS. A write through this process
 * (`setConfig`) renews it at once; a write by another central process sharing the database (the CLI's
 * `central config set`, another server) is seen within the time-to-live. Writes and rules that must see
 * the latest value in their own transaction read `currentConfig(tx)` instead.
 */
import type { Queryable } from './db.js';
import { configRows } from './queries/reference-data.js';

/** How long a process keeps the configuration it read before reading it again, ms. */
export const CONFIG_CACHE_TTL_MS = 5_000;

interface Cached {
  /** performance.now() when it was read (monotonic: a moved wall clock neither keeps nor drops it). */
  readonly readAt: number;
  readonly value: Promise<Readonly<Record<string, unknown>>>;
  /** The write generation it was read at (a write during the read does not let a stale value in). */
  readonly generation: number;
}

const cached = new WeakMap<Queryable, Cached>();
const generations = new WeakMap<Queryable, number>();

async function read(db: Queryable): Promise<Readonly<Record<string, unknown>>> {
  const rows = await configRows(db);
  return Object.freeze(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** The configuration of the database `db`, at most CONFIG_CACHE_TTL_MS old (see the module comment). */
export function cachedConfig(db: Queryable): Promise<Readonly<Record<string, unknown>>> {
  const now = performance.now();
  const generation = generations.get(db) ?? 0;
  const hit = cached.get(db);
  if (hit && hit.generation === generation && now - hit.readAt < CONFIG_CACHE_TTL_MS) return hit.value;
  const value = read(db);
  const entry: Cached = { readAt: now, value, generation };
  cached.set(db, entry);
  // A failed read is not kept: the next request reads again.
  value.catch(() => {
    if (cached.get(db) === entry) cached.delete(db);
  });
  return value;
}

/** Forgets the cached configuration of `db` (called once a configuration write committed). */
export function configChanged(db: Queryable): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
  cached.delete(db);
}
