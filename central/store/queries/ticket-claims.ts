/** SQL of `ticket_claims` and `payout_exceptions` (the rules: store/claims.ts). */
import type { UnitId } from '../../../games/ticket-id.js';
import type { Queryable } from '../db.js';

export interface ClaimRow {
  ticket: string;
  state: 'held' | 'paid';
  terminal_id: string;
  claim_key: string | null;
  /** The prize by central's print data when it was claimed (null for a payout central never saw claimed). */
  prize_cents: number | string | null;
  claimed_at: string;
  held_until: string | null;
  paid_at: string | null;
  amount_cents: number | null;
}

/** What a claim reads that may change under an admin's or another terminal's hand, as one row. */
export interface ClaimFactsRow {
  sale: 'sold' | 'voided' | null;
  hold: unknown;
  stop_pack: string | null;
  stop_reason: string | null;
  pack_state: string | null;
  pack_terminal: string | null;
}

/** The unit's sale, `claim_hold_seconds`, the first stop-listed pack among `refs`, the ticket's pack state: one round trip. */
export async function claimFactsRow(q: Queryable, id: UnitId, refs: readonly string[], pack: number): Promise<ClaimFactsRow | undefined> {
  return (
    await q.query<ClaimFactsRow>(
      `SELECT (SELECT status FROM digital_sales WHERE game = $1 AND emission = $2 AND block = $3 AND unit = $4) AS sale,
              (SELECT value FROM config WHERE key = 'claim_hold_seconds') AS hold,
              s.pack AS stop_pack, s.reason AS stop_reason, p.state AS pack_state, p.terminal_id AS pack_terminal
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (SELECT pack, reason FROM stop_list WHERE pack = ANY($5::text[]) AND removed_at IS NULL LIMIT 1) AS s ON true
         LEFT JOIN LATERAL (SELECT state, terminal_id FROM pack_states WHERE game = $1 AND emission = $2 AND block = $3 AND pack = $6) AS p ON true`,
      [id.game, id.emission, id.block, id.unit, refs, pack],
    )
  )[0];
}

export interface NewClaim {
  ticket: string;
  terminalId: string;
  claimKey: string;
  prize: number;
  now: string;
  heldUntil: string;
}

/** Holds a ticket nobody claimed yet for a terminal; 1 when taken, 0 when a row was there. */
export async function takeClaim(q: Queryable, n: NewClaim): Promise<number> {
  return q.execute(
    `INSERT INTO ticket_claims (ticket, state, terminal_id, claim_key, prize_cents, claimed_at, held_until) VALUES ($1, 'held', $2, $3, $4, $5, $6)
     ON CONFLICT (ticket) DO NOTHING`,
    [n.ticket, n.terminalId, n.claimKey, n.prize, n.now, n.heldUntil],
  );
}

/** One ticket's claim, locked until the transaction ends. */
export async function lockClaim(tx: Queryable, ticket: string): Promise<ClaimRow | undefined> {
  return (await tx.query<ClaimRow>('SELECT * FROM ticket_claims WHERE ticket = $1 FOR UPDATE', [ticket]))[0];
}

/** Hands a held ticket's claim to a terminal (a retry, or a hold that timed out). */
export async function retakeClaim(tx: Queryable, n: NewClaim): Promise<void> {
  await tx.execute('UPDATE ticket_claims SET terminal_id = $2, claim_key = $3, claimed_at = $4, held_until = $5 WHERE ticket = $1', [n.ticket, n.terminalId, n.claimKey, n.now, n.heldUntil]);
}

/** The claims of `tickets`, locked in ticket order (one statement, any count). */
export async function lockClaims(tx: Queryable, tickets: readonly string[]): Promise<ClaimRow[]> {
  return tx.query<ClaimRow>('SELECT * FROM ticket_claims WHERE ticket = ANY($1::text[]) ORDER BY ticket FOR UPDATE', [tickets]);
}

/** A payout from a terminal's journal. */
export interface PayoutRow {
  ticket: string;
  seq: number;
  at: string;
  amount: number;
  offline: boolean;
}

/** Inserts never-claimed tickets as paid by `terminalId` (one statement); answers the tickets inserted. */
export async function insertPaidClaims(tx: Queryable, terminalId: string, now: string, payouts: readonly PayoutRow[]): Promise<{ ticket: string }[]> {
  return tx.query<{ ticket: string }>(
    `INSERT INTO ticket_claims (ticket, state, terminal_id, claimed_at, paid_at, paid_seq, amount_cents, offline)
         SELECT u.ticket, 'paid', $1, $2, u.at, u.seq, u.amount, u.offline
           FROM unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::boolean[]) AS u(ticket, at, seq, amount, offline)
         ON CONFLICT (ticket) DO NOTHING RETURNING ticket`,
    [terminalId, now, payouts.map((p) => p.ticket), payouts.map((p) => p.at), payouts.map((p) => p.seq), payouts.map((p) => p.amount), payouts.map((p) => p.offline)],
  );
}

