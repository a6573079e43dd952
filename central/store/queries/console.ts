/** SQL of the back-office console's reads (the rules: central/admin/console-ops.ts); each one statement. */
import type { Queryable } from '../db.js';

/**
 * Every terminal with its counts, as the fleet view's columns (common/console/fleet.ts), in one
 * statement: the counts are grouped once per table and joined (no query per terminal), the newest entry
 * found by the terminal's own last_seq (primary key), online by `since`; the columns are built as JSON
 * by PostgreSQL, one text value, rather than 35,000 rows decoded field by field.
 */
export async function fleetColumnsJson(q: Queryable, since: string): Promise<string> {
  const col = (expr: string) => `coalesce(json_agg(${expr} ORDER BY f.terminal_id), '[]')`;
  const rows = await q.query<{ columns: string }>(
    `SELECT json_build_object(
              'terminal_id', ${col('f.terminal_id')}, 'retailer', ${col('f.retailer')}, 'status', ${col('f.status')},
              'online', ${col('f.online')}, 'last_contact_at', ${col('f.last_contact_at')}, 'last_seq', ${col('f.last_seq')},
              'sync_lag_seconds', ${col('f.sync_lag_seconds')}, 'software_version', ${col('f.software_version')},
              'integrity_alerts', ${col('f.integrity_alerts')}, 'refused_pushes', ${col('f.refused_pushes')}, 'quarantined', ${col('f.quarantined')})::text AS columns
       FROM (
         SELECT t.terminal_id, t.retailer, t.status, t.last_contact_at, t.last_seq::int AS last_seq,
                coalesce(t.last_contact_at >= $1, false) AS online, sw.version AS software_version,
                (SELECT round(extract(epoch FROM (j.received_at::timestamptz - j.at::timestamptz)))::int
                   FROM journal_entries j WHERE t.last_seq > 0 AND j.terminal_id = t.terminal_id AND j.seq = t.last_seq LIMIT 1) AS sync_lag_seconds,
                coalesce(a.n, 0)::int AS integrity_alerts, coalesce(r.n, 0)::int AS refused_pushes, (coalesce(qe.n, 0) + coalesce(qv.n, 0))::int AS quarantined
           FROM terminals t
           LEFT JOIN terminal_software sw ON sw.terminal_id = t.terminal_id
           LEFT JOIN (SELECT terminal_id, count(*) AS n FROM integrity_alerts GROUP BY terminal_id) a ON a.terminal_id = t.terminal_id
           LEFT JOIN (SELECT terminal_id, count(*) AS n FROM refused_pushes GROUP BY terminal_id) r ON r.terminal_id = t.terminal_id
           LEFT JOIN (SELECT terminal_id, count(*) AS n FROM quarantined_entries GROUP BY terminal_id) qe ON qe.terminal_id = t.terminal_id
           LEFT JOIN (SELECT terminal_id, count(*) AS n FROM quarantined_events GROUP BY terminal_id) qv ON qv.terminal_id = t.terminal_id
       ) f`,
    [since],
  );
  return rows[0]!.columns;
}

/** A terminal's refused pushes, newest first. */
export async function refusedPushesOf(q: Queryable, terminalId: string, limit: number): Promise<{ at: string; reason: string; at_seq: number | null; entries: number; detail: string }[]> {
  return q.query('SELECT at, reason, at_seq, entries, detail FROM refused_pushes WHERE terminal_id = $1 ORDER BY refusal_id DESC LIMIT $2', [terminalId, limit]);
}

/** Every pack shipped to a retailer (received or not). */
export async function shipmentRows(q: Queryable): Promise<{ game: string; emission: number; block: number; pack: number; retailer: string; shipped_at: string }[]> {
  return q.query('SELECT game, emission, block, pack, retailer, shipped_at FROM pack_shipments ORDER BY shipped_at, game, emission, block, pack');
}

/** The games central has a status for (suspended or not). */
export async function gameStatusRows(q: Queryable): Promise<{ game: string; enabled: boolean; reason: string; updated_at: string }[]> {
  return q.query('SELECT game, enabled, reason, updated_at FROM games ORDER BY game');
}

