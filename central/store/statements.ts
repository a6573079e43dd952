/**
 * The retailer's account per ISO week, computed from the journals central holds (the same `money`
 * blocks the terminals' X/Z reports add up, of the money entry types only: store/entry-checks.ts, and of
 * the entries central credited: store/payout-checks.ts, void-checks.ts, sale-checks.ts): sales, voids, payouts, claims, the commissions (a share of
 * net sales and a share of the prizes cashed, configuration `commission_sales_bp` / `commission_cashing_bp`
 * in basis points, 5 % and 1 % by default), settled packs, and the amount due to the lottery.
 *
 * #19: digital sales are central's own (digital_sales, never the terminals' word); a week counts the
 * entries journaled in it and received before its end; an entry received later, and a chargeback
 * (store/chargebacks.ts), is an adjustment of the week central received or made it; a closed week's
 * statement is issued once and stored (issued_statements), so nothing later changes it.
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
import { GAMES, gameByCode } from '../../games/index.js';
import { CentralError, type Central } from './context.js';
import type { Queryable } from './db.js';
import { MONEY_ENTRY_TYPES } from './entry-checks.js';
import { currentConfig } from './feed.js';
import { chargebackTotals, paidFirstTotals } from './queries/chargebacks.js';
import { digitalDisagreements, digitalSalesByGame } from './queries/digital.js';
import { insertIssuedStatement, issuedStatement, moneyTotalsByKind, settledPacksByGame } from './queries/statements.js';
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

/** Digital games: central bills its own sales of them, never the terminals' sale lines. */
const DIGITAL_GAMES = GAMES.filter((g) => g.kind === 'digital').map((g) => g.code);
/** Paper games' prices: what central bills a sale whose money block it did not credit (store/sale-checks.ts). */
export const PAPER_PRICES = GAMES.filter((g) => g.kind === 'paper').map((g) => ({ game: g.code, price_cents: g.price_cents }));

/**
 * The statement of `retailer` for ISO week `week` (`YYYY-Www`). A week central's clock is past is
 * closed: its statement is issued once (stored) and answered as issued ever after.
 */
export async function retailerStatement(c: Central, retailer: string, week: string): Promise<RetailerStatement> {
  let bounds: { from: string; to: string };
  try {
    bounds = isoWeekBounds(week);
  } catch (err) {
    throw new CentralError('bad_week', (err as Error).message);
  }
  const now = c.now();
  const closed = Date.parse(now) >= Date.parse(bounds.to);
  if (closed) {
    const issued = await issuedStatement(c.db, retailer, week);
    if (issued !== undefined) return RetailerStatement.parse(issued);
  }
  const statement = await computeStatement(c, retailer, week, bounds, closed, now);
  if (!closed) return statement;
  await insertIssuedStatement(c.db, retailer, week, statement, now);
  return RetailerStatement.parse(await issuedStatement(c.db, retailer, week));
}

