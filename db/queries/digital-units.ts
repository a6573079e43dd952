/** Digital units sold at this counter (migration 006): the sale key, the unit, its play state. */
import type { Database } from 'better-sqlite3';

export interface DigitalUnitRow {
  sale_key: string;
  state: 'pending' | 'sold' | 'voided';
  game: string;
  operator_id: number;
  tendered_cents: number;
  created_at: string;
  emission: number | null;
  block: number | null;
  unit: number | null;
  number: string | null;
  validation_barcode: string | null;
  price_cents: number | null;
  prize_cents: number | null;
  /** JSON play data. */
  play: string | null;
  /** JSON array of revealed zone names. */
  revealed: string;
  sale_id: number | null;
  receipt_no: number | null;
  sold_at: string | null;
  voided_at: string | null;
  void_reason: string | null;
}

export function insertPendingDigital(db: Database, r: { sale_key: string; game: string; operator_id: number; tendered_cents: number; created_at: string }): void {
  db.prepare(`INSERT INTO digital_units (sale_key, state, game, operator_id, tendered_cents, created_at) VALUES (@sale_key, 'pending', @game, @operator_id, @tendered_cents, @created_at)`).run(r);
}

export function markDigitalSold(
  db: Database,
  r: { sale_key: string; emission: number; block: number; unit: number; number: string; validation_barcode: string; price_cents: number; prize_cents: number; play: string; sale_id: number; receipt_no: number; sold_at: string },
): void {
  db.prepare(
    `UPDATE digital_units SET state = 'sold', emission = @emission, block = @block, unit = @unit, number = @number, validation_barcode = @validation_barcode,
       price_cents = @price_cents, prize_cents = @prize_cents, play = @play, sale_id = @sale_id, receipt_no = @receipt_no, sold_at = @sold_at
     WHERE sale_key = @sale_key AND state = 'pending'`,
  ).run(r);
}

export function markDigitalVoided(db: Database, saleKey: string, at: string, reason: string): void {
  db.prepare(`UPDATE digital_units SET state = 'voided', voided_at = ?, void_reason = ? WHERE sale_key = ? AND state = 'pending'`).run(at, reason, saleKey);
}

export function setDigitalRevealed(db: Database, saleKey: string, revealed: string): void {
  db.prepare(`UPDATE digital_units SET revealed = ? WHERE sale_key = ?`).run(revealed, saleKey);
}

export function digitalByKey(db: Database, saleKey: string): DigitalUnitRow | undefined {
  return db.prepare(`SELECT * FROM digital_units WHERE sale_key = ?`).get(saleKey) as DigitalUnitRow | undefined;
}

export function digitalByNumber(db: Database, number: string): DigitalUnitRow | undefined {
  return db.prepare(`SELECT * FROM digital_units WHERE number = ? AND state = 'sold'`).get(number) as DigitalUnitRow | undefined;
}

export function pendingDigital(db: Database): DigitalUnitRow[] {
  return db.prepare(`SELECT * FROM digital_units WHERE state = 'pending' ORDER BY created_at`).all() as DigitalUnitRow[];
}

/** Sold units with `sold_at` in [from, to), newest first. */
export function digitalSoldBetween(db: Database, from: string, to: string): DigitalUnitRow[] {
  return db.prepare(`SELECT * FROM digital_units WHERE state = 'sold' AND sold_at >= ? AND sold_at < ? ORDER BY sold_at DESC, sale_key`).all(from, to) as DigitalUnitRow[];
}

/** The last sold unit whose play is not finished (to resume after a restart). */
export function lastSoldDigital(db: Database): DigitalUnitRow | undefined {
  return db.prepare(`SELECT * FROM digital_units WHERE state = 'sold' ORDER BY sold_at DESC, rowid DESC LIMIT 1`).get() as DigitalUnitRow | undefined;
}

/** Whether sale `saleId` sold a digital unit. */
export function isDigitalSale(db: Database, saleId: number): boolean {
  return db.prepare(`SELECT 1 FROM digital_units WHERE sale_id = ?`).get(saleId) !== undefined;
}
