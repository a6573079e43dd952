/**
 * Month partitions of the journal and events (migration 7): the store creates each month ahead, this
 * month and the next at every opening, and `central serve` again twice a day, so a row never waits for
 * its partition. A month that cannot be created (its rows already sit in the default partition, a clock
 * far off) is reported, not fatal: those rows stay in the default partition, still found and unique.
 */
import type { Queryable } from './db.js';
import { MONTH_HASH_PARTITIONS, MONTH_PARTITIONED } from './migrations/index.js';
import { createMonthPartition } from './queries/partitions.js';

/** First day (YYYY-MM-01) of the month of `iso`, moved by `add` months. */
export function monthStart(iso: string, add = 0): string {
  const d = new Date(iso);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
  return m.toISOString().slice(0, 10);
}

export interface EnsuredMonths {
  /** Partitions created now, e.g. `journal_entries_m202701`. */
  created: string[];
  /** Months that could not be created, with the database's reason. */
  failed: string[];
}

/** Creates the month partitions of `from` … `from + months - 1` (months after `from`'s) that are missing. */
export async function ensureMonthPartitions(db: Queryable, from: string, months = 2): Promise<EnsuredMonths> {
  const out: EnsuredMonths = { created: [], failed: [] };
  for (let k = 0; k < months; k++) {
    const month = monthStart(from, k);
    for (const { table } of MONTH_PARTITIONED) {
      try {
        if (await createMonthPartition(db, table, month, MONTH_HASH_PARTITIONS)) out.created.push(`${table}_m${month.slice(0, 7).replace('-', '')}`);
      } catch (err) {
        out.failed.push(`${table} ${month.slice(0, 7)}: ${(err as Error).message}`);
      }
    }
  }
  return out;
}
