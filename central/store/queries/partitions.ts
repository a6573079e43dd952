/** SQL of the month partitions (the rules: store/partitions.ts; the function: migration 7). */
import type { Queryable } from '../db.js';

/** Creates one month of `table`, hash-partitioned in `hashes`; false when it exists. */
export async function createMonthPartition(q: Queryable, table: string, month: string, hashes: number): Promise<boolean> {
  const made = await q.query<{ made: boolean }>('SELECT guichet_month_partition($1, $2::date, $3) AS made', [table, month, hashes]);
  return made[0]?.made === true;
}
