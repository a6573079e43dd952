/**
 * The payment of a prize claim (#22): a claim form (a prize above the payout limit) or a claim receipt
 * filed at a terminal (store/prize-claims.ts) is paid by the lottery's office, and finance records it at
 * central: the winner's identity (full name, ID document, address) and the payment made (bank transfer,
 * cheque or cash at the office, its reference, the day). Money: under dual control (`claims.pay`,
 * admin/ops.ts), run once a second operator approved it.
 *
 * The amount is the prize of the ticket by central's own print data, never the terminal's figure. A
 * claim is paid once, and so is its ticket: one already paid (by this claim or another of the same
 * ticket), paid at a terminal, or held by a terminal's claim right now is refused, nothing changed.
 * Once paid, central holds the ticket as paid by the lottery's office (`ticket_claims`): a terminal
 * that presents it afterwards is answered "already paid".
 */
import type { ClaimPayArgs } from '../../common/console/claims.js';
import { printedTicketKey } from '../../common/ticket-number.js';
import { gameByCode, isGameCode } from '../../games/index.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { networkRefusal } from './claims.js';
import { printData, publishedBlock } from './print-cache.js';
import { claimPaymentOf, claimPaymentRows, insertClaimPayment, markPaidAtOffice, prizeClaimRow, type ClaimPaymentRow } from './queries/claim-payments.js';
import { lockClaim } from './queries/ticket-claims.js';
import { announcePaidTickets } from './paid-feed.js';
import { digitalSaleStatus } from './queries/uncredited.js';

/** The payer `ticket_claims` names for a prize the lottery's office paid. */
export const LOTTERY_OFFICE = 'lottery-office';

const euros = (c: number): string => `${(c / 100).toFixed(2)} €`;

export interface ClaimPayment {
  terminal: string;
  journal_seq: number;
  ticket: string;
  amount_cents: number;
  winner: { name: string; id_kind: ClaimPaymentRow['id_kind']; id_number: string; address: string | null };
  payment: { method: ClaimPaymentRow['method']; reference: string; paid_on: string };
  proposed_by: string | null;
  recorded_by: string;
  recorded_at: string;
}

const viewOf = (r: ClaimPaymentRow): ClaimPayment => ({
  terminal: r.terminal_id,
  journal_seq: Number(r.seq),
  ticket: r.ticket,
  amount_cents: Number(r.amount_cents),
  winner: { name: r.winner_name, id_kind: r.id_kind, id_number: r.id_number, address: r.address },
  payment: { method: r.method, reference: r.reference, paid_on: r.paid_on },
  proposed_by: r.proposed_by,
  recorded_by: r.recorded_by,
  recorded_at: r.recorded_at,
});

export async function listClaimPayments(c: Central): Promise<ClaimPayment[]> {
  return (await claimPaymentRows(c.db)).map(viewOf);
}

/** What paying a claim changes, read before (journaled as `before`): its payment, if any. */
export async function claimPaymentBefore(c: Central, a: { terminal: string; seq: number }): Promise<unknown> {
  const claim = await prizeClaimRow(c.db, a.terminal, a.seq);
  if (!claim) return { claim: null };
  const paid = await claimPaymentOf(c.db, a.terminal, a.seq, claim.ticket);
  return { claim: `${a.terminal}/${a.seq}`, ticket: claim.ticket, paid: paid ? { ticket: paid.ticket, paid_on: paid.paid_on, method: paid.method } : null };
}

const refusedPaid = (p: ClaimPaymentRow, terminal: string, seq: number): CentralError => {
  const same = p.terminal_id === terminal && Number(p.seq) === seq;
  const which = same ? `claim ${terminal}/${seq}` : `ticket ${printedTicketKey(p.ticket)} (claim ${p.terminal_id}/${Number(p.seq)})`;
  return new CentralError('claim_already_paid', `${which} was paid on ${p.paid_on} (${p.method}, ${p.reference}), recorded by ${p.recorded_by} at ${p.recorded_at}: a claim is paid once`, 409, {
    ticket: p.ticket,
    claim: `${p.terminal_id}/${Number(p.seq)}`,
    paid_on: p.paid_on,
    method: p.method,
    reference: p.reference,
    recorded_by: p.recorded_by,
    recorded_at: p.recorded_at,
  });
};

/**
 * The prize of stored ticket key `game/emission/block/unit` by central's print data; a refusal when
 * central cannot tell it, or would pay it nowhere (its pack stop-listed or activated at no terminal,
 * as a terminal's claim is refused: the office checks what central knows, whatever the claim says).
 */
