/** SQL of `central_journal`, central's own journal (the rule: store/context.ts journalAtCentral). */
import type { Queryable } from '../db.js';

/** Appends one entry under the table's lock (ids in commit order), inside the caller's transaction; answers its id. */
export async function insertCentralJournalEntry(tx: Queryable, at: string, actor: string, type: string, payload: Record<string, unknown>): Promise<number> {
  await tx.execute('LOCK TABLE central_journal IN EXCLUSIVE MODE');
  const rows = await tx.query<{ next: number }>('SELECT coalesce(max(entry_id), 0) + 1 AS next FROM central_journal');
  const id = rows[0]?.next ?? 1;
  await tx.execute('INSERT INTO central_journal (entry_id, at, actor, type, payload) VALUES ($1, $2, $3, $4, $5)', [id, at, actor, type, JSON.stringify(payload)]);
  return id;
}
