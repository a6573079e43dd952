/** Paper packs received at this terminal and their state (received → active → settled, or received → returned). */
import type { Database } from 'better-sqlite3';

export type PackState = 'received' | 'active' | 'returned' | 'settled';
export const PACK_STATES: readonly PackState[] = ['received', 'active', 'returned', 'settled'];

/** A pack's identity: its block and its number within the block (from 0). */
export interface PackKey {
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly pack: number;
}

export interface PackRow extends PackKey {
  readonly id: number;
  readonly block_id: number;
  readonly state: PackState;
  readonly received_at: string;
  readonly received_by: number;
  readonly activated_at: string | null;
  readonly activated_by: number | null;
  readonly returned_at: string | null;
  readonly returned_by: number | null;
  readonly settled_at: string | null;
  readonly settled_by: number | null;
}

const COLUMNS =
  'id, game, emission, block, pack, block_id, state, received_at, received_by, activated_at, activated_by, returned_at, returned_by, settled_at, settled_by';

/** The pack row, if the pack was ever received here. */
export function findPack(db: Database, key: PackKey): PackRow | undefined {
  return db
    .prepare<PackKey, PackRow>(`SELECT ${COLUMNS} FROM packs WHERE game = @game AND emission = @emission AND block = @block AND pack = @pack`)
    .get({ game: key.game, emission: key.emission, block: key.block, pack: key.pack });
}

/** Inserts a received pack; throws on a pack already received (UNIQUE). */
export function insertPack(db: Database, row: PackKey & { block_id: number; received_at: string; received_by: number }): PackRow {
  return db
    .prepare<typeof row, PackRow>(
      `INSERT INTO packs (game, emission, block, pack, block_id, state, received_at, received_by)
       VALUES (@game, @emission, @block, @pack, @block_id, 'received', @received_at, @received_by) RETURNING ${COLUMNS}`,
    )
    .get(row) as PackRow;
}

/**
 * Moves a pack from one state to another, stamping who and when; returns the new row, or undefined
 * when the pack was not in state `from` (nothing changed).
 */
export function changePackState(db: Database, id: number, from: PackState, to: Exclude<PackState, 'received'>, at: string, by: number): PackRow | undefined {
  const stamp = { active: 'activated', returned: 'returned', settled: 'settled' }[to];
  return db
    .prepare<[string, string, number, number, string], PackRow>(
      `UPDATE packs SET state = ?, ${stamp}_at = ?, ${stamp}_by = ? WHERE id = ? AND state = ? RETURNING ${COLUMNS}`,
    )
    .get(to, at, by, id, from);
}

/** Packs received here, optionally only those in one state, in block and pack order. */
export function listPacks(db: Database, state?: PackState): PackRow[] {
  if (state === undefined) return db.prepare<[], PackRow>(`SELECT ${COLUMNS} FROM packs ORDER BY game, emission, block, pack`).all();
  return db.prepare<[string], PackRow>(`SELECT ${COLUMNS} FROM packs WHERE state = ? ORDER BY game, emission, block, pack`).all(state);
}

/** Tickets sold (sales not voided) from a pack. */
export function soldCountOfPack(db: Database, packId: number): number {
  return (db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM sale_lines WHERE pack_id = ? AND voided = 0').get(packId) as { n: number }).n;
}

/**
 * Units of a pack range paid or claimed here that no sale holds (scratched, not to sell: #41), the
 * stop-listed ones left out (counted apart).
 */
export function paidUnsoldUnits(db: Database, r: { game: string; emission: number; block: number; first: number; count: number }): number {
  return (
    db
      .prepare<{ game: string; emission: number; block: number; first: number; last: number }, { n: number }>(
        `SELECT count(*) AS n FROM (SELECT game, emission, block, unit FROM payouts UNION SELECT game, emission, block, unit FROM claims) u
          WHERE u.game = @game AND u.emission = @emission AND u.block = @block AND u.unit BETWEEN @first AND @last
            AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.game = u.game AND l.emission = u.emission AND l.block = u.block AND l.unit = u.unit AND l.voided = 0)
            AND NOT EXISTS (SELECT 1 FROM stop_list s WHERE s.game = u.game AND s.emission = u.emission AND s.block = u.block AND s.unit = u.unit)`,
      )
      .get({ game: r.game, emission: r.emission, block: r.block, first: r.first, last: r.first + r.count - 1 }) as { n: number }
  ).n;
}