async function computeStatement(c: Central, retailer: string, week: string, bounds: { from: string; to: string }, closed: boolean, now: string): Promise<RetailerStatement> {
  const terminals = await terminalsOfRetailer(c.db, retailer);
  if (terminals.length === 0) throw new CentralError('unknown_retailer', `no terminal belongs to a retailer '${retailer}'`, 404, { retailer, rule: 'no_terminal' });
  const own = await moneyTotalsByKind(c.db, terminals, bounds.from, bounds.to, MONEY_ENTRY_TYPES, DIGITAL_GAMES, 'own', PAPER_PRICES);
  const late = await moneyTotalsByKind(c.db, terminals, bounds.from, bounds.to, MONEY_ENTRY_TYPES, DIGITAL_GAMES, 'late', PAPER_PRICES);
  const tally = (rows: typeof own, kind: string): { count: number; amount_cents: number } => {
    const r = rows.find((x) => x.kind === kind);
    return { count: Number(r?.n ?? 0), amount_cents: Number(r?.cents ?? 0) };
  };
  const digital = { count: 0, amount_cents: 0 };
  for (const r of await digitalSalesByGame(c.db, terminals, bounds.from, bounds.to)) {
    digital.count += Number(r.n);
    digital.amount_cents += Number(r.n) * gameByCode(r.game).price_cents;
  }
  const cb = await chargebackTotals(c.db, terminals, bounds.from, bounds.to);
  const chargebacks = { count: Number(cb.charged_n), amount_cents: Number(cb.charged_cents ?? 0) };
  const writtenOff = { count: Number(cb.refunded_n), amount_cents: Number(cb.refunded_cents ?? 0) };
  const first = await paidFirstTotals(c.db, terminals, bounds.from, bounds.to);
  const disagreements = await digitalDisagreements(c.db, terminals, bounds.from, bounds.to);

  const config = await currentConfig(c.db);
  const sales_bp = rate(config, 'commission_sales_bp', DEFAULT_COMMISSION_SALES_BP);
  const cashing_bp = rate(config, 'commission_cashing_bp', DEFAULT_COMMISSION_CASHING_BP);
  const paper = tally(own, 'sale');
  const sales = { count: paper.count + digital.count, amount_cents: paper.amount_cents + digital.amount_cents };
  const voids = tally(own, 'void');
  const payouts = tally(own, 'payout');
  const net = sales.amount_cents - voids.amount_cents;
  const lateSales = tally(late, 'sale');
  const lateVoids = tally(late, 'void');
  const latePayouts = tally(late, 'payout');
  const lateNet = lateSales.amount_cents - lateVoids.amount_cents;
  const adjustment = lateNet - latePayouts.amount_cents + chargebacks.amount_cents - writtenOff.amount_cents;
  // Commissions on what the week bills: its own and its adjustments (a payout charged back earns none).
  const salesCommission = share(Math.max(0, net + lateNet), sales_bp);
  const cashingCommission = share(Math.max(0, payouts.amount_cents + latePayouts.amount_cents - chargebacks.amount_cents + writtenOff.amount_cents), cashing_bp);
  const total = salesCommission + cashingCommission;
  const since = late.map((r) => r.since).filter((x): x is string => typeof x === 'string').sort()[0] ?? null;
  return RetailerStatement.parse({
    retailer,
    week,
    ...bounds,
    terminals,
    sales,
    digital_sales: digital,
    voids,
    net_sales_cents: net,
    payouts,
    claims: tally(own, 'claim'),
    commission_rates: { sales_bp, cashing_bp },
    commissions: { sales_cents: salesCommission, cashing_cents: cashingCommission, total_cents: total },
    settled_packs: await settledPacks(c.db, retailer, bounds.from, bounds.to),
    adjustments: {
      late_sales: lateSales,
      late_voids: lateVoids,
      late_payouts: latePayouts,
      late_claims: tally(late, 'claim'),
      late_since: since,
      chargebacks,
      chargebacks_written_off: writtenOff,
      amount_cents: adjustment,
    },
    exceptions: {
      paid_first: { count: Number(first.n), amount_cents: Number(first.cents ?? 0) },
      digital_not_journaled: disagreements.not_journaled,
      digital_not_sold: disagreements.not_sold,
    },
    amount_due_cents: net - payouts.amount_cents - total + adjustment,
    closed,
    computed_at: now,
  });
}

/** A terminal's retailer's statements: `week` (default central's current week) and the one before. */
export async function terminalStatements(c: Central, terminalId: string, week?: string): Promise<StatementAnswer> {
  const retailer = await retailerOfTerminal(c.db, terminalId);
  if (retailer === undefined) throw new CentralError('unknown_terminal', `no terminal ${terminalId}`, 404, { terminal: terminalId });
  const current = week ?? isoWeekOf(c.now());
  return { current: await retailerStatement(c, retailer, current), previous: await retailerStatement(c, retailer, previousIsoWeek(current)) };
}
