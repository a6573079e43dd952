/** Claims: winners above the counter's payout limit, sent to a payment centre (one claim per ticket). */
import type { Database } from 'better-sqlite3';
import type { UnitKey } from './sales.js';

export interface ClaimRow extends UnitKey {
  readonly id: number;
  readonly amount_cents: number;
  readonly payout_limit_cents: number;
  readonly terminal: string;
  readonly receipt_no: number;
  readonly journal_seq: number;
  readonly cash_session_id: number;
  readonly operator_id: number;
  readonly at: string;
}

const COLUMNS = 'id, game, emission, block, unit, amount_cents, payout_limit_cents, terminal, receipt_no, journal_seq, cash_session_id, operator_id, at';

/** Inserts a claim; a second claim for the same ticket throws (UNIQUE). */
export function insertClaim(db: Database, row: Omit<ClaimRow, 'id'>): ClaimRow {
  return db
    .prepare<typeof row, ClaimRow>(
      `INSERT INTO claims (game, emission, block, unit, amount_cents, payout_limit_cents, terminal, receipt_no, journal_seq, cash_session_id, operator_id, at)
       VALUES (@game, @emission, @block, @unit, @amount_cents, @payout_limit_cents, @terminal, @receipt_no, @journal_seq, @cash_session_id, @operator_id, @at)
       RETURNING ${COLUMNS}`,
    )
    .get(row) as ClaimRow;
}

/** The claim filed for a ticket, if any. */
export function claimOf(db: Database, unit: UnitKey): ClaimRow | undefined {
  return db
    .prepare<UnitKey, ClaimRow>(`SELECT ${COLUMNS} FROM claims WHERE game = @game AND emission = @emission AND block = @block AND unit = @unit`)
    .get({ game: unit.game, emission: unit.emission, block: unit.block, unit: unit.unit });
}