/** Every published block. */
export async function publicationRows(q: Queryable): Promise<{ name: string; game: string; emission: number; block: number; size: number; sha256: string; published_at: string }[]> {
  return q.query('SELECT name, game, emission, block, size, sha256, published_at FROM publications ORDER BY published_at DESC, game, emission, block');
}

/** The retailers' records by name (any case), each with its terminals (none yet: an empty list). */
export async function retailerRows(q: Queryable): Promise<{ id: string; name: string; address: string; terminals: string[] }[]> {
  const rows = await q.query<{ id: string; name: string; address: string; terminals: string[] | null }>(
    `SELECT r.id, r.name, r.address, t.terminals
       FROM retailers r
       LEFT JOIN (SELECT retailer_id, array_agg(terminal_id ORDER BY terminal_id) AS terminals FROM terminals GROUP BY retailer_id) t ON t.retailer_id = r.id
      ORDER BY r.name_key, r.id`,
  );
  return rows.map((r) => ({ ...r, terminals: r.terminals ?? [] }));
}

/** Configuration values with when each was last set. */
export async function configValueRows(q: Queryable): Promise<{ key: string; value: unknown; updated_at: string }[]> {
  return q.query('SELECT key, value, updated_at FROM config ORDER BY key');
}

export interface CentralJournalRow {
  entry_id: number;
  at: string;
  actor: string;
  type: string;
  payload: Record<string, unknown>;
}

/** Central's journal, newest first, before entry `before` (exclusive), of type `type` when given. */
export async function centralJournalPage(q: Queryable, opts: { before: number | null; limit: number; type: string | null; key: string | null }): Promise<CentralJournalRow[]> {
  return q.query<CentralJournalRow>(
    `SELECT entry_id, at, actor, type, payload FROM central_journal
      WHERE ($1::bigint IS NULL OR entry_id < $1) AND ($3::text IS NULL OR type = $3) AND ($4::text IS NULL OR payload->>'key' = $4)
      ORDER BY entry_id DESC LIMIT $2`,
    [opts.before, opts.limit, opts.type, opts.key],
  );
}

/**
 * Sales and payouts per game per day (Europe/Paris) since `from`, of the terminals' journals: the money
 * lines of sale and payout entries as the statement counts them (a whole number, an entry central
 * credited, and for a sale refused for its amount central's figure: its ticket lines at `prices`), so the
 * chart and the statements add up the same lines.
 */
export async function salesByGameDay(q: Queryable, from: string, prices: readonly { game: string; price_cents: number }[]): Promise<{ day: string; game: string; kind: 'sale' | 'payout'; cents: number }[]> {
  return q.query(
    `SELECT to_char((at::timestamptz AT TIME ZONE 'Europe/Paris')::date, 'YYYY-MM-DD') AS day, game, kind, sum(cents)::bigint AS cents FROM (
       SELECT j.at, l->>'game' AS game, j.type AS kind, (l->>'amount_cents')::bigint AS cents
         FROM journal_entries j
         CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.payload->'money'->'lines') = 'array' THEN j.payload->'money'->'lines' ELSE '[]'::jsonb END) AS l
        WHERE j.at >= $1 AND j.type IN ('sale', 'payout') AND j.payload->'money'->>'kind' = j.type
          AND jsonb_typeof(l) = 'object' AND jsonb_typeof(l->'amount_cents') = 'number' AND (l->>'amount_cents') ~ '^[0-9]{1,15}$'
          AND NOT EXISTS (SELECT 1 FROM uncredited_entries u WHERE u.terminal_id = j.terminal_id AND u.seq = j.seq)
       UNION ALL
       SELECT j.at, p.game, 'sale', p.price
         FROM journal_entries j
         JOIN uncredited_entries u ON u.terminal_id = j.terminal_id AND u.seq = j.seq AND u.reason = 'sale_amount'
         CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.payload->'lines') = 'array' THEN j.payload->'lines' ELSE '[]'::jsonb END) AS l
         JOIN unnest($2::text[], $3::bigint[]) AS p(game, price) ON jsonb_typeof(l) = 'object' AND p.game = l->>'game'
        WHERE j.at >= $1 AND j.type = 'sale'
     ) AS m
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [from, prices.map((p) => p.game), prices.map((p) => p.price_cents)],
  );
}
