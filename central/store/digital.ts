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
import { gameStatus, insertDigitalBlock, insertSale, saleByKey, takeNextUnit, voidSale, type SaleRow } from './queries/digital.js';

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
  await insertDigitalBlock(tx, m, printName);
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
  const status = await gameStatus(c.db, req.game);
  if (status && !status.enabled) throw new CentralError('game_disabled', `${req.game} is suspended: ${status.reason}`, 403);
  try {
    const row = await c.db.transaction(async (tx) => {
      const at = c.now();
      const unit = (await takeNextUnit(tx, req.game, at, true)) ?? (await takeNextUnit(tx, req.game, at, false));
      if (!unit) throw new CentralError('sold_out', `no ${req.game} unit left to sell: publish another digital block`, 409);
      await insertSale(tx, terminal, req.sale_key, req.game, unit, at);
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
    const row = await saleByKey(tx, terminal, req.sale_key, true);
    if (!row) throw new CentralError('no_such_sale', `no digital sale ${req.sale_key} for terminal ${terminal}`, 404);
    if (row.status === 'voided') return { sale_key: req.sale_key, status: 'voided' as const, voided_at: row.voided_at ?? row.sold_at, already: true };
    const at = c.now();
    await voidSale(tx, terminal, req.sale_key, at, req.reason);
    await journalAtCentral(tx, at, terminal, 'digital_void', { sale_key: req.sale_key, game: row.game, emission: row.emission, block: row.block, unit: row.unit, reason: req.reason });
    return { sale_key: req.sale_key, status: 'voided' as const, voided_at: at, already: false };
  });
}
