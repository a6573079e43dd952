/**
 * Voids from central's own facts (#39). The retailer holds the terminal's key, so a `void` entry is only
 * the retailer's word: a void's money is money back to the retailer (the statement subtracts it). Inside
 * a push, central credits a void only when it reverses a sale central credited, as the counter allows
 * one (main/services/sales/void.ts):
 *
 * - **its sale**: a `sale` entry of the same terminal, journaled before the void, with the void's
 *   `sale_id` and `voided_receipt_no` as its `sale_id` and `receipt_no`, and credited (not itself in
 *   `uncredited_entries`) — else 'void_no_sale';
 * - **the same cash session**: the counter voids only sales of the open cash session, so the void names
 *   the sale's `cash_session_id` and no `session.open` or `session.close` lies between the two in the
 *   journal — else 'void_other_session';
 * - **its lines**: `positions` (absent: every line of the sale), each a line of the sale, named once —
 *   else 'void_lines'; none voided by an earlier credited void — else 'void_twice';
 * - **its amount, from the sale**: the void's money lines (count and cents per game) and `amount_cents`
 *   are exactly the sale's lines at those positions, and the sale's lines add up to the money central
 *   credited for the sale (so all its voids together never give back more than the sale brought) — else
 *   'void_amount'. What the statement counts is then what central derived from the sale.
 *
 * Any other void is stored as signed (the chain stays whole), listed in `uncredited_entries` with an
 * integrity alert (store/payout-checks.ts's table and helper), and counts nothing on any statement.
 * A void journaled after central disabled the terminal is already uncredited there ('terminal_disabled').
 */
import type { WireJournalEntry } from '../../common/protocol/index.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { recordUncredited, type UncreditedRow } from './queries/uncredited.js';
import { lastSessionBound, salesByIds, voidWindow, type HeldEntry } from './queries/voids.js';

/** Why central does not credit a void (the integrity alert's reason). */
export type VoidReason = 'void_no_sale' | 'void_other_session' | 'void_lines' | 'void_amount' | 'void_twice';

/** Count and cents per game. */
type Totals = Map<string, { count: number; cents: number }>;

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const euros = (c: number): string => `${(c / 100).toFixed(2)} €`;
const saleKey = (saleId: unknown, receiptNo: unknown): string => `${String(saleId)}/${String(receiptNo)}`;

/** A money block's lines as totals per game (entry-checks.ts checked them: whole numbers, known games). */
function moneyTotals(payload: Record<string, unknown>): Totals {
  const out: Totals = new Map();
  const lines = (payload.money as { lines?: unknown } | undefined)?.lines;
  for (const l of Array.isArray(lines) ? (lines as { game?: unknown; count?: unknown; amount_cents?: unknown }[]) : []) {
    const t = out.get(String(l.game)) ?? { count: 0, cents: 0 };
    out.set(String(l.game), { count: t.count + (whole(l.count) ? l.count : 0), cents: t.cents + (whole(l.amount_cents) ? l.amount_cents : 0) });
  }
  return out;
}

const totalCents = (t: Totals): number => [...t.values()].reduce((s, x) => s + x.cents, 0);
const sameTotals = (a: Totals, b: Totals): boolean =>
  a.size === b.size && [...a].every(([game, x]) => b.get(game)?.count === x.count && b.get(game)?.cents === x.cents);

/** A sale's ticket lines (game, price), or null when one is not a line the counter writes. */
function saleLines(sale: HeldEntry): { game: string; price: number }[] | null {
  const lines = sale.payload.lines;
  if (!Array.isArray(lines) || lines.length === 0) return null;
  const out: { game: string; price: number }[] = [];
  for (const l of lines as { game?: unknown; price_cents?: unknown }[]) {
    if (typeof l !== 'object' || l === null || typeof l.game !== 'string' || !whole(l.price_cents)) return null;
    out.push({ game: l.game, price: l.price_cents });
  }
  return out;
}

function linesTotals(lines: readonly { game: string; price: number }[]): Totals {
  const out: Totals = new Map();
  for (const l of lines) {
    const t = out.get(l.game) ?? { count: 0, cents: 0 };
    out.set(l.game, { count: t.count + 1, cents: t.cents + l.price });
  }
  return out;
}

/** The positions a void names (absent: every line of a sale of `n` lines), or null when they are not distinct lines of it. */
function positionsOf(v: HeldEntry, n: number): number[] | null {
  const p = v.payload.positions;
  if (p === undefined) return Array.from({ length: n }, (_, i) => i);
  if (!Array.isArray(p) || p.length === 0 || new Set(p).size !== p.length) return null;
  return p.every((i) => whole(i) && i < n) ? (p as number[]) : null;
}

/**
 * Inside a push's transaction, after the payouts were judged (store/payout-checks.ts, whose uncredited
 * entries are `uncredited`): judges the push's new voids (see the module comment), records those central
 * does not credit with an integrity alert each, and answers their seqs.
 */
