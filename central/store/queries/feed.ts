/** SQL of `feed`, the lottery-signed items in cursor order (the rules: store/feed.ts). */
import type { SignedFeedEntry } from '../../../common/protocol/index.js';
import type { Queryable } from '../db.js';

/** Takes the feed's lock (one writer at a time, until the transaction ends) and answers the next cursor. */
export async function lockFeedNextCursor(tx: Queryable): Promise<number> {
  await tx.execute('LOCK TABLE feed IN EXCLUSIVE MODE');
  const rows = await tx.query<{ next: number }>('SELECT coalesce(max(cursor), 0) + 1 AS next FROM feed');
  return rows[0]?.next ?? 1;
}

export interface FeedRow {
  cursor: number;
  terminal_id: string | null;
  kind: string;
  body: string;
  signature: string;
}

/** Inserts signed items in one statement (arrays unnested). */
export async function insertFeedRows(tx: Queryable, at: string, signer: string, rows: readonly FeedRow[]): Promise<void> {
  await tx.execute(
    `INSERT INTO feed (cursor, at, terminal_id, kind, body, signer, signature)
     SELECT u.cursor, $1, u.terminal_id, u.kind, u.body::jsonb, $2, u.signature
       FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[]) AS u(cursor, terminal_id, kind, body, signature)`,
    [
      at,
      signer,
      rows.map((r) => r.cursor),
      rows.map((r) => r.terminal_id),
      rows.map((r) => r.kind),
      rows.map((r) => r.body),
      rows.map((r) => r.signature),
    ],
  );
}

/** Feed entries after `cursor` for every terminal or `terminalId`, at most `limit`. */
export async function feedAfter(q: Queryable, terminalId: string, cursor: number, limit: number): Promise<{ body: SignedFeedEntry['body']; signer: string; signature: string }[]> {
  return q.query<{ body: SignedFeedEntry['body']; signer: string; signature: string }>(
    `SELECT body, signer, signature FROM feed
      WHERE cursor > $1 AND (terminal_id IS NULL OR terminal_id = $2)
      ORDER BY cursor LIMIT $3`,
    [cursor, terminalId, limit],
  );
}
