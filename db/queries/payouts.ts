/** Prizes paid at the counter: one row per ticket, ever (UNIQUE on the unit). */
import type { Database } from 'better-sqlite3';
import type { UnitKey } from './sales.js';

export interface PayoutRow extends UnitKey {
  readonly id: number;
  readonly amount_cents: number;
  readonly terminal: string;
  readonly receipt_no: number;
  readonly journal_seq: number;
  readonly cash_session_id: number;
  readonly operator_id: number;
  readonly at: string;
}

const COLUMNS = 'id, game, emission, block, unit, amount_cents, terminal, receipt_no, journal_seq, cash_session_id, operator_id, at';

/**
 * Inserts a payout. A second payout of the same ticket violates the UNIQUE constraint and throws
 * (SQLITE_CONSTRAINT_UNIQUE): that, not an earlier read, is what forbids paying twice.
 */
export function insertPayout(db: Database, row: Omit<PayoutRow, 'id'>): PayoutRow {
  return db
    .prepare<typeof row, PayoutRow>(
      `INSERT INTO payouts (game, emission, block, unit, amount_cents, terminal, receipt_no, journal_seq, cash_session_id, operator_id, at)
       VALUES (@game, @emission, @block, @unit, @amount_cents, @terminal, @receipt_no, @journal_seq, @cash_session_id, @operator_id, @at)
       RETURNING ${COLUMNS}`,
    )
    .get(row) as PayoutRow;
}

/** The payout of a ticket, if it was paid. */
export function payoutOf(db: Database, unit: UnitKey): PayoutRow | undefined {
  return db
    .prepare<UnitKey, PayoutRow>(`SELECT ${COLUMNS} FROM payouts WHERE game = @game AND emission = @emission AND block = @block AND unit = @unit`)
    .get({ game: unit.game, emission: unit.emission, block: unit.block, unit: unit.unit });
}
