/**
 * X and Z reports, computed from the journal alone: per game, counts and totals of sales, voids, payouts
 * and claims (entries whose payload has `money`, see main/kernel/money.ts), plus the cash moved in and
 * out; expected cash = float + sales − voids − payouts + cash in − cash out.
 */
import { GAME_CODES } from '../../../games/index.js';
import { reportRows } from '../../../db/queries/journal.js';
import { CASH_SIGN, type Money, type MoneyKind } from '../../kernel/money.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export interface Tally {
  readonly count: number;
  readonly amount_cents: number;
}

export interface KindTotals {
  readonly sales: Tally;
  readonly voids: Tally;
  readonly payouts: Tally;
  readonly claims: Tally;
  /** sales − voids. */
  readonly net_sales_cents: number;
}

export interface GameTotals extends KindTotals {
  readonly game: string;
}

export interface Totals {
  /** Every known game, in GAMES order, then any other game met in the journal. */
  readonly games: GameTotals[];
  readonly all: KindTotals;
}

export interface CashCount {
  readonly float_cents: number;
  readonly sales_cents: number;
  readonly voids_cents: number;
  readonly payouts_cents: number;
  readonly cash_in_cents: number;
  readonly cash_out_cents: number;
  /** Times the cash drawer was opened in the period ('drawer.open' entries). */
  readonly drawer_openings: number;
  readonly expected_cents: number;
  /** Z only: what the manager counted, the difference (counted − expected) and who confirmed it. */
  readonly counted_cents: number | null;
  readonly difference_cents: number | null;
  readonly difference_confirmed_by: string | null;
}

export interface CashReport {
  readonly kind: 'X' | 'Z';
  readonly terminal: string;
  /** Z number (sequential per terminal); null for X. */
  readonly z_number: number | null;
  readonly session: {
    readonly id: number;
    readonly opened_at: string;
    readonly opened_by: string;
    readonly closed_at: string | null;
    readonly closed_by: string | null;
  };
  /** Journal entries counted: from_seq to to_seq inclusive (from_seq > to_seq when there were none). */
  readonly period: { readonly from_seq: number; readonly to_seq: number };
  readonly generated_at: string;
  readonly generated_by: string;
  readonly totals: Totals;
  readonly cash: CashCount;
  /** Z only: the totals since the terminal's first start, this Z included. */
  readonly perpetual: Totals | null;
}

const KEY: Record<MoneyKind, keyof Omit<KindTotals, 'net_sales_cents'>> = { sale: 'sales', void: 'voids', payout: 'payouts', claim: 'claims' };

interface Acc {
  sales: { count: number; amount_cents: number };
  voids: { count: number; amount_cents: number };
  payouts: { count: number; amount_cents: number };
  claims: { count: number; amount_cents: number };
}

const zero = (): Acc => ({ sales: { count: 0, amount_cents: 0 }, voids: { count: 0, amount_cents: 0 }, payouts: { count: 0, amount_cents: 0 }, claims: { count: 0, amount_cents: 0 } });

function finish(a: Acc): KindTotals {
  return { sales: { ...a.sales }, voids: { ...a.voids }, payouts: { ...a.payouts }, claims: { ...a.claims }, net_sales_cents: a.sales.amount_cents - a.voids.amount_cents };
}

function accOf(k: KindTotals): Acc {
  return { sales: { ...k.sales }, voids: { ...k.voids }, payouts: { ...k.payouts }, claims: { ...k.claims } };
}

function addInto(into: Acc, from: Acc): void {
  for (const k of ['sales', 'voids', 'payouts', 'claims'] as const) {
    into[k].count += from[k].count;
    into[k].amount_cents += from[k].amount_cents;
  }
}

function totalsOf(byGame: Map<string, Acc>): Totals {
  const all = zero();
  const order = [...GAME_CODES, ...[...byGame.keys()].filter((g) => !(GAME_CODES as readonly string[]).includes(g)).sort()];
  const games = order.map((game) => {
    const acc = byGame.get(game) ?? zero();
    addInto(all, acc);
    return { game, ...finish(acc) };
  });
  return { games, all: finish(all) };
}

export interface PeriodSums {
  readonly totals: Totals;
  readonly cash_delta_cents: number;
  readonly cash_in_cents: number;
  readonly cash_out_cents: number;
  readonly drawer_openings: number;
}

/** Adds up the journal entries in (afterSeq, uptoSeq]. */
export function sumPeriod(t: LotteryTerminal, afterSeq: number, uptoSeq: number): PeriodSums {
  const byGame = new Map<string, Acc>();
  let cashDelta = 0;
  let cashIn = 0;
  let cashOut = 0;
  let drawerOpenings = 0;
  for (const row of reportRows(t.db, afterSeq, uptoSeq)) {
    const payload = JSON.parse(row.payload) as { money?: Money; amount_cents?: number };
    if (row.type === 'cash.in') cashIn += payload.amount_cents ?? 0;
    else if (row.type === 'cash.out') cashOut += payload.amount_cents ?? 0;
    else if (row.type === 'drawer.open') drawerOpenings++;
    const money = payload.money;
    if (!money) continue;
    const key = KEY[money.kind];
    for (const line of money.lines) {
      let acc = byGame.get(line.game);
      if (!acc) byGame.set(line.game, (acc = zero()));
      acc[key].count += line.count;
      acc[key].amount_cents += line.amount_cents;
      cashDelta += CASH_SIGN[money.kind] * line.amount_cents;
    }
  }
  return { totals: totalsOf(byGame), cash_delta_cents: cashDelta, cash_in_cents: cashIn, cash_out_cents: cashOut, drawer_openings: drawerOpenings };
}

/** The perpetual totals after a period: the previous Z's perpetual totals plus this period's. */
export function addTotals(previous: Totals | null, period: Totals): Totals {
  const byGame = new Map<string, Acc>();
  for (const source of [previous, period]) {
    if (!source) continue;
    for (const g of source.games) {
      let acc = byGame.get(g.game);
      if (!acc) byGame.set(g.game, (acc = zero()));
      addInto(acc, accOf(g));
    }
  }
  return totalsOf(byGame);
}
