/**
 * Sales central holds suspect (#19): a paper ticket sold after it was paid (a scratched ticket sold
 * again), or from a pack returned or stop-listed before the sale. The counter refuses such a sale itself (main/services/sales/sell.ts); one in a push is the
 * retailer's word against central's facts: it is stored and still counted (the shop took the money),
 * and recorded as an integrity alert for the lottery, one per entry.
 */
import { packNumberOf, type WireJournalEntry } from '../../common/protocol/index.js';
import { gameByCode, isGameCode } from '../../games/index.js';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { insertIntegrityAlert } from './queries/journals.js';
import { saleFacts } from './queries/uncredited.js';

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
