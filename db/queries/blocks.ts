/**
 * Imported outcome blocks. Only the block's description lives here; its sealed records stay in the
 * outcome file named by `file_name` (under the data folder's `outcomes/`), looked up by offset.
 */
import type { Database } from 'better-sqlite3';

export interface BlockRow {
  readonly id: number;
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly first_unit: number;
  readonly unit_count: number;
  /** The manifest exactly as verified at import (JSON text). */
  readonly manifest_json: string;
  readonly records_sha256: string;
  /** Fingerprint of the trusted key that signed the file. */
  readonly signer: string;
  /** File name within the data folder's `outcomes/` directory. */
  readonly file_name: string;
  /** UTC ISO time of import. */
  readonly imported_at: string;
}

export type NewBlock = Omit<BlockRow, 'id'>;

const COLUMNS = 'id, game, emission, block, first_unit, unit_count, manifest_json, records_sha256, signer, file_name, imported_at';

/** Inserts a block row and returns it with its id; throws on a duplicate (game, emission, block) or file name. */
export function insertBlock(db: Database, block: NewBlock): BlockRow {
  const info = db
    .prepare(
      `INSERT INTO blocks (game, emission, block, first_unit, unit_count, manifest_json, records_sha256, signer, file_name, imported_at)
       VALUES (@game, @emission, @block, @first_unit, @unit_count, @manifest_json, @records_sha256, @signer, @file_name, @imported_at)`,
    )
    .run(block);
  return { id: Number(info.lastInsertRowid), ...block };
}

/** The imported block (game, emission, block), whatever range of units it holds. */
export function findBlock(db: Database, game: string, emission: number, block: number): BlockRow | undefined {
  return db
    .prepare<[string, number, number], BlockRow>(`SELECT ${COLUMNS} FROM blocks WHERE game = ? AND emission = ? AND block = ?`)
    .get(game, emission, block);
}

/** Every imported block, in game, emission, block order. */
export function listBlocks(db: Database): BlockRow[] {
  return db.prepare<[], BlockRow>(`SELECT ${COLUMNS} FROM blocks ORDER BY game, emission, block`).all();
}

/**
 * A prepared lookup of the block holding one unit, for hot paths (ticket checks): prepare once, call often.
 * Returns undefined when no imported block holds that unit.
 */
export function blockHoldingLookup(db: Database): (game: string, emission: number, block: number, unit: number) => BlockRow | undefined {
  const exact = db.prepare<{ game: string; emission: number; block: number; unit: number }, BlockRow>(
    `SELECT ${COLUMNS} FROM blocks
      WHERE game = @game AND emission = @emission AND block = @block
        AND first_unit <= @unit AND @unit < first_unit + unit_count`,
  );
  return (game, emission, block, unit) => exact.get({ game, emission, block, unit });
}
