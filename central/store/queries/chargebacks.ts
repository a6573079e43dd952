/** SQL of `exception_settlements`, what became of each payout exception, read with its case (`exception_cases`) (the rules: store/chargebacks.ts). */
import type { Queryable } from '../db.js';

/** Settles the exceptions of `terminal` (it paid second) that have no settlement yet; answers how many. */
export async function settleOpenExceptions(tx: Queryable, terminal: string, at: string, state: 'charged_back' | 'written_off', reason: string): Promise<number> {
  return tx.execute(
    `INSERT INTO exception_settlements (second_terminal, second_seq, exception_id, state, amount_cents, charged_at, written_off_at, reason)
     SELECT x.second_terminal, x.second_seq, x.exception_id, $3, x.second_amount,
            CASE WHEN $3 = 'charged_back' THEN $2 END, CASE WHEN $3 = 'written_off' THEN $2 END, $4
       FROM payout_exceptions x
      WHERE x.second_terminal = $1
        AND NOT EXISTS (SELECT 1 FROM exception_settlements s WHERE s.second_terminal = x.second_terminal AND s.second_seq = x.second_seq)
     ON CONFLICT DO NOTHING`,
    [terminal, at, state, reason],
  );
}

export interface ExceptionStateRow {
  exception_id: number | string;
  ticket: string;
  second_terminal: string;
  second_seq: number | string;
  second_amount: number | string;
  state: 'charged_back' | 'written_off' | null;
  charged_at: string | null;
  written_off_at: string | null;
  reason: string | null;
  /** Its case (exception_cases, #22): who investigates it, and its closing; null when never. */
  investigating_at: string | null;
  investigating_by: string | null;
  note: string | null;
  closed_at: string | null;
  closed_by: string | null;
  close_reason: string | null;
}

const CASE_COLUMNS = 'k.investigating_at, k.investigating_by, k.note, k.closed_at, k.closed_by, k.close_reason';

/** One payout exception and its settlement (locked for update when `lock`). */
export async function exceptionById(q: Queryable, id: number, lock = false): Promise<ExceptionStateRow | undefined> {
  return (
    await q.query<ExceptionStateRow>(
      `SELECT x.exception_id, x.ticket, x.second_terminal, x.second_seq, x.second_amount, s.state, s.charged_at, s.written_off_at, s.reason,
            ${CASE_COLUMNS}
         FROM payout_exceptions x LEFT JOIN exception_settlements s ON s.second_terminal = x.second_terminal AND s.second_seq = x.second_seq
        LEFT JOIN exception_cases k ON k.exception_id = x.exception_id
        WHERE x.exception_id = $1${lock ? ' FOR UPDATE OF x' : ''}`,
      [id],
    )
  )[0];
}

/** Every exception's state by its id. */
export async function exceptionStates(q: Queryable): Promise<ExceptionStateRow[]> {
  return q.query<ExceptionStateRow>(
    `SELECT x.exception_id, x.ticket, x.second_terminal, x.second_seq, x.second_amount, s.state, s.charged_at, s.written_off_at, s.reason,
            ${CASE_COLUMNS}
       FROM payout_exceptions x LEFT JOIN exception_settlements s ON s.second_terminal = x.second_terminal AND s.second_seq = x.second_seq
        LEFT JOIN exception_cases k ON k.exception_id = x.exception_id
      ORDER BY x.exception_id`,
  );
}

/** Writes one exception off (the lottery bears the second payout), keeping when it was charged back, if it was. */
export async function writeOff(tx: Queryable, x: ExceptionStateRow, at: string, reason: string): Promise<void> {
  await tx.execute(
    `INSERT INTO exception_settlements (second_terminal, second_seq, exception_id, state, amount_cents, charged_at, written_off_at, reason)
     VALUES ($1, $2, $3, 'written_off', $4, NULL, $5, $6)
     ON CONFLICT (second_terminal, second_seq) DO UPDATE SET state = 'written_off', written_off_at = $5, reason = $6`,
    [x.second_terminal, x.second_seq, x.exception_id, x.second_amount, at, reason],
  );
}

/** Charges one exception back to the retailer that paid second (an act: it was open, or written off without a charge). */
export async function chargeBack(tx: Queryable, x: ExceptionStateRow, at: string, reason: string): Promise<void> {
  await tx.execute(
    `INSERT INTO exception_settlements (second_terminal, second_seq, exception_id, state, amount_cents, charged_at, written_off_at, reason)
     VALUES ($1, $2, $3, 'charged_back', $4, $5, NULL, $6)
     ON CONFLICT (second_terminal, second_seq) DO UPDATE SET state = 'charged_back', charged_at = $5, written_off_at = NULL, reason = $6`,
    [x.second_terminal, x.second_seq, x.exception_id, x.second_amount, at, reason],
  );
}

/**
 * Chargebacks of `terminals` (they paid second) made in [from, to), and write-offs in [from, to) of
 * exceptions charged back before (refunded), each counted and summed.
 */
export async function chargebackTotals(
  q: Queryable,
  terminals: readonly string[],
  from: string,
  to: string,
): Promise<{ charged_n: number | string; charged_cents: number | string | null; refunded_n: number | string; refunded_cents: number | string | null }> {
  const rows = await q.query<{ charged_n: number | string; charged_cents: number | string | null; refunded_n: number | string; refunded_cents: number | string | null }>(
    `SELECT count(*) FILTER (WHERE charged_at >= $2 AND charged_at < $3) AS charged_n,
            sum(amount_cents) FILTER (WHERE charged_at >= $2 AND charged_at < $3) AS charged_cents,
            count(*) FILTER (WHERE charged_at IS NOT NULL AND written_off_at >= $2 AND written_off_at < $3) AS refunded_n,
            sum(amount_cents) FILTER (WHERE charged_at IS NOT NULL AND written_off_at >= $2 AND written_off_at < $3) AS refunded_cents
       FROM exception_settlements WHERE second_terminal = ANY($1::text[])`,
    [terminals, from, to],
  );
  return rows[0] ?? { charged_n: 0, charged_cents: 0, refunded_n: 0, refunded_cents: 0 };
}

/** Tickets `terminals` paid first that another terminal paid again, found in [from, to). */
export async function paidFirstTotals(q: Queryable, terminals: readonly string[], from: string, to: string): Promise<{ n: number | string; cents: number | string | null }> {
  const rows = await q.query<{ n: number | string; cents: number | string | null }>(
    `SELECT count(*) AS n, sum(first_amount) AS cents FROM payout_exceptions WHERE first_terminal = ANY($1::text[]) AND at >= $2 AND at < $3`,
    [terminals, from, to],
  );
  return rows[0] ?? { n: 0, cents: 0 };
}
