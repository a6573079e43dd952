/**
 * The retailer's account per ISO week, computed from the journals central holds (the same `money`
 * blocks the terminals' X/Z reports add up, of the money entry types only: store/entry-checks.ts): sales, voids, payouts, claims, the commissions (a share of
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
import { MONEY_ENTRY_TYPES } from './entry-checks.js';
import { currentConfig } from './feed.js';
import { moneyTotalsByKind, settledPacksByGame } from './queries/statements.js';
import { retailerOfTerminal, terminalsOfRetailer } from './queries/terminals.js';

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
  const rows = await settledPacksByGame(q, retailer, from, to);
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
  const terminals = await terminalsOfRetailer(c.db, retailer);
  if (terminals.length === 0) throw new CentralError('unknown_retailer', `no terminal belongs to a retailer '${retailer}'`, 404);
  const rows = await moneyTotalsByKind(c.db, terminals, bounds.from, bounds.to, MONEY_ENTRY_TYPES);
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
  const retailer = await retailerOfTerminal(c.db, terminalId);
  if (retailer === undefined) throw new CentralError('unknown_terminal', `no terminal ${terminalId}`, 404);
  const current = week ?? isoWeekOf(c.now());
  return { current: await retailerStatement(c, retailer, current), previous: await retailerStatement(c, retailer, previousIsoWeek(current)) };
}