async function prizeByPrintData(c: Central, q: Queryable, ticket: string): Promise<number> {
  const m = /^([a-z0-9-]+)\/(\d+)\/(\d+)\/(\d+)$/.exec(ticket);
  if (!m || !isGameCode(m[1]!)) throw new CentralError('unknown_ticket', `the claim names no ticket central knows (${ticket})`, 409);
  const id = { game: m[1], emission: Number(m[2]), block: Number(m[3]), unit: Number(m[4]) };
  const pub = await publishedBlock(c, q, id);
  if (!pub?.print_name) throw new CentralError('unknown_ticket', `central has no published print data for ${id.game} emission ${id.emission} block ${id.block}: it cannot tell the prize of ${printedTicketKey(ticket)}`, 409);
  const print = printData(c, pub.print_name);
  if (id.unit >= print.header.block_size) throw new CentralError('unknown_ticket', `unit ${id.unit} is not in the block`, 409);
  const prize = print.header.tier_amounts[print.tiers[id.unit] as number] ?? 0;
  if (prize <= 0) throw new CentralError('not_winner', `${printedTicketKey(ticket)} is not a winning ticket by the lottery's print data: do not pay`, 409, { ticket });
  if (gameByCode(id.game).kind === 'digital' && (await digitalSaleStatus(q, id)) !== 'sold') {
    throw new CentralError('not_sold', `central never sold the digital unit ${printedTicketKey(ticket)} (or voided its sale): do not pay`, 409, { ticket });
  }
  const refusal = await networkRefusal(c, q, id, pub.manifest.pack_size ?? print.header.pack_size);
  if (refusal) throw new CentralError(refusal.reason, `${printedTicketKey(ticket)}: ${refusal.message}`, 409, { ticket, ...refusal.facts });
  return prize;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The day a payment was made is a day it could have been: not after today, not before the claim was
 * filed. Days are the office's, times UTC: one day of slack each way for any time zone.
 */
export function checkPaidOn(paidOn: string, filedAt: string, now: string): void {
  const latest = dayOf(Date.parse(now) + DAY_MS);
  if (paidOn > latest) throw new CentralError('bad_paid_on', `the payment's day ${paidOn} is after today: record a payment once it is made`, 400, { rule: 'after_today', paid_on: paidOn });
  const earliest = dayOf(Date.parse(filedAt) - DAY_MS);
  if (paidOn < earliest) throw new CentralError('bad_paid_on', `the payment's day ${paidOn} is before the claim was filed (${filedAt.slice(0, 10)})`, 400, { rule: 'before_filed', paid_on: paidOn, filed_at: filedAt });
}

/** Checks that claim (terminal, seq) may be paid, without changing anything: the refusals of `payClaim`, before a proposal (in `payClaim`'s transaction, the ticket's claim row stays locked until it commits). */
export async function checkClaimPayable(c: Central, q: Queryable, terminal: string, seq: number, paidOn?: string): Promise<{ ticket: string; prize: number; filed_cents: number }> {
  const claim = await prizeClaimRow(q, terminal, seq);
  if (!claim) throw new CentralError('no_such_claim', `no prize claim filed by terminal ${terminal} at journal entry ${seq} (guichet central claims lists them)`, 404);
  if (paidOn !== undefined) checkPaidOn(paidOn, claim.filed_at, c.now());
  const paid = await claimPaymentOf(q, terminal, seq, claim.ticket);
  if (paid) throw refusedPaid(paid, terminal, seq);
  const prize = await prizeByPrintData(c, q, claim.ticket);
  const ticket = claim.ticket;
  // The network's hold on the ticket: paid at a terminal (or by the office), or held by a terminal's claim right now.
  const held = await lockClaim(q, ticket);
  if (held?.state === 'paid') {
    throw new CentralError('ticket_already_paid', `${printedTicketKey(ticket)} was paid on ${held.paid_at ?? held.claimed_at} by ${held.terminal_id === LOTTERY_OFFICE ? "the lottery's office" : `terminal ${held.terminal_id}`}: do not pay`, 409, {
      rule: held.terminal_id === LOTTERY_OFFICE ? 'office' : 'terminal',
      ticket,
      terminal: held.terminal_id,
      paid_at: held.paid_at ?? held.claimed_at,
    });
  }
  if (held && (held.held_until ?? '') >= c.now()) {
    throw new CentralError('ticket_held', `${printedTicketKey(ticket)} is held by terminal ${held.terminal_id}'s claim until ${held.held_until ?? '?'}: not paid there yet, try again after`, 409, {
      ticket,
      terminal: held.terminal_id,
      until_at: held.held_until ?? '',
    });
  }
  return { ticket, prize, filed_cents: Number(claim.amount_cents) };
}

/** Records claim (terminal, seq) paid: the winner and the payment, at central's prize (see the module comment). */
export async function payClaim(c: Central, actor: string, a: ClaimPayArgs, proposer: string | null): Promise<ClaimPayment> {
  return c.db.transaction(async (tx) => {
    const { ticket, prize, filed_cents } = await checkClaimPayable(c, tx, a.terminal, a.seq, a.payment.paid_on);
    const at = c.now();
    await markPaidAtOffice(tx, ticket, LOTTERY_OFFICE, prize, at);
    await announcePaidTickets(c, tx, [ticket]); // the shop holding its pack refuses it offline (store/paid-feed.ts)
    const row = {
      terminal_id: a.terminal,
      seq: a.seq,
      ticket,
      amount_cents: prize,
      winner_name: a.winner.name,
      id_kind: a.winner.id_kind,
      id_number: a.winner.id_number,
      address: a.winner.address?.trim() ? a.winner.address.trim() : null,
      method: a.payment.method,
      reference: a.payment.reference,
      paid_on: a.payment.paid_on,
      proposed_by: proposer,
      recorded_by: actor,
      recorded_at: at,
    };
    await insertClaimPayment(tx, row);
    await journalAtCentral(c, tx, at, actor, 'claim.pay', {
      terminal: a.terminal,
      seq: a.seq,
      ticket,
      amount_cents: prize,
      ...(filed_cents !== prize ? { filed_cents, note: `the claim filed at the terminal said ${euros(filed_cents)}; paid at central's prize` } : {}),
      method: a.payment.method,
      reference: a.payment.reference,
      paid_on: a.payment.paid_on,
      winner: a.winner.name,
      id_kind: a.winner.id_kind,
      reason: a.reason,
      proposer,
    });
    return viewOf({ ...row, seq: a.seq, amount_cents: prize });
  });
}
