/** SQL of `prize_claims`, the claim forms and claim receipts filed at terminals (the rules: store/prize-claims.ts). */
import type { Queryable } from '../db.js';

export type PrizeClaimKind = 'over-limit' | 'central-unreachable';

export interface NewPrizeClaim {
  seq: number;
  kind: PrizeClaimKind;
  ticket: string;
  amount_cents: number;
  receipt_no: number | null;
  reason: string | null;
  filed_at: string;
  received_at: string;
}

/** Records a claim entry once; 1 when new, 0 when that entry was recorded before. */
export async function insertPrizeClaim(tx: Queryable, terminalId: string, p: NewPrizeClaim): Promise<number> {
  return tx.execute(
    `INSERT INTO prize_claims (terminal_id, seq, kind, ticket, amount_cents, receipt_no, reason, filed_at, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (terminal_id, seq) DO NOTHING`,
    [terminalId, p.seq, p.kind, p.ticket, p.amount_cents, p.receipt_no, p.reason, p.filed_at, p.received_at],
  );
}

export interface PrizeClaimRow {
  terminal_id: string; retailer: string | null; seq: number; kind: PrizeClaimKind; ticket: string; amount_cents: number;
  receipt_no: number | null; reason: string | null; filed_at: string; received_at: string;
}

/** Every claim filed at a terminal with its retailer, oldest first. */
export async function prizeClaimRows(q: Queryable): Promise<PrizeClaimRow[]> {
  return q.query<PrizeClaimRow>(
    `SELECT p.terminal_id, t.retailer, p.seq, p.kind, p.ticket, p.amount_cents, p.receipt_no, p.reason, p.filed_at, p.received_at
       FROM prize_claims p LEFT JOIN terminals t ON t.terminal_id = p.terminal_id
      ORDER BY p.filed_at, p.terminal_id, p.seq`,
  );
}
