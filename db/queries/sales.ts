/** Sales of paper tickets and their lines; a void marks the sale and its lines (the lines' tickets may then be sold again). */
import type { Database } from 'better-sqlite3';

/** A unit's identity as stored in the counter's tables. */
export interface UnitKey {
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly unit: number;
}

export interface SaleRow {
  readonly id: number;
  readonly receipt_no: number | null;
  readonly journal_seq: number | null;
  readonly cash_session_id: number;
  readonly operator_id: number;
  readonly at: string;
  readonly total_cents: number;
  readonly tendered_cents: number;
  readonly change_cents: number;
  readonly voided_at: string | null;
  readonly voided_by: number | null;
  readonly void_reason: string | null;
  readonly void_receipt_no: number | null;
  readonly void_seq: number | null;
}

export interface SaleLineRow extends UnitKey {
  readonly id: number;
  readonly sale_id: number;
  readonly pack_id: number;
  readonly price_cents: number;
  readonly voided: 0 | 1;
}

const SALE_COLUMNS =
  'id, receipt_no, journal_seq, cash_session_id, operator_id, at, total_cents, tendered_cents, change_cents, voided_at, voided_by, void_reason, void_receipt_no, void_seq';
const LINE_COLUMNS = 'id, sale_id, game, emission, block, unit, pack_id, price_cents, voided';

export type NewSale = Pick<SaleRow, 'cash_session_id' | 'operator_id' | 'at' | 'total_cents' | 'tendered_cents' | 'change_cents'>;

/** Inserts a sale (receipt number and journal seq come later in the same transaction); returns its id. */
export function insertSale(db: Database, sale: NewSale): number {
  const info = db
    .prepare(
      `INSERT INTO sales (cash_session_id, operator_id, at, total_cents, tendered_cents, change_cents)
       VALUES (@cash_session_id, @operator_id, @at, @total_cents, @tendered_cents, @change_cents)`,
    )
    .run(sale);
  return Number(info.lastInsertRowid);
}

/** Inserts one line; throws SQLITE_CONSTRAINT_UNIQUE when the ticket is already sold in a sale not voided. */
export function insertSaleLine(db: Database, line: Omit<SaleLineRow, 'id' | 'voided'>): void {
  db.prepare(
    `INSERT INTO sale_lines (sale_id, game, emission, block, unit, pack_id, price_cents)
     VALUES (@sale_id, @game, @emission, @block, @unit, @pack_id, @price_cents)`,
  ).run(line);
}

/** Stamps the sale with its receipt number and journal entry. */
export function setSaleReceipt(db: Database, id: number, receiptNo: number, journalSeq: number): void {
  db.prepare('UPDATE sales SET receipt_no = ?, journal_seq = ? WHERE id = ?').run(receiptNo, journalSeq, id);
}

export function saleById(db: Database, id: number): SaleRow | undefined {
  return db.prepare<[number], SaleRow>(`SELECT ${SALE_COLUMNS} FROM sales WHERE id = ?`).get(id);
}

export function saleByReceipt(db: Database, receiptNo: number): SaleRow | undefined {
  return db.prepare<[number], SaleRow>(`SELECT ${SALE_COLUMNS} FROM sales WHERE receipt_no = ?`).get(receiptNo);
}

export function saleLines(db: Database, saleId: number): SaleLineRow[] {
  return db.prepare<[number], SaleLineRow>(`SELECT ${LINE_COLUMNS} FROM sale_lines WHERE sale_id = ? ORDER BY id`).all(saleId);
}

/** The line selling this ticket in a sale not voided, if any. */
export function activeSaleLineOf(db: Database, unit: UnitKey): SaleLineRow | undefined {
  return db
    .prepare<UnitKey, SaleLineRow>(
      `SELECT ${LINE_COLUMNS} FROM sale_lines WHERE game = @game AND emission = @emission AND block = @block AND unit = @unit AND voided = 0`,
    )
    .get({ game: unit.game, emission: unit.emission, block: unit.block, unit: unit.unit });
}

/** Marks some lines of a sale voided (their tickets may be sold again); false when one of them was already. */
export function markSaleLinesVoided(db: Database, ids: readonly number[]): boolean {
  const mark = db.prepare('UPDATE sale_lines SET voided = 1 WHERE id = ? AND voided = 0');
  let changed = 0;
  for (const id of ids) changed += mark.run(id).changes;
  return changed === ids.length;
}

/** Marks a sale and its lines voided; returns false when it was already voided (nothing changed). */
export function markSaleVoided(db: Database, id: number, v: { at: string; by: number; reason: string; receipt_no: number; journal_seq: number }): boolean {
  const info = db
    .prepare(
      `UPDATE sales SET voided_at = @at, voided_by = @by, void_reason = @reason, void_receipt_no = @receipt_no, void_seq = @journal_seq
        WHERE id = @id AND voided_at IS NULL`,
    )
    .run({ ...v, id });
  if (info.changes !== 1) return false;
  db.prepare('UPDATE sale_lines SET voided = 1 WHERE sale_id = ?').run(id);
  return true;
}
