/**
 * Sales from central's own facts (#19, #39).
 *
 * - **The amount** (`uncreditedSales`): a paper sale's money block is the retailer's word. Central prices
 *   each ticket line at its game's price (games/, the rules that drew the tickets) and takes the block as
 *   journaled only when it says at least that, per paper game (tickets and cents: saying more only costs
 *   the retailer, who owes it). A block that says less (ten tickets journaled as 1 cent, a line priced
 *   below its game, no block at all) is stored as signed, listed in `uncredited_entries` as 'sale_amount'
 *   with an integrity alert, and the statement bills central's figure for its lines instead
 *   (store/queries/statements.ts). Its voids take nothing back (store/void-checks.ts: a void only of a
 *   sale central credited as journaled).
 * - **The tickets** (`checkSales`): a paper ticket sold after it was paid (a scratched ticket sold
 *   again), or from a pack returned or stop-listed before the sale. The counter refuses such a sale
 *   itself (main/services/sales/sell.ts); one in a push is the retailer's word against central's facts:
 *   it is stored and still counted (the shop took the money), and recorded as an integrity alert for the
 *   lottery, one per entry.
 */
import { packNumberOf, type WireJournalEntry } from '../../common/protocol/index.js';
import { gameByCode, isGameCode } from '../../games/index.js';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { insertIntegrityAlert } from './queries/journals.js';
import { recordUncredited, saleFacts, type UncreditedRow } from './queries/uncredited.js';

/** Count and cents per paper game. */
type Totals = Map<string, { count: number; cents: number }>;

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const euros = (c: number): string => `${(c / 100).toFixed(2)} €`;
const paperGame = (g: unknown): g is string => typeof g === 'string' && isGameCode(g) && gameByCode(g).kind === 'paper';
const sumCents = (t: Totals): number => [...t.values()].reduce((n, x) => n + x.cents, 0);
/** The journaled block says at least central's figure for every paper game of the sale's tickets. */
const covers = (journaled: Totals, billed: Totals): boolean => [...billed].every(([g, x]) => (journaled.get(g)?.count ?? 0) >= x.count && (journaled.get(g)?.cents ?? 0) >= x.cents);

/** Central's figure for a sale: each paper ticket line at its game's price. */
function billedTotals(payload: Record<string, unknown>): Totals {
  const out: Totals = new Map();
  const lines = payload.lines;
  for (const l of Array.isArray(lines) ? (lines as { game?: unknown }[]) : []) {
    const game = (l as { game?: unknown } | null)?.game;
    if (!paperGame(game)) continue;
    const t = out.get(game) ?? { count: 0, cents: 0 };
    out.set(game, { count: t.count + 1, cents: t.cents + gameByCode(game).price_cents });
  }
  return out;
}

/** What the sale's money block says of its paper games, as the statement would count it (a line that is not whole numbers says 0). */
function journaledTotals(payload: Record<string, unknown>): Totals {
  const out: Totals = new Map();
  const money = payload.money as { kind?: unknown; lines?: unknown } | undefined;
  // A block of another kind (or none) counts nothing on the statement: it says nothing was sold.
  const lines = money?.kind === 'sale' ? money.lines : undefined;
  for (const l of Array.isArray(lines) ? (lines as { game?: unknown; count?: unknown; amount_cents?: unknown }[]) : []) {
    const game = (l as { game?: unknown } | null)?.game;
    if (!paperGame(game)) continue;
    const t = out.get(game) ?? { count: 0, cents: 0 };
    out.set(game, { count: t.count + (whole(l.count) ? l.count : 0), cents: t.cents + (whole(l.amount_cents) ? l.amount_cents : 0) });
  }
  return out;
}

/**
 * Inside a push's transaction, before its voids are judged: every new paper sale whose money block says
 * less than its ticket lines at their games' prices is recorded uncredited ('sale_amount', with an integrity
 * alert); answers their seqs. `uncredited`: the push's entries already uncredited (a disabled terminal's).
 */