/** Turns held claims paid by `terminalId` (one statement). */
export async function markClaimsPaid(tx: Queryable, terminalId: string, payouts: readonly PayoutRow[]): Promise<void> {
  await tx.execute(
    `UPDATE ticket_claims AS t SET state = 'paid', terminal_id = $1, held_until = NULL, paid_at = u.at, paid_seq = u.seq, amount_cents = u.amount, offline = u.offline
           FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::boolean[]) AS u(ticket, at, seq, amount, offline)
          WHERE t.ticket = u.ticket`,
    [terminalId, payouts.map((p) => p.ticket), payouts.map((p) => p.at), payouts.map((p) => p.seq), payouts.map((p) => p.amount), payouts.map((p) => p.offline)],
  );
}

/** Records a second payout of a ticket `first` already holds as paid; 1 when new, 0 when that payout was recorded before. */
export async function insertPayoutException(tx: Queryable, now: string, first: ClaimRow, terminalId: string, second: PayoutRow): Promise<number> {
  return tx.execute(
    `INSERT INTO payout_exceptions (ticket, at, first_terminal, first_at, first_amount, second_terminal, second_seq, second_at, second_amount, second_offline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (second_terminal, second_seq) DO NOTHING`,
    [second.ticket, now, first.terminal_id, first.paid_at ?? first.claimed_at, first.amount_cents ?? 0, terminalId, second.seq, second.at, second.amount, second.offline],
  );
}

/** Releases the terminal's holds claimed before `before`. */
export async function releaseHeldClaims(tx: Queryable, terminalId: string, before: string): Promise<void> {
  await tx.execute(`DELETE FROM ticket_claims WHERE terminal_id = $1 AND state = 'held' AND claimed_at < $2`, [terminalId, before]);
}

export interface PayoutExceptionRow {
  ticket: string; at: string; first_terminal: string; first_retailer: string | null; first_at: string; first_amount: number;
  second_terminal: string; second_retailer: string | null; second_seq: number; second_at: string; second_amount: number; second_offline: boolean;
}

/** Every payout exception with both terminals' retailers, oldest first. */
export async function payoutExceptionRows(q: Queryable): Promise<PayoutExceptionRow[]> {
  return q.query<PayoutExceptionRow>(
    `SELECT x.ticket, x.at, x.first_terminal, f.retailer AS first_retailer, x.first_at, x.first_amount,
            x.second_terminal, s.retailer AS second_retailer, x.second_seq, x.second_at, x.second_amount, x.second_offline
       FROM payout_exceptions x
       LEFT JOIN terminals f ON f.terminal_id = x.first_terminal
       LEFT JOIN terminals s ON s.terminal_id = x.second_terminal
      ORDER BY x.at, x.exception_id`,
  );
}

/** A ticket central holds paid, with who paid it and the retailer holding its pack (see store/paid-feed.ts). */
export interface PaidFactRow {
  ticket: string;
  terminal_id: string;
  /** The paying terminal's retailer ('' for none: the lottery's office). */
  payer_retailer: string;
  at: string;
  /** The retailer of the terminal that holds the ticket's pack. */
  holder_retailer: string;
}

/** The paid tickets among `tickets` (each with its pack) whose pack a terminal holds, one statement. */
export async function paidFactRows(q: Queryable, tickets: readonly { ticket: string; game: string; emission: number; block: number; pack: number }[]): Promise<PaidFactRow[]> {
  return q.query<PaidFactRow>(
    `SELECT c.ticket, c.terminal_id, coalesce(pt.retailer, '') AS payer_retailer, coalesce(c.paid_at, c.claimed_at) AS at, ht.retailer AS holder_retailer
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[]) AS u(ticket, game, emission, block, pack)
       JOIN ticket_claims c ON c.ticket = u.ticket AND c.state = 'paid'
       JOIN pack_states p ON p.game = u.game AND p.emission = u.emission AND p.block = u.block AND p.pack = u.pack
       JOIN terminals ht ON ht.terminal_id = p.terminal_id
       LEFT JOIN terminals pt ON pt.terminal_id = c.terminal_id
      ORDER BY c.ticket`,
    [tickets.map((t) => t.ticket), tickets.map((t) => t.game), tickets.map((t) => t.emission), tickets.map((t) => t.block), tickets.map((t) => t.pack)],
  );
}
