/**
 * Digital units sold at the counter: central hands out the next unsold unit of a published digital
 * block, exactly once across the network. The block's row is the allocation lock (`FOR UPDATE SKIP
 * LOCKED`: concurrent sales take another block when one is busy, or wait for it when it is the only
 * one); the unit is recorded under the terminal's sale key in the same transaction, so a retried
 * request answers the same unit, and `UNIQUE (game, emission, block, unit)` is the last guard.
 * digital_sales is the record of each sale (no central_journal entry: its table lock would serialize
 * every sale); voids are journaled. A voided sale's unit is never handed out again (its code may have been seen).
 */
import { join } from 'node:path';
import { gameByCode, isGameCode } from '../../games/index.js';
import type { DigitalSellRequest, DigitalUnitAnswer, DigitalVoidAnswer, DigitalVoidRequest } from '../../common/protocol/index.js';
import type { GameCode } from '../../games/types.js';
import { exportUnits } from '../emission/export.js';
import { printFileName } from '../emission/files.js';
import { readPrintFile, type PrintData } from '../emission/print-file.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { printDir } from './folders.js';

interface SaleRow {
  sale_key: string;
  game: string;
  emission: number;
  block: number;
  unit: number;
  status: 'sold' | 'voided';
  sold_at: string;
  voided_at: string | null;
}

/** Print data by file name (read once per process: a few MB at most per block). */
const prints = new Map<string, PrintData>();

function printOf(c: Central, game: string, emission: number, block: number): PrintData {
  const path = join(printDir(c), printFileName(game as GameCode, emission, block));
  let p = prints.get(path);
  if (!p) {
    p = readPrintFile(path);
    prints.set(path, p);
  }
  return p;
}

/** Records a published digital block as allocatable (inside the publication's transaction). */
export async function addDigitalBlock(
  tx: Queryable,
  m: { game: string; emission: number; block: number; first_unit: number; unit_count: number; claim_deadline: string },
  printName: string,
): Promise<void> {
  if (!isGameCode(m.game) || gameByCode(m.game).kind !== 'digital') return;
  await tx.execute(
    `INSERT INTO digital_blocks (game, emission, block, first_unit, end_unit, next_unit, print_name, claim_deadline)
     VALUES ($1, $2, $3, $4, $5, $4, $6, $7) ON CONFLICT DO NOTHING`,
    [m.game, m.emission, m.block, m.first_unit, m.first_unit + m.unit_count, printName, m.claim_deadline],
  );
}

function answerOf(c: Central, row: SaleRow): DigitalUnitAnswer {
  const print = printOf(c, row.game, row.emission, row.block);
  const [u] = [...exportUnits(print, row.unit, 1)];
  if (!u) throw new Error(`unit ${row.unit} not in the print data`);
  return {
    sale_key: row.sale_key,
    game: row.game,
    emission: row.emission,
    block: row.block,
    unit: row.unit,
    number: u.unit,
    validation_barcode: u.barcodes.validation,
    inventory_barcode: u.barcodes.inventory,
    price_cents: gameByCode(row.game).price_cents,
    prize_cents: u.prize_cents,
    play: u.play,
    status: row.status,
    sold_at: row.sold_at,
  };
}

const SALE_COLUMNS = 'sale_key, game, emission, block, unit, status, sold_at, voided_at';

async function saleByKey(q: Queryable, terminal: string, key: string): Promise<SaleRow | undefined> {
  return (await q.query<SaleRow>(`SELECT ${SALE_COLUMNS} FROM digital_sales WHERE terminal_id = $1 AND sale_key = $2`, [terminal, key]))[0];
}

/** Takes the next unit of a block of `game` (the row locked until the transaction ends), or null when none is left. */
async function takeNextUnit(tx: Queryable, game: string, now: string, skipLocked: boolean): Promise<{ emission: number; block: number; unit: number } | null> {
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

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** Sells one unit of `game` to `terminal` under its sale key; the same key answers the same unit. */
export async function sellDigitalUnit(c: Central, terminal: string, req: DigitalSellRequest): Promise<DigitalUnitAnswer> {
  if (!isGameCode(req.game) || gameByCode(req.game).kind !== 'digital') {
    throw new CentralError('not_digital', `${req.game} is not a digital game (happy-2014, millionnaire)`);
  }
  const check = (row: SaleRow): DigitalUnitAnswer => {
    if (row.game !== req.game) throw new CentralError('sale_key_reused', `sale key ${req.sale_key} was used for a ${row.game} unit`, 409);
    return answerOf(c, row);
  };
  const held = await saleByKey(c.db, terminal, req.sale_key);
  if (held) return check(held);
  const status = (await c.db.query<{ enabled: boolean; reason: string }>('SELECT enabled, reason FROM games WHERE game = $1', [req.game]))[0];
  if (status && !status.enabled) throw new CentralError('game_disabled', `${req.game} is suspended: ${status.reason}`, 403);
  try {
    const row = await c.db.transaction(async (tx) => {
      const at = c.now();
      const unit = (await takeNextUnit(tx, req.game, at, true)) ?? (await takeNextUnit(tx, req.game, at, false));
      if (!unit) throw new CentralError('sold_out', `no ${req.game} unit left to sell: publish another digital block`, 409);
      await tx.execute(
        `INSERT INTO digital_sales (terminal_id, sale_key, game, emission, block, unit, status, sold_at) VALUES ($1, $2, $3, $4, $5, $6, 'sold', $7)`,
        [terminal, req.sale_key, req.game, unit.emission, unit.block, unit.unit, at],
      );
      return { sale_key: req.sale_key, game: req.game, ...unit, status: 'sold' as const, sold_at: at, voided_at: null };
    });
    return answerOf(c, row);
  } catch (err) {
    // The same key sent twice at once: the other request recorded it; answer its unit.
    if (isUniqueViolation(err)) {
      const again = await saleByKey(c.db, terminal, req.sale_key);
      if (again) return check(again);
    }
    throw err;
  }
}

/** Voids a sale the terminal never completed; voiding twice answers `already: true`. */
export async function voidDigitalSale(c: Central, terminal: string, req: DigitalVoidRequest): Promise<DigitalVoidAnswer> {
  return c.db.transaction(async (tx) => {
    const row = (await tx.query<SaleRow>(`SELECT ${SALE_COLUMNS} FROM digital_sales WHERE terminal_id = $1 AND sale_key = $2 FOR UPDATE`, [terminal, req.sale_key]))[0];
    if (!row) throw new CentralError('no_such_sale', `no digital sale ${req.sale_key} for terminal ${terminal}`, 404);
    if (row.status === 'voided') return { sale_key: req.sale_key, status: 'voided' as const, voided_at: row.voided_at ?? row.sold_at, already: true };
    const at = c.now();
    await tx.execute(`UPDATE digital_sales SET status = 'voided', voided_at = $3, void_reason = $4 WHERE terminal_id = $1 AND sale_key = $2`, [terminal, req.sale_key, at, req.reason]);
    await journalAtCentral(tx, at, terminal, 'digital_void', { sale_key: req.sale_key, game: row.game, emission: row.emission, block: row.block, unit: row.unit, reason: req.reason });
    return { sale_key: req.sale_key, status: 'voided' as const, voided_at: at, already: false };
  });
}
