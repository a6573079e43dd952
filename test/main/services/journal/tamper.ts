/** Raw SQL tampering on a terminal's database file, as someone with the file and sqlite3 could do. */
import Database from 'better-sqlite3';

/** Opens the file directly (no Guichet), drops the append-only triggers, runs `fn`, closes. */
export function tamper(databasePath: string, fn: (db: Database.Database) => void): void {
  const db = new Database(databasePath);
  try {
    db.exec('DROP TRIGGER journal_no_update; DROP TRIGGER journal_no_delete;');
    fn(db);
  } finally {
    db.close();
  }
}

/** Moves rows seq ≥ from by `delta` (one at a time, in an order that never collides). */
export function shift(db: Database.Database, from: number, delta: 1 | -1): void {
  const seqs = (db.prepare('SELECT seq FROM journal WHERE seq >= ? ORDER BY seq').all(from) as { seq: number }[]).map((r) => r.seq);
  for (const seq of delta > 0 ? seqs.reverse() : seqs) db.prepare('UPDATE journal SET seq = ? WHERE seq = ?').run(seq + delta, seq);
}

/** Swaps the places of two entries (each keeps its contents, takes the other's seq). */
export function swap(db: Database.Database, a: number, b: number): void {
  const move = db.prepare('UPDATE journal SET seq = ? WHERE seq = ?');
  move.run(-1, a);
  move.run(a, b);
  move.run(b, -1);
}
