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
  /** For this retailer's terminals only. */
  retailer: string | null;
  /** For every terminal but this retailer's. */
  except_retailer: string | null;
  kind: string;
  body: string;
  signature: string;
}

/** Inserts signed items in one statement (arrays unnested). */
export async function insertFeedRows(tx: Queryable, at: string, signer: string, rows: readonly FeedRow[]): Promise<void> {
  await tx.execute(
    `INSERT INTO feed (cursor, at, terminal_id, kind, body, signer, signature, retailer, except_retailer)
     SELECT u.cursor, $1, u.terminal_id, u.kind, u.body::jsonb, $2, u.signature, u.retailer, u.except_retailer
       FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS u(cursor, terminal_id, kind, body, signature, retailer, except_retailer)`,
    [
      at,
      signer,
      rows.map((r) => r.cursor),
      rows.map((r) => r.terminal_id),
      rows.map((r) => r.kind),
      rows.map((r) => r.body),
      rows.map((r) => r.signature),
      rows.map((r) => r.retailer),
      rows.map((r) => r.except_retailer),
    ],
  );
}

/** Feed items only a terminal that asks for them reads (an earlier one would refuse their kind). */
export const OPT_IN_KINDS = ['ticket_paid'] as const;

/**
 * Feed entries after `cursor` for every terminal, for `terminalId`, or for its retailer, at most `limit`;
 * the OPT_IN_KINDS only when `ticketFacts`. Rows for "every retailer but one" (`except_retailer`, other
 * retailers' pack states written before #19's feed per retailer) go to nobody any more.
 */
export async function feedAfter(q: Queryable, terminalId: string, cursor: number, limit: number, ticketFacts = false): Promise<{ body: SignedFeedEntry['body']; signer: string; signature: string }[]> {
  return q.query<{ body: SignedFeedEntry['body']; signer: string; signature: string }>(
    `SELECT f.body, f.signer, f.signature FROM feed f, (SELECT coalesce((SELECT retailer FROM terminals WHERE terminal_id = $2), '') AS r) AS me
      WHERE f.cursor > $1
        AND (f.terminal_id = $2
             OR (f.terminal_id IS NULL AND f.retailer = me.r)
             OR (f.terminal_id IS NULL AND f.retailer IS NULL AND f.except_retailer IS NULL))
        AND ($4 OR f.kind <> ALL($5::text[]))
      ORDER BY f.cursor LIMIT $3`,
    [cursor, terminalId, limit, ticketFacts, OPT_IN_KINDS],
  );
}

/** The latest time the root signed a TLS announcement on the feed (`central_ca`), or null (none, or none signed). */
export async function lastCaAnnouncementAt(q: Queryable): Promise<string | null> {
  const rows = await q.query<{ issued_at: string }>(
    `SELECT body #>> '{item,announcement,body,issued_at}' AS issued_at FROM feed WHERE kind = 'central_ca' AND body #> '{item,announcement}' IS NOT NULL`,
  );
  // Compared as times (an ISO time may carry milliseconds or not): a handful of rows.
  return rows.reduce<string | null>((latest, r) => (latest === null || Date.parse(r.issued_at) > Date.parse(latest) ? r.issued_at : latest), null);
}
