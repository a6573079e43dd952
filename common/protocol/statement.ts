/**
 * The retailer's account, per ISO week: what central computes from the terminals' journals and its own
 * digital sales, and sends to a terminal (GET /v1/statement, signed), and the ISO week arithmetic both
 * sides share. A week is closed once central's clock passed its end: its statement is issued once and
 * never changes; what central learns later (an entry of that week pushed late, a chargeback) is an
 * adjustment of the week in which central learnt it (#19).
 */
import { z } from 'zod';

/** Commission on net sales, in basis points (configuration `commission_sales_bp`): 5 %. */
export const DEFAULT_COMMISSION_SALES_BP = 500;
/** Commission on prizes cashed at the counter, in basis points (configuration `commission_cashing_bp`): 1 %. */
export const DEFAULT_COMMISSION_CASHING_BP = 100;

const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/** Monday 00:00 UTC of ISO week 1 of `year`. */
function weekOneMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const dow = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0
  return jan4 - dow * 86_400_000;
}

/** The ISO week (`YYYY-Www`) an instant falls in, in UTC. */
export function isoWeekOf(at: Date | string): string {
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const d = new Date(t);
  let year = d.getUTCFullYear();
  if (t >= weekOneMonday(year + 1)) year += 1;
  else if (t < weekOneMonday(year)) year -= 1;
  const week = Math.floor((t - weekOneMonday(year)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The UTC bounds [from, to) of an ISO week; throws a RangeError for anything but a real `YYYY-Www`. */
export function isoWeekBounds(week: string): { from: string; to: string } {
  const m = ISO_WEEK.exec(week);
  if (!m) throw new RangeError(`'${week}' is not an ISO week: write YYYY-Www, e.g. 2026-W49`);
  const year = Number(m[1]);
  const n = Number(m[2]);
  const from = weekOneMonday(year) + (n - 1) * 7 * 86_400_000;
  if (n < 1 || from >= weekOneMonday(year + 1)) throw new RangeError(`${year} has no week ${n}`);
  return { from: new Date(from).toISOString(), to: new Date(from + 7 * 86_400_000).toISOString() };
}

/** The ISO week before `week`. */
export function previousIsoWeek(week: string): string {
  return isoWeekOf(new Date(Date.parse(isoWeekBounds(week).from) - 86_400_000));
}

const Tally = z.object({ count: z.number().int().nonnegative(), amount_cents: z.number().int().nonnegative() });

export const RetailerStatement = z.object({
  retailer: z.string(),
  week: z.string().regex(ISO_WEEK),
  /** UTC bounds [from, to) of the week; entries count by the time the terminal journaled them. */
  from: z.string(),
  to: z.string(),
  terminals: z.array(z.string()),
  /** Tickets sold (count) and their price: paper from the journals, digital from central's own sales; voids of paper sales; net sales = sales − voids. */
  sales: Tally,
  /** The digital units central handed out in the week and did not void (part of `sales`): billed whether or not a terminal journaled them. */
  digital_sales: Tally,
  voids: Tally,
  net_sales_cents: z.number().int(),
  /** Prizes paid at the retailer's counters. */
  payouts: Tally,
  /** Prizes above the payout limit sent to the lottery (claim forms): not cash of the retailer. */
  claims: Tally,
  commission_rates: z.object({ sales_bp: z.number().int().nonnegative(), cashing_bp: z.number().int().nonnegative() }),
  commissions: z.object({ sales_cents: z.number().int(), cashing_cents: z.number().int(), total_cents: z.number().int() }),
  /** Packs settled in the week (from central's pack settlement when present, else 0). */
  settled_packs: z.object({ count: z.number().int().nonnegative(), value_cents: z.number().int().nonnegative() }),
  /** Facts of earlier, closed weeks central learnt this week. */
  adjustments: z.object({
    /** Entries journaled in an earlier week that central received this week (a late push). */
    late_sales: Tally,
    late_voids: Tally,
    late_payouts: Tally,
    late_claims: Tally,
    /** The earliest journal time among them (null: none). */
    late_since: z.string().nullable(),
    /** Second payouts of tickets paid twice, charged back to this retailer (its terminal paid second). */
    chargebacks: Tally,
    /** Chargebacks of earlier weeks written off this week (given back). */
    chargebacks_written_off: Tally,
    /** Late net sales − late payouts + chargebacks − chargebacks written off. */
    amount_cents: z.number().int(),
  }),
  /** Disagreements listed, not billed twice. */
  exceptions: z.object({
    /** Tickets this retailer paid first that another terminal paid again (found this week): its payout stands. */
    paid_first: Tally,
    /** Digital units central made final this week that no sale entry of the terminal names (billed all the same). */
    digital_not_journaled: z.number().int().nonnegative(),
    /** Digital lines journaled this week whose sale central never made or voided (not billed). */
    digital_not_sold: z.number().int().nonnegative(),
  }),
  /** What the retailer owes the lottery for the week (negative: the lottery owes the retailer): net sales − payouts − commissions + adjustments. */
  amount_due_cents: z.number().int(),
  /** Closed: central's clock is past the week's end, and this is the statement issued then (it never changes). */
  closed: z.boolean(),
  computed_at: z.string(),
});
export type RetailerStatement = z.infer<typeof RetailerStatement>;

export const StatementQuery = z.object({
  /** The week (default: central's current week). */
  week: z.string().regex(ISO_WEEK).optional(),
});

/** The terminal's retailer's statements: the week asked (or the current one) and the week before. */
export const StatementAnswer = z.object({ current: RetailerStatement, previous: RetailerStatement });
export type StatementAnswer = z.infer<typeof StatementAnswer>;
