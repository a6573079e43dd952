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
  /** When the sale was made final (finalise, or the first look after its void window). */
  final_at: string | null;
}

const SALE_COLUMNS = 'sale_key, game, emission, block, unit, status, sold_at, voided_at, final_at';

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

export async function finaliseSale(tx: Queryable, terminal: string, saleKey: string, at: string): Promise<void> {
  await tx.execute(`UPDATE digital_sales SET final_at = $3 WHERE terminal_id = $1 AND sale_key = $2 AND final_at IS NULL`, [terminal, saleKey, at]);
}

/** Units `terminals` were handed out in [from, to) and not voided, by game (central bills them). */
export async function digitalSalesByGame(q: Queryable, terminals: readonly string[], from: string, to: string): Promise<{ game: string; n: number | string }[]> {
  return q.query<{ game: string; n: number | string }>(
    `SELECT game, count(*) AS n FROM digital_sales
      WHERE terminal_id = ANY($1::text[]) AND sold_at >= $2 AND sold_at < $3 AND status = 'sold'
      GROUP BY game`,
    [terminals, from, to],
  );
}

/**
 * Disagreements between central's digital sales in [from, to) and the terminals' journals: sales central
 * made final that no `sale` entry of the terminal names (billed all the same), and digital lines of `sale`
 * entries journaled in [from, to) whose sale key central never sold or voided (not billed).
 */
export async function digitalDisagreements(q: Queryable, terminals: readonly string[], from: string, to: string): Promise<{ not_journaled: number; not_sold: number }> {
  const rows = await q.query<{ not_journaled: number | string; not_sold: number | string }>(
    `SELECT
       (SELECT count(*) FROM digital_sales d
         WHERE d.terminal_id = ANY($1::text[]) AND d.sold_at >= $2 AND d.sold_at < $3 AND d.status = 'sold' AND d.final_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.terminal_id = d.terminal_id AND j.type = 'sale'
                            AND j.payload->'lines' @> jsonb_build_array(jsonb_build_object('sale_key', d.sale_key)))) AS not_journaled,
       (SELECT count(*) FROM journal_entries j
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(j.payload->'lines') = 'array' THEN j.payload->'lines' ELSE '[]'::jsonb END) AS l
         WHERE j.terminal_id = ANY($1::text[]) AND j.at >= $2 AND j.at < $3 AND j.type = 'sale' AND jsonb_typeof(l) = 'object' AND l ? 'sale_key'
           AND NOT EXISTS (SELECT 1 FROM digital_sales d WHERE d.terminal_id = j.terminal_id AND d.sale_key = l->>'sale_key' AND d.status = 'sold')) AS not_sold`,
    [terminals, from, to],
  );
  return { not_journaled: Number(rows[0]?.not_journaled ?? 0), not_sold: Number(rows[0]?.not_sold ?? 0) };
}

/** A game's suspension, if central has one recorded. */
export async function gameStatus(q: Queryable, game: string): Promise<{ enabled: boolean; reason: string } | undefined> {
  return (await q.query<{ enabled: boolean; reason: string }>('SELECT enabled, reason FROM games WHERE game = $1', [game]))[0];
}
