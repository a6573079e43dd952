/** SQL of `uncredited_entries`: entries central stores as signed but does not count (the rules: store/payout-checks.ts). */
import type { WireJournalEntry } from '../../../common/protocol/index.js';
import type { Queryable } from '../db.js';
import { insertIntegrityAlert } from './journals.js';

export interface UncreditedRow {
  seq: number;
  type: string;
  ticket: string | null;
  at: string;
  amount_cents: number;
  offline: boolean;
  reason: string;
  detail: string;
}

/** Records entries central does not credit (one statement); a retried push records nothing twice. Answers the seqs newly recorded. */
export async function insertUncredited(tx: Queryable, terminalId: string, now: string, rows: readonly UncreditedRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await tx.query<{ seq: number | string }>(
    `INSERT INTO uncredited_entries (terminal_id, seq, type, ticket, at, amount_cents, offline, reason, detail, received_at)
         SELECT $1, u.seq, u.type, u.ticket, u.at, u.amount, u.offline, u.reason, u.detail, $2
           FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::boolean[], $9::text[], $10::text[])
                AS u(seq, type, ticket, at, amount, offline, reason, detail)
         ON CONFLICT (terminal_id, seq) DO NOTHING RETURNING seq`,
    [
      terminalId,
      now,
      rows.map((r) => r.seq),
      rows.map((r) => r.type),
      rows.map((r) => r.ticket),
      rows.map((r) => r.at),
      rows.map((r) => r.amount_cents),
      rows.map((r) => r.offline),
      rows.map((r) => r.reason),
      rows.map((r) => r.detail),
    ],
  );
  return out.map((r) => Number(r.seq));
}

/**
 * Records entries central does not credit, each with an integrity alert (its reason and detail); an
 * entry recorded before (a retried push) is neither recorded nor alerted twice. `entries`: where their hashes are.
 */
export async function recordUncredited(tx: Queryable, terminalId: string, now: string, rows: readonly UncreditedRow[], entries: readonly WireJournalEntry[]): Promise<void> {
  const recorded = new Set(await insertUncredited(tx, terminalId, now, rows));
  for (const r of rows) {
    if (!recorded.has(r.seq)) continue;
    const e = entries.find((x) => x.seq === r.seq);
    await insertIntegrityAlert(tx, terminalId, now, { reason: r.reason, at_seq: r.seq, held_hash: null, offered_hash: e?.hash ?? null, detail: r.detail });
  }
}

export interface UncreditedListRow extends UncreditedRow {
  terminal_id: string;
  retailer: string | null;
  received_at: string;
}

/** Every uncredited entry with its terminal's retailer, oldest first. */
export async function uncreditedRows(q: Queryable): Promise<UncreditedListRow[]> {
  return q.query<UncreditedListRow>(
    `SELECT u.terminal_id, t.retailer, u.seq, u.type, u.ticket, u.at, u.amount_cents, u.offline, u.reason, u.detail, u.received_at
       FROM uncredited_entries u LEFT JOIN terminals t ON t.terminal_id = u.terminal_id
      ORDER BY u.received_at, u.terminal_id, u.seq`,
  );
}

/** An offline allowance as central signed it. */
export interface AllowanceRow {
  acked_seq: number;
  issued_at: string;
  valid_until: string;
  max_ticket_cents: number;
  max_count: number;
  max_total_cents: number;
}

/** The last offline allowance central signed for the terminal (undefined: none since its enrolment). */
export async function lastAllowance(q: Queryable, terminalId: string): Promise<AllowanceRow | undefined> {
  const r = (await q.query<AllowanceRow>('SELECT acked_seq, issued_at, valid_until, max_ticket_cents, max_count, max_total_cents FROM offline_allowances WHERE terminal_id = $1', [terminalId]))[0];
  return r && { ...r, acked_seq: Number(r.acked_seq), max_ticket_cents: Number(r.max_ticket_cents), max_count: Number(r.max_count), max_total_cents: Number(r.max_total_cents) };
}

/** Records the allowance central just signed for the terminal, in place of the one before. */
export async function saveAllowance(tx: Queryable, terminalId: string, a: AllowanceRow, signer: string, signature: string): Promise<void> {
  await tx.execute(
    `INSERT INTO offline_allowances (terminal_id, acked_seq, issued_at, valid_until, max_ticket_cents, max_count, max_total_cents, signer, signature)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (terminal_id) DO UPDATE SET acked_seq = $2, issued_at = $3, valid_until = $4, max_ticket_cents = $5, max_count = $6, max_total_cents = $7, signer = $8, signature = $9`,
    [terminalId, a.acked_seq, a.issued_at, a.valid_until, a.max_ticket_cents, a.max_count, a.max_total_cents, signer, signature],
  );
}

/** A digital unit's sale at central ('sold', 'voided'; undefined: never sold). */
export async function digitalSaleStatus(q: Queryable, id: { game: string; emission: number; block: number; unit: number }): Promise<string | undefined> {
  return (await q.query<{ status: string }>('SELECT status FROM digital_sales WHERE game = $1 AND emission = $2 AND block = $3 AND unit = $4', [id.game, id.emission, id.block, id.unit]))[0]?.status;
}

/** What the sale checks read, in three statements: paid claims of `tickets` (when), which of `packs` (`game/emission/block/pack`) were returned (when), which of `refs` are stop-listed (since when). */
export async function saleFacts(
  q: Queryable,
  tickets: readonly string[],
  packs: readonly string[],
  refs: readonly string[],
): Promise<{ paid: { ticket: string; terminal_id: string; at: string }[]; returned: { k: string; at: string }[]; stopped: { pack: string; at: string }[] }> {
  const paid = await q.query<{ ticket: string; terminal_id: string; at: string }>(
    `SELECT ticket, terminal_id, coalesce(paid_at, claimed_at) AS at FROM ticket_claims WHERE state = 'paid' AND ticket = ANY($1::text[])`,
    [tickets],
  );
  const returned = await q.query<{ k: string; at: string }>(
    `SELECT game || '/' || emission || '/' || block || '/' || pack AS k, coalesce(returned_at, updated_at) AS at FROM pack_states
      WHERE state = 'returned' AND (game || '/' || emission || '/' || block || '/' || pack) = ANY($1::text[])`,
    [packs],
  );
  const stopped = await q.query<{ pack: string; at: string }>('SELECT pack, added_at AS at FROM stop_list WHERE removed_at IS NULL AND pack = ANY($1::text[])', [refs]);
  return { paid, returned, stopped };
}
