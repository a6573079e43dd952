/** SQL of `prize_claim_payments`, the payments of filed prize claims recorded at central (the rules: store/claim-payments.ts). */
import type { IdKind, PaymentMethod } from '../../../common/console/claims.js';
import type { Queryable } from '../db.js';
import type { PrizeClaimRow } from './prize-claims.js';

export interface ClaimPaymentRow {
  terminal_id: string;
  seq: number | string;
  ticket: string;
  amount_cents: number | string;
  winner_name: string;
  id_kind: IdKind;
  id_number: string;
  address: string | null;
  method: PaymentMethod;
  reference: string;
  paid_on: string;
  proposed_by: string | null;
  recorded_by: string;
  recorded_at: string;
}

const COLUMNS = 'terminal_id, seq, ticket, amount_cents, winner_name, id_kind, id_number, address, method, reference, paid_on, proposed_by, recorded_by, recorded_at';

/** Every recorded payment. */
export async function claimPaymentRows(q: Queryable): Promise<ClaimPaymentRow[]> {
  return q.query<ClaimPaymentRow>(`SELECT ${COLUMNS} FROM prize_claim_payments ORDER BY recorded_at, terminal_id, seq`);
}

/** The payment recorded for claim (terminal, seq), or for its ticket by another claim. */
export async function claimPaymentOf(q: Queryable, terminalId: string, seq: number, ticket: string): Promise<ClaimPaymentRow | undefined> {
  return (await q.query<ClaimPaymentRow>(`SELECT ${COLUMNS} FROM prize_claim_payments WHERE (terminal_id = $1 AND seq = $2) OR ticket = $3 LIMIT 1`, [terminalId, seq, ticket]))[0];
}

/** One filed claim, with its terminal's retailer. */
export async function prizeClaimRow(q: Queryable, terminalId: string, seq: number): Promise<PrizeClaimRow | undefined> {
  return (
    await q.query<PrizeClaimRow>(
      `SELECT p.terminal_id, t.retailer, p.seq, p.kind, p.ticket, p.amount_cents, p.receipt_no, p.reason, p.filed_at, p.received_at
         FROM prize_claims p LEFT JOIN terminals t ON t.terminal_id = p.terminal_id WHERE p.terminal_id = $1 AND p.seq = $2`,
      [terminalId, seq],
    )
  )[0];
}

export async function insertClaimPayment(tx: Queryable, p: Omit<ClaimPaymentRow, 'seq' | 'amount_cents'> & { seq: number; amount_cents: number }): Promise<void> {
  await tx.execute(`INSERT INTO prize_claim_payments (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`, [
    p.terminal_id,
    p.seq,
    p.ticket,
    p.amount_cents,
    p.winner_name,
    p.id_kind,
    p.id_number,
    p.address,
    p.method,
    p.reference,
    p.paid_on,
    p.proposed_by,
    p.recorded_by,
    p.recorded_at,
  ]);
}

/** Marks a ticket paid by the lottery's office in `ticket_claims` (a terminal then answers it already paid). */
export async function markPaidAtOffice(tx: Queryable, ticket: string, office: string, prize: number, at: string): Promise<void> {
  await tx.execute(
    `INSERT INTO ticket_claims (ticket, state, terminal_id, prize_cents, claimed_at, paid_at, amount_cents, offline) VALUES ($1, 'paid', $2, $3, $4, $4, $3, false)
     ON CONFLICT (ticket) DO UPDATE SET state = 'paid', terminal_id = $2, claim_key = NULL, prize_cents = $3, held_until = NULL, paid_at = $4, paid_seq = NULL, amount_cents = $3, offline = false`,
    [ticket, office, prize, at],
  );
}