export async function uncreditedVoids(c: Central, tx: Queryable, terminalId: string, fresh: readonly WireJournalEntry[], uncredited: ReadonlySet<number>): Promise<Set<number>> {
  const toJudge = new Set(fresh.filter((e) => e.type === 'void' && e.payload.money !== undefined && !uncredited.has(e.seq)).map((e) => e.seq));
  if (toJudge.size === 0) return new Set();
  const first = Math.min(...toJudge);
  const last = Math.max(...toJudge);
  // From the cash session the first new void belongs to: a credited void's sale, and its earlier voids, are in it.
  const bound = await lastSessionBound(tx, terminalId, first);
  const window = await voidWindow(tx, terminalId, bound?.seq ?? 0, bound?.at ?? '', last);
  const notCredited = new Set([...window.uncredited, ...uncredited]);
  const refused: UncreditedRow[] = [];
  const missing: HeldEntry[] = [];
  const refuse = (v: HeldEntry, reason: VoidReason, detail: string): void => {
    refused.push({ seq: v.seq, type: 'void', ticket: null, at: v.at, amount_cents: totalCents(moneyTotals(v.payload)), offline: false, reason, detail: `entry ${v.seq} (void): ${detail}` });
    notCredited.add(v.seq);
  };
  let sessionFrom = bound?.seq ?? 0;
  const sales = new Map<string, HeldEntry>();
  /** Per sale entry: which of its lines credited voids took back, and by which entry. */
  const voided = new Map<number, Map<number, number>>();

  for (const e of window.entries) {
    if (e.type === 'session.open' || e.type === 'session.close') {
      sessionFrom = e.seq;
      continue;
    }
    if (e.type === 'sale') {
      sales.set(saleKey(e.payload.sale_id, e.payload.receipt_no), e);
      continue;
    }
    const judged = toJudge.has(e.seq);
    if (!judged && notCredited.has(e.seq)) continue;
    const sale = sales.get(saleKey(e.payload.sale_id, e.payload.voided_receipt_no));
    if (!sale) {
      if (judged) missing.push(e);
      continue;
    }
    const lines = saleLines(sale);
    const positions = lines ? positionsOf(e, lines.length) : null;
    if (!judged) {
      // An earlier void central credited: the lines it took back.
      const taken = voided.get(sale.seq) ?? new Map<number, number>();
      for (const i of positions ?? []) taken.set(i, e.seq);
      voided.set(sale.seq, taken);
      continue;
    }
    const receipt = String(e.payload.voided_receipt_no);
    if (sale.seq <= sessionFrom) {
      refuse(e, 'void_other_session', `voids sale receipt ${receipt} (entry ${sale.seq}) of an earlier cash session: entry ${sessionFrom} opened or closed a session between them`);
      continue;
    }
    if (notCredited.has(sale.seq) || (sale.payload.money as { kind?: unknown } | undefined)?.kind !== 'sale') {
      refuse(e, 'void_no_sale', `voids sale receipt ${receipt} (entry ${sale.seq}), whose money central did not credit`);
      continue;
    }
    if (e.payload.cash_session_id !== sale.payload.cash_session_id) {
      refuse(e, 'void_other_session', `names cash session ${String(e.payload.cash_session_id)}, but sale receipt ${receipt} is of cash session ${String(sale.payload.cash_session_id)}`);
      continue;
    }
    if (!lines || !sameTotals(linesTotals(lines), moneyTotals(sale.payload))) {
      refuse(e, 'void_amount', `the lines of sale receipt ${receipt} (entry ${sale.seq}) do not add up to the money central credited for it`);
      continue;
    }
    if (!positions) {
      refuse(e, 'void_lines', `names positions ${JSON.stringify(e.payload.positions)}, not distinct tickets of sale receipt ${receipt} (${lines.length} ticket(s))`);
      continue;
    }
    const taken = voided.get(sale.seq) ?? new Map<number, number>();
    const twice = positions.filter((i) => taken.has(i));
    if (twice.length > 0) {
      refuse(e, 'void_twice', `ticket(s) ${twice.map((i) => i + 1).join(', ')} of sale receipt ${receipt} were already voided by entry ${taken.get(twice[0]!)!}`);
      continue;
    }
    const due = linesTotals(positions.map((i) => lines[i]!));
    const stated = moneyTotals(e.payload);
    if (!sameTotals(due, stated) || e.payload.amount_cents !== totalCents(due)) {
      refuse(e, 'void_amount', `gives back ${euros(totalCents(stated))}, but the ${positions.length} ticket(s) it names of sale receipt ${receipt} were sold for ${euros(totalCents(due))}`);
      continue;
    }
    for (const i of positions) taken.set(i, e.seq);
    voided.set(sale.seq, taken);
  }

  // No sale of that number in the void's stretch of the journal: one of an earlier session, or none at all.
  if (missing.length > 0) {
    const older = await salesByIds(tx, terminalId, bound?.seq ?? 0, [...new Set(missing.map((v) => String(v.payload.sale_id)))]);
    for (const v of missing) {
      const receipt = String(v.payload.voided_receipt_no);
      const sale = older.find((s) => s.sale_id === String(v.payload.sale_id) && s.receipt_no === receipt);
      if (sale) refuse(v, 'void_other_session', `voids sale receipt ${receipt} (entry ${sale.seq}) of an earlier cash session: entry ${bound?.seq ?? 0} opened or closed a session between them`);
      else refuse(v, 'void_no_sale', `voids sale ${String(v.payload.sale_id)}, receipt ${receipt}, which this terminal's journal at central does not hold before it`);
    }
  }
  if (refused.length === 0) return new Set();
  refused.sort((a, b) => a.seq - b.seq);
  await recordUncredited(tx, terminalId, c.now(), refused, fresh);
  return new Set(refused.map((r) => r.seq));
}
