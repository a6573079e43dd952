/**
 * The retailer's account per ISO week, computed from the journals central holds (the same `money`
 * blocks the terminals' X/Z reports add up): sales, voids, payouts, claims, the commissions (a share of
 * net sales and a share of the prizes cashed, configuration `commission_sales_bp` / `commission_cashing_bp`
 * in basis points, 5 % and 1 % by default), settled packs, and the amount due to the lottery.
 */
import {
  DEFAULT_COMMISSION_CASHING_BP,
  DEFAULT_COMMISSION_SALES_BP,
  isoWeekBounds,
  isoWeekOf,
  previousIsoWeek,
  RetailerStatement,
  type StatementAnswer,
} from '../../common/protocol/index.js';
import { gameByCode } from '../../games/index.js';
import { CentralError, type Central } from './context.js';
import type { Queryable } from './db.js';
import { currentConfig } from './feed.js';

function rate(config: Record<string, unknown>, key: string, fallback: number): number {
  const v = config[key];
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 10_000 ? v : fallback;
}

/** A share in basis points of an amount, rounded to the nearest cent (halves up). */
export function share(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5_000) / 10_000);
}

/**
 * Packs of `retailer`'s terminals settled in [from, to) by share or by days (central's pack states,
 * `central/store/packs.ts`; returned packs are not settled sales), with their face value (tickets per
 * pack × price).
 */
export async function settledPacks(q: Queryable, retailer: string, from: string, to: string): Promise<{ count: number; value_cents: number }> {
  const rows = await q.query<{ game: string; n: number | string }>(
    `SELECT s.game, count(*) AS n FROM pack_states s JOIN terminals t ON t.terminal_id = s.terminal_id
      WHERE t.retailer = $1 AND s.state = 'settled' AND s.settled_at >= $2 AND s.settled_at < $3
      GROUP BY s.game`,
    [retailer, from, to],
  );
  let count = 0;
  let value = 0;
  for (const r of rows) {
    const g = gameByCode(r.game);
    count += Number(r.n);
    value += Number(r.n) * (g.pack_size ?? 0) * g.price_cents;
  }
  return { count, value_cents: value };
}

/** The statement of `retailer` for ISO week `week` (`YYYY-Www`). */
export async function retailerStatement(c: Central, retailer: string, week: string): Promise<RetailerStatement> {
  let bounds: { from: string; to: string };
  try {
    bounds = isoWeekBounds(week);
  } catch (err) {
    throw new CentralError('bad_week', (err as Error).message);
  }
  const terminals = (await c.db.query<{ terminal_id: string }>('SELECT terminal_id FROM terminals WHERE retailer = $1 ORDER BY terminal_id', [retailer])).map((r) => r.terminal_id);
  if (terminals.length === 0) throw new CentralError('unknown_retailer', `no terminal belongs to a retailer '${retailer}'`, 404);
  const rows = await c.db.query<{ kind: string; n: number | string; cents: number | string }>(
    `SELECT j.payload->'money'->>'kind' AS kind, sum((l->>'count')::bigint) AS n, sum((l->>'amount_cents')::bigint) AS cents
       FROM journal_entries j
       CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.payload->'money'->'lines') = 'array' THEN j.payload->'money'->'lines' ELSE '[]'::jsonb END) AS l
      WHERE j.terminal_id = ANY($1::text[]) AND j.at >= $2 AND j.at < $3
      GROUP BY 1`,
    [terminals, bounds.from, bounds.to],
  );
  const tally = (kind: string): { count: number; amount_cents: number } => {
    const r = rows.find((x) => x.kind === kind);
    return { count: Number(r?.n ?? 0), amount_cents: Number(r?.cents ?? 0) };
  };
  const config = await currentConfig(c.db);
  const sales_bp = rate(config, 'commission_sales_bp', DEFAULT_COMMISSION_SALES_BP);
  const cashing_bp = rate(config, 'commission_cashing_bp', DEFAULT_COMMISSION_CASHING_BP);
  const sales = tally('sale');
  const voids = tally('void');
  const payouts = tally('payout');
  const net = sales.amount_cents - voids.amount_cents;
  const salesCommission = share(Math.max(0, net), sales_bp);
  const cashingCommission = share(payouts.amount_cents, cashing_bp);
  const total = salesCommission + cashingCommission;
  return RetailerStatement.parse({
    retailer,
    week,
    ...bounds,
    terminals,
    sales,
    voids,
    net_sales_cents: net,
    payouts,
    claims: tally('claim'),
    commission_rates: { sales_bp, cashing_bp },
    commissions: { sales_cents: salesCommission, cashing_cents: cashingCommission, total_cents: total },
    settled_packs: await settledPacks(c.db, retailer, bounds.from, bounds.to),
    amount_due_cents: net - payouts.amount_cents - total,
    computed_at: c.now(),
  });
}

/** A terminal's retailer's statements: `week` (default central's current week) and the one before. */
export async function terminalStatements(c: Central, terminalId: string, week?: string): Promise<StatementAnswer> {
  const retailer = (await c.db.query<{ retailer: string }>('SELECT retailer FROM terminals WHERE terminal_id = $1', [terminalId]))[0]?.retailer;
  if (retailer === undefined) throw new CentralError('unknown_terminal', `no terminal ${terminalId}`, 404);
  const current = week ?? isoWeekOf(c.now());
  return { current: await retailerStatement(c, retailer, current), previous: await retailerStatement(c, retailer, previousIsoWeek(current)) };
}
