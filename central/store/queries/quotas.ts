/** SQL of `quota_counters` (the rules: store/quotas.ts). */
import type { Queryable } from '../db.js';

/** Adds one to a subject's counter in a window; answers the count with it. */
export async function bumpCounter(q: Queryable, subject: string, counter: string, windowStart: string): Promise<number> {
  const rows = await q.query<{ n: number | string }>(
    `INSERT INTO quota_counters (subject, counter, window_start, n) VALUES ($1, $2, $3, 1)
     ON CONFLICT (subject, counter, window_start) DO UPDATE SET n = quota_counters.n + 1
     RETURNING n`,
    [subject, counter, windowStart],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Forgets a subject's counts of windows before `start` (they no longer matter). */
export async function dropOlderWindows(q: Queryable, subject: string, counter: string, start: string): Promise<void> {
  await q.execute('DELETE FROM quota_counters WHERE subject = $1 AND counter = $2 AND window_start < $3', [subject, counter, start]);
}
