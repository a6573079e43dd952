/** SQL of the void checks: a terminal's sales, voids and cash session bounds around its new voids (the rules: store/void-checks.ts). */
import type { Queryable } from '../db.js';

/** A journal entry central holds, as the void checks read it. */
export interface HeldEntry {
  seq: number;
  at: string;
  type: string;
  payload: Record<string, unknown>;
}

/** The terminal's last `session.open` or `session.close` entry before entry `seq` (undefined: none). */
export async function lastSessionBound(q: Queryable, terminalId: string, seq: number): Promise<{ seq: number; at: string } | undefined> {
  const r = (
    await q.query<{ seq: number; at: string }>(
      `SELECT seq, at FROM journal_entries WHERE terminal_id = $1 AND seq < $2 AND type IN ('session.open', 'session.close') ORDER BY seq DESC LIMIT 1`,
      [terminalId, seq],
    )
  )[0];
  return r && { seq: Number(r.seq), at: r.at };
}

/**
 * The terminal's sales, voids and cash session bounds after entry `after` (dated from `since`: entries
 * are dated in order, which keeps the older months out) up to entry `upTo`, in journal order; and
 * which entries of that stretch central holds uncredited.
 */
export async function voidWindow(q: Queryable, terminalId: string, after: number, since: string, upTo: number): Promise<{ entries: HeldEntry[]; uncredited: number[] }> {
  const entries = await q.query<HeldEntry>(
    `SELECT seq, at, type, payload FROM journal_entries
      WHERE terminal_id = $1 AND seq > $2 AND seq <= $3 AND at >= $4 AND type IN ('sale', 'void', 'session.open', 'session.close')
      ORDER BY seq`,
    [terminalId, after, upTo, since],
  );
  const uncredited = await q.query<{ seq: number }>('SELECT seq FROM uncredited_entries WHERE terminal_id = $1 AND seq > $2 AND seq <= $3', [terminalId, after, upTo]);
  return { entries: entries.map((e) => ({ ...e, seq: Number(e.seq) })), uncredited: uncredited.map((r) => Number(r.seq)) };
}

/** The terminal's sales up to entry `upTo` whose `sale_id` is one of `saleIds` (as text): `seq`, `sale_id`, `receipt_no`. */
export async function salesByIds(q: Queryable, terminalId: string, upTo: number, saleIds: readonly string[]): Promise<{ seq: number; sale_id: string | null; receipt_no: string | null }[]> {
  const rows = await q.query<{ seq: number; sale_id: string | null; receipt_no: string | null }>(
    `SELECT seq, payload->>'sale_id' AS sale_id, payload->>'receipt_no' AS receipt_no FROM journal_entries
      WHERE terminal_id = $1 AND seq <= $2 AND type = 'sale' AND payload->>'sale_id' = ANY($3::text[])`,
    [terminalId, upTo, saleIds],
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}
