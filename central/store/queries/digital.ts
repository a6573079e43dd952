/** SQL of `digital_blocks` and `digital_sales` (the rules: store/digital.ts). */
import type { Queryable } from '../db.js';

export interface SaleRow {
  sale_key: string;
  game: string;
  emission: number;
  block: number;
  unit: number;
  status: 'sold' | 'voided';
  sold_at: string;
  voided_at: string | null;
}

const SALE_COLUMNS = 'sale_key, game, emission, block, unit, status, sold_at, voided_at';

/** Records a digital block as allocatable from its first unit (nothing when it is recorded already). */
export async function insertDigitalBlock(
  tx: Queryable,
  m: { game: string; emission: number; block: number; first_unit: number; unit_count: number; claim_deadline: string },
  printName: string,
): Promise<void> {
  await tx.execute(
    `INSERT INTO digital_blocks (game, emission, block, first_unit, end_unit, next_unit, print_name, claim_deadline)
     VALUES ($1, $2, $3, $4, $5, $4, $6, $7) ON CONFLICT DO NOTHING`,
    [m.game, m.emission, m.block, m.first_unit, m.first_unit + m.unit_count, printName, m.claim_deadline],
  );
}

/** A terminal's sale under its key; `lock` locks its row until the transaction ends. */
export async function saleByKey(q: Queryable, terminal: string, key: string, lock = false): Promise<SaleRow | undefined> {
  return (await q.query<SaleRow>(`SELECT ${SALE_COLUMNS} FROM digital_sales WHERE terminal_id = $1 AND sale_key = $2${lock ? ' FOR UPDATE' : ''}`, [terminal, key]))[0];
}

/** Takes the next unit of a block of `game` (the row locked until the transaction ends), or null when none is left. */
export async function takeNextUnit(tx: Queryable, game: string, now: string, skipLocked: boolean): Promise<{ emission: number; block: number; unit: number } | null> {
  const rows = await tx.query<{ emission: number; block: number; unit: number }>(
    `WITH b AS (
       SELECT game, emission, block FROM digital_blocks
        WHERE game = $1 AND next_unit < end_unit AND claim_deadline > $2
        ORDER BY emission, block LIMIT 1 FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''})
     UPDATE digital_blocks d SET next_unit = d.next_unit + 1 FROM b
      WHERE d.game = b.game AND d.emission = b.emission AND d.block = b.block
     RETURNING d.emission, d.block, d.next_unit - 1 AS unit`,
    [game, now],
  );
  return rows[0] ?? null;
}

export async function insertSale(tx: Queryable, terminal: string, saleKey: string, game: string, unit: { emission: number; block: number; unit: number }, at: string): Promise<void> {
  await tx.execute(
    `INSERT INTO digital_sales (terminal_id, sale_key, game, emission, block, unit, status, sold_at) VALUES ($1, $2, $3, $4, $5, $6, 'sold', $7)`,
    [terminal, saleKey, game, unit.emission, unit.block, unit.unit, at],
  );
}

export async function voidSale(tx: Queryable, terminal: string, saleKey: string, at: string, reason: string): Promise<void> {
  await tx.execute(`UPDATE digital_sales SET status = 'voided', voided_at = $3, void_reason = $4 WHERE terminal_id = $1 AND sale_key = $2`, [terminal, saleKey, at, reason]);
}

/** A game's suspension, if central has one recorded. */
export async function gameStatus(q: Queryable, game: string): Promise<{ enabled: boolean; reason: string } | undefined> {
  return (await q.query<{ enabled: boolean; reason: string }>('SELECT enabled, reason FROM games WHERE game = $1', [game]))[0];
}
