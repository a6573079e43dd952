/** Named sequential counters ('receipt', 'z', 'journal'): each value is taken once, in a transaction. */
import type { Database } from 'better-sqlite3';

export type CounterName = 'receipt' | 'z' | 'journal';

/**
 * Increments the counter and returns its new value. Call inside the transaction that uses the number:
 * a rollback gives it back, so numbers are never skipped nor reused.
 */
export function nextCounter(db: Database, name: CounterName): number {
  const row = db.prepare<[string], { value: number }>('UPDATE counters SET value = value + 1 WHERE name = ? RETURNING value').get(name);
  if (!row) throw new Error(`counter '${name}' is missing from the database`);
  return row.value;
}

/** The counter's current value (the last number taken; 0 when none). */
export function counterValue(db: Database, name: CounterName): number {
  const row = db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?').get(name);
  if (!row) throw new Error(`counter '${name}' is missing from the database`);
  return row.value;
}
