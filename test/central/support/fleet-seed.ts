/**
 * A large fleet generated in SQL (one statement per table, no row built in JS): `n` terminals `T-000000`…
 * of `n / 7` retailers (each a record), every third heard from a minute ago (online), every 10th disabled, every 1000th
 * with an integrity alert and a refused push. For the console's reads and pages (vitest and Playwright).
 */
import type { Queryable } from '../../../central/store/db.js';

export async function seedFleet(q: Queryable, n: number, now: string): Promise<void> {
  const recent = new Date(Date.parse(now) - 60_000).toISOString();
  const old = new Date(Date.parse(now) - 3 * 86_400_000).toISOString();
  await q.execute(
    `INSERT INTO terminals (terminal_id, retailer, status, status_reason, created_at, last_contact_at, last_seq, enrolled_at, key_fingerprint)
     SELECT 'T-' || lpad(i::text, 6, '0'),
            'Retailer ' || lpad((i / 7)::text, 5, '0'),
            CASE WHEN i % 10 = 9 THEN 'disabled' ELSE 'active' END,
            CASE WHEN i % 10 = 9 THEN 'seeded as disabled' END,
            $2, CASE WHEN i % 3 = 0 THEN $3 ELSE $4 END, i % 50, $2, 'seed'
       FROM generate_series(0, $1 - 1) AS i`,
    [n, old, recent, old],
  );
  // Each retailer a record, as `terminal add` makes one (migration 17's way: one per name as written).
  await q.execute(
    `INSERT INTO retailers (id, name, name_key, address, created_at)
     SELECT 'R' || lpad(nextval('retailer_ids')::text, 6, '0'), name, lower(name), (row_number() OVER (ORDER BY name)) || ' rue du Commerce', $1
       FROM (SELECT DISTINCT retailer AS name FROM terminals t
              WHERE t.retailer_id IS NULL AND NOT EXISTS (SELECT 1 FROM retailers r WHERE r.name_key = lower(t.retailer))) AS names
      ORDER BY name`,
    [old],
  );
  await q.execute(`UPDATE terminals t SET retailer_id = r.id FROM retailers r WHERE t.retailer_id IS NULL AND r.name_key = lower(t.retailer)`);
  await q.execute(
    `INSERT INTO integrity_alerts (terminal_id, at, reason, at_seq, detail)
     SELECT 'T-' || lpad(i::text, 6, '0'), $2, 'hash_mismatch', 1, 'seeded alert' FROM generate_series(0, $1 - 1, 1000) AS i`,
    [n, recent],
  );
  await q.execute(
    `INSERT INTO refused_pushes (terminal_id, at, reason, at_seq, entries, detail)
     SELECT 'T-' || lpad(i::text, 6, '0'), $2, 'chain_broken', 2, 1, 'seeded refusal' FROM generate_series(0, $1 - 1, 1000) AS i`,
    [n, recent],
  );
}

/** Terminals of `seedFleet(n)` that are online (every third), disabled (every 10th), with alerts (every 1000th). */
export function fleetCounts(n: number): { online: number; disabled: number; alerted: number } {
  let online = 0;
  let disabled = 0;
  for (let i = 0; i < n; i++) {
    if (i % 3 === 0) online++;
    if (i % 10 === 9) disabled++;
  }
  return { online, disabled, alerted: Math.ceil(n / 1000) };
}
