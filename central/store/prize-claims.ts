/**
 * Prize claims central records from the terminals' journals: a 'claim' entry (a prize above the payout
 * limit: the player got a claim form) or a 'claim.receipt' entry (a winner refused while central was
 * unreachable and the offline limits were reached: the player got a claim receipt to bring back).
 * Listed by `guichet central claims`.
 */
import type { WireJournalEntry } from '../../common/protocol/index.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { insertPrizeClaim, prizeClaimRows, type NewPrizeClaim, type PrizeClaimKind } from './queries/prize-claims.js';

export type { PrizeClaimKind } from './queries/prize-claims.js';

/** A claim as `guichet central claims` lists it: the recorded claim, its terminal, retailer and journal entry. */
export interface PrizeClaim extends Omit<NewPrizeClaim, 'seq'> {
  terminal: string;
  retailer: string;
  journal_seq: number;
}

const KIND_OF_ENTRY: Readonly<Record<string, PrizeClaimKind>> = { claim: 'over-limit', 'claim.receipt': 'central-unreachable' };

/** Inside a push's transaction: one row per new claim entry (a push retried stores nothing twice). */
export async function recordPrizeClaims(c: Central, tx: Queryable, terminalId: string, fresh: readonly WireJournalEntry[]): Promise<number> {
  let n = 0;
  for (const e of fresh) {
    const kind = KIND_OF_ENTRY[e.type];
    if (!kind) continue;
    const p = e.payload as { game?: unknown; emission?: unknown; block?: unknown; unit?: unknown; amount_cents?: unknown; receipt_no?: unknown; reason?: unknown };
    if (typeof p.game !== 'string' || typeof p.emission !== 'number' || typeof p.block !== 'number' || typeof p.unit !== 'number') continue;
    n += await insertPrizeClaim(tx, terminalId, {
      seq: e.seq,
      kind,
      ticket: `${p.game}/${p.emission}/${p.block}/${p.unit}`,
      amount_cents: typeof p.amount_cents === 'number' ? p.amount_cents : 0,
      receipt_no: typeof p.receipt_no === 'number' ? p.receipt_no : null,
      reason: typeof p.reason === 'string' ? p.reason : null,
      filed_at: e.at,
      received_at: c.now(),
    });
  }
  return n;
}

/** Every claim filed at a terminal, oldest first. */
export async function prizeClaims(c: Central): Promise<PrizeClaim[]> {
  const rows = await prizeClaimRows(c.db);
  return rows.map((r) => ({
    terminal: r.terminal_id,
    retailer: r.retailer ?? '',
    journal_seq: Number(r.seq),
    kind: r.kind,
    ticket: r.ticket,
    amount_cents: Number(r.amount_cents),
    receipt_no: r.receipt_no === null ? null : Number(r.receipt_no),
    reason: r.reason,
    filed_at: r.filed_at,
    received_at: r.received_at,
  }));
}
