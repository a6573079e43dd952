/**
 * Digital units sold at the counter: central hands out the next unsold unit of a published digital
 * block, exactly once across the network. The block's row is the allocation lock (`FOR UPDATE SKIP
 * LOCKED`: concurrent sales take another block when one is busy, or wait for it when it is the only
 * one); the unit is recorded under the terminal's sale key in the same transaction, so a retried
 * request answers the same unit, and `UNIQUE (game, emission, block, unit)` is the last guard.
 * digital_sales is the record of each sale (no central_journal entry: its table lock would serialize
 * every sale); voids are journaled. A voided sale's unit is never handed out again.
 *
 * Central bills every unit it hands out and not voided (store/statements.ts), whatever the terminal
 * journals. The sale answers no prize: the validation barcode (with its hidden code, which opens the
 * terminal's sealed record), the prize and the play come from `finalise`, after which the sale cannot be
 * voided; a void is accepted only within the void window of a sale not yet final (common/protocol/digital.ts).
 */
import { join } from 'node:path';
import { gameByCode, isGameCode } from '../../games/index.js';
import {
  DEFAULT_DIGITAL_DAILY_SALES,
  DEFAULT_DIGITAL_DAILY_VOIDS,
  DEFAULT_DIGITAL_VOID_SECONDS,
  type DigitalFinaliseRequest,
  type DigitalSaleAnswer,
  type DigitalSellRequest,
  type DigitalUnitAnswer,
  type DigitalVoidAnswer,
  type DigitalVoidRequest,
} from '../../common/protocol/index.js';
import type { GameCode } from '../../games/types.js';
import { exportUnits } from '../emission/export.js';
import { printFileName } from '../emission/files.js';
import { readPrintFile, type PrintData } from '../emission/print-file.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { printDir } from './folders.js';
import { currentConfig } from './feed.js';
import { finaliseSale, gameStatus, insertDigitalBlock, insertSale, saleByKey, takeNextUnit, voidSale, type SaleRow } from './queries/digital.js';
import { configuredCount, dayStart, takeQuota } from './quotas.js';

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

/** Central's rules for digital sales, from its configuration (announced on the feed). */
export interface DigitalRules {
  readonly void_seconds: number;
  readonly daily_sales: number;
  readonly daily_voids: number;
}

export async function digitalRules(q: Queryable): Promise<DigitalRules> {
  const config = await currentConfig(q);
  return {
    void_seconds: configuredCount(config, 'digital_void_seconds', DEFAULT_DIGITAL_VOID_SECONDS),
    daily_sales: configuredCount(config, 'digital_daily_sales', DEFAULT_DIGITAL_DAILY_SALES),
    daily_voids: configuredCount(config, 'digital_daily_voids', DEFAULT_DIGITAL_DAILY_VOIDS),
  };
}

const voidUntil = (row: SaleRow, rules: DigitalRules): string => new Date(Date.parse(row.sold_at) + rules.void_seconds * 1000).toISOString();

/** Final: made so by `finalise`, or its void window is over. */
const isFinal = (row: SaleRow, rules: DigitalRules, now: string): boolean => row.final_at !== null || Date.parse(now) > Date.parse(voidUntil(row, rules));

/** What `sell` answers: never the validation barcode, the prize or the play. */
function saleAnswerOf(c: Central, row: SaleRow, rules: DigitalRules): DigitalSaleAnswer {
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
    inventory_barcode: u.barcodes.inventory,
    price_cents: gameByCode(row.game).price_cents,
    status: row.status === 'voided' ? 'voided' : isFinal(row, rules, c.now()) ? 'final' : 'sold',
    sold_at: row.sold_at,
    void_until: voidUntil(row, rules),
  };
}

/** What `finalise` answers, once the sale is final. */
function unitAnswerOf(c: Central, row: SaleRow, finalAt: string): DigitalUnitAnswer {
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
    status: 'final',
    sold_at: row.sold_at,
    final_at: finalAt,
  };
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * Sells one unit of `game` to `terminal` under its sale key (the same key answers the same unit), within
 * the terminal's daily quota. The answer holds no prize: see `finaliseDigitalSale`.
 */
