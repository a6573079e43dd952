/** The stop list: packs or single units that must be neither sold nor paid. */
import type { Database } from 'better-sqlite3';

/** What central's stop-list entries are stored under (sync/pull.ts): `central: ` and the lottery's reason; added by no operator. */
export const CENTRAL_STOP_PREFIX = 'central: ';

export interface StopRow {
  readonly id: number;
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  /** Set for a whole pack (then `unit` is null). */
  readonly pack: number | null;
  /** Set for a single unit (then `pack` is null). */
  readonly unit: number | null;
  readonly reason: string;
  readonly added_at: string;
  readonly added_by: number | null;
  readonly journal_seq: number;
}

const COLUMNS = 'id, game, emission, block, pack, unit, reason, added_at, added_by, journal_seq';

export type NewStop = Omit<StopRow, 'id' | 'journal_seq'>;

/** Inserts an entry (journal seq filled by `setStopJournalSeq`); throws on a duplicate pack or unit. */
export function insertStop(db: Database, row: NewStop): number {
  const info = db
    .prepare(
      `INSERT INTO stop_list (game, emission, block, pack, unit, reason, added_at, added_by, journal_seq)
       VALUES (@game, @emission, @block, @pack, @unit, @reason, @added_at, @added_by, 0)`,
    )
    .run(row);
  return Number(info.lastInsertRowid);
}

export function setStopJournalSeq(db: Database, id: number, seq: number): void {
  db.prepare('UPDATE stop_list SET journal_seq = ? WHERE id = ?').run(seq, id);
}

/** The entry that stops this unit: the unit itself, or its pack (`pack` null for digital games). */
export function stopOf(db: Database, u: { game: string; emission: number; block: number; unit: number; pack: number | null }): StopRow | undefined {
  return db
    .prepare<{ game: string; emission: number; block: number; unit: number; pack: number | null }, StopRow>(
      `SELECT ${COLUMNS} FROM stop_list
        WHERE game = @game AND emission = @emission AND block = @block AND (unit = @unit OR pack = @pack)
        ORDER BY id LIMIT 1`,
    )
    .get({ game: u.game, emission: u.emission, block: u.block, unit: u.unit, pack: u.pack });
}

/** The entry for a whole pack, if it is stop-listed as such. */
export function packStop(db: Database, p: { game: string; emission: number; block: number; pack: number }): StopRow | undefined {
  return db
    .prepare<typeof p, StopRow>(`SELECT ${COLUMNS} FROM stop_list WHERE game = @game AND emission = @emission AND block = @block AND pack = @pack`)
    .get({ game: p.game, emission: p.emission, block: p.block, pack: p.pack });
}

/**
 * How many of units [first, first + count) of a block are on the stop list one by one and not sold (a
 * sale not voided): tickets of a pack that are no longer to sell though the pack itself is not stopped.
 */
export function stoppedUnsoldUnits(db: Database, r: { game: string; emission: number; block: number; first: number; count: number }): number {
  return (
    db
      .prepare<{ game: string; emission: number; block: number; first: number; last: number }, { n: number }>(
        `SELECT count(*) AS n FROM stop_list s
          WHERE s.game = @game AND s.emission = @emission AND s.block = @block AND s.unit BETWEEN @first AND @last
            AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.game = s.game AND l.emission = s.emission AND l.block = s.block AND l.unit = s.unit AND l.voided = 0)`,
      )
      .get({ game: r.game, emission: r.emission, block: r.block, first: r.first, last: r.first + r.count - 1 }) as { n: number }
  ).n;
}

export function listStops(db: Database): StopRow[] {
  return db.prepare<[], StopRow>(`SELECT ${COLUMNS} FROM stop_list ORDER BY id`).all();
}

/** The entry for exactly this pack (`unit` null) or exactly this unit (`pack` null). */
export function exactStop(db: Database, s: { game: string; emission: number; block: number; pack: number | null; unit: number | null }): StopRow | undefined {
  const column = s.pack !== null ? 'pack' : 'unit';
  return db
    .prepare<[string, number, number, number], StopRow>(`SELECT ${COLUMNS} FROM stop_list WHERE game = ? AND emission = ? AND block = ? AND ${column} = ?`)
    .get(s.game, s.emission, s.block, (s.pack ?? s.unit) as number);
}

/** Removes one entry. */
export function deleteStop(db: Database, id: number): void {
  db.prepare('DELETE FROM stop_list WHERE id = ?').run(id);
}