export async function uncreditedSales(c: Central, tx: Queryable, terminalId: string, fresh: readonly WireJournalEntry[], uncredited: ReadonlySet<number>): Promise<Set<number>> {
  const refused: UncreditedRow[] = [];
  for (const e of fresh) {
    if (e.type !== 'sale' || uncredited.has(e.seq)) continue;
    const billed = billedTotals(e.payload);
    const journaled = journaledTotals(e.payload);
    if (covers(journaled, billed)) continue;
    const tickets = [...billed.values()].reduce((n, x) => n + x.count, 0);
    refused.push({
      seq: e.seq,
      type: 'sale',
      ticket: null,
      at: e.at,
      amount_cents: sumCents(journaled),
      offline: false,
      reason: 'sale_amount',
      detail: `entry ${e.seq} (sale): journaled ${euros(sumCents(journaled))} for its paper tickets; its ${tickets} ticket line(s) at their games' prices make ${euros(sumCents(billed))}, which central bills instead`,
    });
  }
  await recordUncredited(tx, terminalId, c.now(), refused, fresh);
  return new Set(refused.map((r) => r.seq));
}

interface SoldTicket {
  seq: number;
  ticket: string;
  pack: string;
  packRef: string;
}

function soldTickets(fresh: readonly WireJournalEntry[]): SoldTicket[] {
  const out: SoldTicket[] = [];
  for (const e of fresh) {
    if (e.type !== 'sale') continue;
    const lines = (e.payload as { lines?: unknown }).lines;
    if (!Array.isArray(lines)) continue;
    for (const l of lines as { game?: unknown; emission?: unknown; block?: unknown; unit?: unknown }[]) {
      const { game, emission, block, unit } = l ?? {};
      if (typeof game !== 'string' || !isGameCode(game) || typeof emission !== 'number' || typeof block !== 'number' || typeof unit !== 'number') continue;
      const size = gameByCode(game).pack_size;
      if (size === undefined || !Number.isSafeInteger(unit) || unit < 0) continue;
      const pack = Math.floor(unit / size);
      out.push({ seq: e.seq, ticket: `${game}/${emission}/${block}/${unit}`, pack: `${game}/${emission}/${block}/${pack}`, packRef: packNumberOf(GAME_NUMBERS[game], { emission, block, pack }) });
    }
  }
  return out;
}

/**
 * Inside a push's transaction, before its payouts are reconciled: an integrity alert for each new sale of
 * a ticket paid before it (at central, or by an earlier entry of the same batch), or of a pack returned
 * or stop-listed before it.
 */
export async function checkSales(c: Central, tx: Queryable, terminalId: string, fresh: readonly WireJournalEntry[]): Promise<number> {
  const sold = soldTickets(fresh);
  if (sold.length === 0) return 0;
  const facts = await saleFacts(
    tx,
    sold.map((s) => s.ticket),
    sold.map((s) => s.pack),
    sold.flatMap((s) => [s.packRef, s.packRef.replace(/-/g, '')]),
  );
  const paid = new Map(facts.paid.map((r) => [r.ticket, { terminal: r.terminal_id, at: r.at }]));
  // Payouts of this batch, first of each ticket, as if already paid for the entries after them.
  for (const e of fresh) {
    if (e.type !== 'payout') continue;
    const p = e.payload as { game?: unknown; emission?: unknown; block?: unknown; unit?: unknown };
    const key = `${String(p.game)}/${String(p.emission)}/${String(p.block)}/${String(p.unit)}`;
    if (!paid.has(key)) paid.set(key, { terminal: terminalId, at: e.at });
  }
  const returned = new Map(facts.returned.map((r) => [r.k, r.at]));
  const stopped = new Map(facts.stopped.map((r) => [r.pack.replace(/-/g, ''), r.at]));
  const alerted = new Set<number>();
  const now = c.now();
  for (const s of sold) {
    if (alerted.has(s.seq)) continue;
    const e = fresh.find((x) => x.seq === s.seq)!;
    const before = (at: string | undefined): boolean => at !== undefined && at < e.at;
    const p = paid.get(s.ticket);
    const stop = stopped.get(s.packRef.replace(/-/g, ''));
    let why: [string, string] | null = null;
    if (p && before(p.at)) why = ['sale_paid_ticket', `sells ticket ${s.ticket}, paid on ${p.at} at terminal ${p.terminal}`];
    else if (before(returned.get(s.pack))) why = ['sale_pack_returned', `sells ticket ${s.ticket} of pack ${s.packRef}, returned on ${returned.get(s.pack)!}`];
    else if (before(stop)) why = ['sale_stop_listed', `sells ticket ${s.ticket} of pack ${s.packRef}, on the lottery's stop list since ${stop!}`];
    if (!why) continue;
    alerted.add(s.seq);
    await insertIntegrityAlert(tx, terminalId, now, { reason: why[0], at_seq: s.seq, held_hash: null, offered_hash: e.hash, detail: `entry ${s.seq} (sale): ${why[1]}` });
  }
  return alerted.size;
}