export async function sellDigitalUnit(c: Central, terminal: string, req: DigitalSellRequest): Promise<DigitalSaleAnswer> {
  if (!isGameCode(req.game) || gameByCode(req.game).kind !== 'digital') {
    throw new CentralError('not_digital', `${req.game} is not a digital game (happy-2014, millionnaire)`);
  }
  const rules = await digitalRules(c.db);
  const check = (row: SaleRow): DigitalSaleAnswer => {
    if (row.game !== req.game) throw new CentralError('sale_key_reused', `sale key ${req.sale_key} was used for a ${row.game} unit`, 409);
    return saleAnswerOf(c, row, rules);
  };
  const held = await saleByKey(c.db, terminal, req.sale_key);
  if (held) return check(held);
  const status = await gameStatus(c.db, req.game);
  if (status && !status.enabled) throw new CentralError('game_disabled', `${req.game} is suspended: ${status.reason}`, 403);
  try {
    const row = await c.db.transaction(async (tx) => {
      const at = c.now();
      await takeQuota(tx, terminal, 'digital_sale', dayStart(at), rules.daily_sales, 'digital sales of the day (digital_daily_sales)');
      const unit = (await takeNextUnit(tx, req.game, at, true)) ?? (await takeNextUnit(tx, req.game, at, false));
      if (!unit) throw new CentralError('sold_out', `no ${req.game} unit left to sell: publish another digital block`, 409);
      await insertSale(tx, terminal, req.sale_key, req.game, unit, at);
      return { sale_key: req.sale_key, game: req.game, ...unit, status: 'sold' as const, sold_at: at, voided_at: null, final_at: null };
    });
    return saleAnswerOf(c, row, rules);
  } catch (err) {
    // The same key sent twice at once: the other request recorded it; answer its unit.
    if (isUniqueViolation(err)) {
      const again = await saleByKey(c.db, terminal, req.sale_key);
      if (again) return check(again);
    }
    throw err;
  }
}

/** Makes a sale final (no void from then on) and answers its validation barcode, prize and play; the same again on a retry. */
export async function finaliseDigitalSale(c: Central, terminal: string, req: DigitalFinaliseRequest): Promise<DigitalUnitAnswer> {
  const { row, at } = await c.db.transaction(async (tx) => {
    const row = await saleByKey(tx, terminal, req.sale_key, true);
    if (!row) throw new CentralError('no_such_sale', `no digital sale ${req.sale_key} for terminal ${terminal}`, 404);
    if (row.status === 'voided') throw new CentralError('sale_voided', `digital sale ${req.sale_key} was voided at ${row.voided_at ?? row.sold_at}: it is never final`, 409);
    if (row.final_at !== null) return { row, at: row.final_at };
    const at = c.now();
    await finaliseSale(tx, terminal, req.sale_key, at);
    return { row, at };
  });
  return unitAnswerOf(c, row, at);
}

/**
 * Voids a sale the terminal never completed: only before it is final, within the void window, and
 * within the terminal's daily voids. Voiding twice answers `already: true`.
 */
export async function voidDigitalSale(c: Central, terminal: string, req: DigitalVoidRequest): Promise<DigitalVoidAnswer> {
  const rules = await digitalRules(c.db);
  return c.db.transaction(async (tx) => {
    const row = await saleByKey(tx, terminal, req.sale_key, true);
    if (!row) throw new CentralError('no_such_sale', `no digital sale ${req.sale_key} for terminal ${terminal}`, 404);
    if (row.status === 'voided') return { sale_key: req.sale_key, status: 'voided' as const, voided_at: row.voided_at ?? row.sold_at, already: true };
    const at = c.now();
    if (row.final_at !== null) throw new CentralError('sale_final', `digital sale ${req.sale_key} is final since ${row.final_at} (its code was given out): it cannot be voided`, 409);
    if (isFinal(row, rules, at)) {
      throw new CentralError('sale_final', `digital sale ${req.sale_key} is final: its void window (${rules.void_seconds} s, digital_void_seconds) closed at ${voidUntil(row, rules)}`, 409);
    }
    await takeQuota(tx, terminal, 'digital_void', dayStart(at), rules.daily_voids, 'digital voids of the day (digital_daily_voids)');
    await voidSale(tx, terminal, req.sale_key, at, req.reason);
    await journalAtCentral(c, tx, at, terminal, 'digital_void', { sale_key: req.sale_key, game: row.game, emission: row.emission, block: row.block, unit: row.unit, reason: req.reason });
    return { sale_key: req.sale_key, status: 'voided' as const, voided_at: at, already: false };
  });
}
