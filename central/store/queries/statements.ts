/** SQL of the retailers' weekly statements (the rules: store/statements.ts). */
import type { Queryable } from '../db.js';

/** Packs of `retailer`'s terminals settled in [from, to), counted by game. */
export async function settledPacksByGame(q: Queryable, retailer: string, from: string, to: string): Promise<{ game: string; n: number | string }[]> {
  return q.query<{ game: string; n: number | string }>(
    `SELECT s.game, count(*) AS n FROM pack_states s JOIN terminals t ON t.terminal_id = s.terminal_id
      WHERE t.retailer = $1 AND s.state = 'settled' AND s.settled_at >= $2 AND s.settled_at < $3
      GROUP BY s.game`,
    [retailer, from, to],
  );
}

/**
 * The `money` lines of the terminals' journal entries, summed by kind (sale, void, payout, claim): only
 * entries of the money types `types` whose block's kind is their type. Ingest checks their numbers
 * (store/entry-checks.ts); a line that is still not a plain whole number counts nothing, so no stored
 * entry can make this query fail. Sale and void lines of the `centralBilled` games (digital: central
 * bills its own sales) count nothing.
 *
 * `own`: entries journaled in [from, to) and received before `to` (the week's own, fixed once it is
 * over); `late`: entries received in [from, to) but journaled before `from` (adjustments).
 * An entry central refused to credit (`uncredited_entries`: store/payout-checks.ts, void-checks.ts,
 * sale-checks.ts) counts nothing; a sale refused for its amount ('sale_amount') counts central's figure
 * instead: each of its ticket lines of a game in `prices` (the paper games) at that game's price.
 */
export async function moneyTotalsByKind(
  q: Queryable,
  terminals: readonly string[],
  from: string,
  to: string,
  types: readonly string[],
  centralBilled: readonly string[] = [],
  which: 'own' | 'late' = 'own',
  prices: readonly { game: string; price_cents: number }[] = [],
): Promise<{ kind: string; n: number | string; cents: number | string; since: string | null }[]> {
  const when = which === 'own' ? 'j.at >= $2 AND j.at < $3 AND j.received_at < $3' : 'j.received_at >= $2 AND j.received_at < $3 AND j.at < $2';
  return q.query<{ kind: string; n: number | string; cents: number | string; since: string | null }>(
    `SELECT kind, sum(n) AS n, sum(cents) AS cents, min(at) AS since FROM (
       SELECT j.type AS kind,
              CASE WHEN jsonb_typeof(l->'count') = 'number' AND (l->>'count') ~ '^[0-9]{1,15}$' THEN (l->>'count')::bigint END AS n,
              CASE WHEN jsonb_typeof(l->'amount_cents') = 'number' AND (l->>'amount_cents') ~ '^[0-9]{1,15}$' THEN (l->>'amount_cents')::bigint END AS cents,
              j.at
         FROM journal_entries j
         CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.payload->'money'->'lines') = 'array' THEN j.payload->'money'->'lines' ELSE '[]'::jsonb END) AS l
        WHERE j.terminal_id = ANY($1::text[]) AND ${when}
          AND j.type = ANY($4::text[]) AND j.payload->'money'->>'kind' = j.type
          AND jsonb_typeof(l) = 'object'
          AND NOT (j.type IN ('sale', 'void') AND coalesce(l->>'game', '') = ANY($5::text[]))
          AND NOT EXISTS (SELECT 1 FROM uncredited_entries u WHERE u.terminal_id = j.terminal_id AND u.seq = j.seq)
       UNION ALL
       SELECT 'sale', 1, p.price, j.at
         FROM journal_entries j
         JOIN uncredited_entries u ON u.terminal_id = j.terminal_id AND u.seq = j.seq AND u.reason = 'sale_amount'
         CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.payload->'lines') = 'array' THEN j.payload->'lines' ELSE '[]'::jsonb END) AS l
         JOIN unnest($6::text[], $7::bigint[]) AS p(game, price) ON jsonb_typeof(l) = 'object' AND p.game = l->>'game'
        WHERE j.terminal_id = ANY($1::text[]) AND ${when} AND j.type = 'sale' AND 'sale' = ANY($4::text[])
     ) AS m
      GROUP BY kind`,
    [terminals, from, to, types, centralBilled, prices.map((p) => p.game), prices.map((p) => p.price_cents)],
  );
}

/** The statement issued for a closed week, if any. */
export async function issuedStatement(q: Queryable, retailer: string, week: string): Promise<unknown> {
  return (await q.query<{ statement: unknown }>('SELECT statement FROM issued_statements WHERE retailer = $1 AND week = $2', [retailer, week]))[0]?.statement;
}

/** Issues a closed week's statement (the first one stored stays). */
export async function insertIssuedStatement(q: Queryable, retailer: string, week: string, statement: unknown, at: string): Promise<void> {
  await q.execute('INSERT INTO issued_statements (retailer, week, statement, issued_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [retailer, week, JSON.stringify(statement), at]);
}
