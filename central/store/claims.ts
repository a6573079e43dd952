/**
 * One ticket, one payment across the network. Central keeps the "paid" flag:
 * - a claim (POST /v1/claim) checks the presented validation barcode against central's OWN print data
 *   of the published block (never the terminal's word), then holds the ticket for the asking terminal;
 *   a digital unit central never sold (no sale, or its sale voided) is refused as `not_sold`;
 * - the terminal's journal confirms it: a 'payout' entry marks the ticket paid by that terminal;
 * - a hold whose payout never comes is released by the terminal's next push (an entry journaled a
 *   minute after the claim and still no payout) or when it times out at central (claim_hold_seconds);
 *   a retry by the same terminal never moves its time-out, and that terminal may not take it again
 *   before one more time-out has passed; a ticket held by another terminal is answered `held_elsewhere`
 *   (never "already paid");
 * - a payout of a ticket central already holds as paid elsewhere (both paid offline, or a hold that
 *   timed out) becomes a payout exception, listed by `guichet central exceptions`, and the terminal
 *   that paid second is told through its feed.
 */
import { claimsHold } from './restore-hold.js';
import type { ClaimAnswer, ClaimRequest, PackIdentity, WireJournalEntry } from '../../common/protocol/index.js';
import { gameByCode } from '../../games/index.js';
import { inventoryBarcode, parseBarcode, TicketIdError, type UnitId } from '../../games/ticket-id.js';
import { unitSecrets } from '../emission/secrets.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { announce } from './feed.js';
import { packOfTicket } from './packs.js';
import { printData, publishedBlock } from './print-cache.js';
import { retailerOf } from './queries/terminals.js';
import {
  claimFactsRow,
  insertPaidClaims,
  insertPayoutException,
  lockClaim,
  lockClaims,
  markClaimsPaid,
  payoutExceptionRows,
  releaseHeldClaims,
  retakeClaim,
  takeClaim,
  type ClaimRow,
  type PayoutRow,
} from './queries/ticket-claims.js';

/** How long a claim holds a ticket for its terminal when no payout arrives (configuration `claim_hold_seconds`). */
export const DEFAULT_CLAIM_HOLD_SECONDS = 120;
/** A push holding an entry journaled this long after a claim, and no payout of it, releases the claim. */
export const RELEASE_AFTER_MS = 60_000;

export const ticketKey = (id: UnitId): string => `${id.game}/${id.emission}/${id.block}/${id.unit}`;

function answer(verdict: ClaimAnswer['verdict'], message: string, extra: Partial<ClaimAnswer> = {}): ClaimAnswer {
  return { verdict, ticket: null, prize_cents: null, paid: null, held_until: null, message, ...extra };
}

/** The pack reference central's stop list uses, as `guichet central stoplist add` takes it: `GGG-EEE-BB-PPPPP`. */
function packRefs(id: UnitId, barcode: string, packSize: number | undefined): string[] {
  if (!packSize) return [];
  const pack = String(Math.floor(id.unit / packSize)).padStart(5, '0');
  const head = `${barcode.slice(0, 3)}-${barcode.slice(3, 6)}-${barcode.slice(6, 8)}`;
  return [`${head}-${pack}`, `${head.replace(/-/g, '')}${pack}`];
}

/** `GGG-EEE-BB` of a barcode. */
const barcode3 = (barcode: string): string => `${barcode.slice(0, 3)}-${barcode.slice(3, 6)}-${barcode.slice(6, 8)}`;

/** What a claim reads that may change under an admin's or another terminal's hand, read each time. */
interface ClaimFacts {
  /** The unit's sale at central, if it is a digital unit central sold (then perhaps voided). */
  sale: 'sold' | 'voided' | null;
  /** The first stop-listed pack among the ticket's pack references, if any. */
  stop: { pack: string; reason: string } | null;
  /** Configuration `claim_hold_seconds` (raw). */
  hold: unknown;
  /** The ticket's pack at central (null: received by no terminal). */
  pack: { state: string; terminal: string } | null;
}

/** A claim's changing facts, in one round trip (see ClaimFacts). */
async function claimFacts(c: Central, id: UnitId, refs: string[], pack: PackIdentity | null): Promise<ClaimFacts> {
  const row = await claimFactsRow(c.db, id, refs, pack?.pack ?? -1);
  return {
    sale: row?.sale ?? null,
    stop: row?.stop_pack ? { pack: row.stop_pack, reason: row.stop_reason ?? '' } : null,
    hold: row?.hold ?? null,
    pack: row?.pack_state ? { state: row.pack_state, terminal: row.pack_terminal ?? '' } : null,
  };
}

/**
 * Why central pays ticket `id` nowhere, whatever the channel (a terminal's claim, or the lottery's
 * office through `claims.pay`): its pack on the stop list, or activated at no terminal. Null when neither.
 */
export async function networkRefusal(c: Central, q: Queryable, id: UnitId, packSize: number | undefined): Promise<{ reason: 'stop_listed' | 'pack_not_active'; message: string; facts: Record<string, string> } | null> {
  const barcode = inventoryBarcode(id);
  const pack = packOfTicket(id.game, id.emission, id.block, id.unit);
  const row = await claimFactsRow(q, id, packRefs(id, barcode, packSize), pack?.pack ?? -1);
  if (row?.stop_pack) return { reason: 'stop_listed', message: `pack ${row.stop_pack} is on the lottery's stop list (${row.stop_reason ?? ''}): do not pay, keep the ticket`, facts: { pack: row.stop_pack, why: row.stop_reason ?? '' } };
  if (pack && row?.pack_state !== 'active' && row?.pack_state !== 'settled') {
    const number = `${barcode3(barcode)}-${String(pack.pack).padStart(5, '0')}`;
    return { reason: 'pack_not_active', message: `pack ${number} ${row?.pack_state ? `is ${row.pack_state}` : 'was activated at no terminal'}, not active: its tickets are paid nowhere`, facts: { pack: number, state: row?.pack_state ?? 'never_active' } };
  }
  return null;
}

/** Answers a terminal's claim of a validation barcode (see the module comment). */
export async function claimTicket(c: Central, terminalId: string, req: ClaimRequest): Promise<ClaimAnswer> {
  let id: UnitId;
  let hidden: string;
  try {
    const parsed = parseBarcode(req.barcode);
    if (parsed.kind !== 'validation') return answer('unknown_ticket', 'this is an inventory barcode: present the validation barcode under the scratch area');
    id = parsed.id;
    hidden = parsed.hiddenCode;
  } catch (err) {
    if (err instanceof TicketIdError) return answer('unknown_ticket', err.message);
    throw err;
  }
  const ticket = ticketKey(id);
  // After a restore, central does not know yet what terminals paid since its backup (store/restore-hold.ts).
  const restoring = await claimsHold(c);
  if (restoring) {
    return answer('central_restoring', `central was restored from a backup on ${restoring.started_at} and does not know yet whether another terminal paid this ticket since: do not pay now; prizes are claimed again once every terminal has synced, or the lottery releases them`, { ticket });
  }
  const pub = await publishedBlock(c, c.db, id);
  if (!pub?.print_name) return answer('unknown_ticket', `central has no published print data for ${id.game} emission ${id.emission} block ${id.block}`, { ticket });
  const print = printData(c, pub.print_name);
  if (id.unit >= print.header.block_size) return answer('unknown_ticket', `unit ${id.unit} is not in the block`, { ticket });
  // Central's own check: the hidden code its print data gives this unit, and the prize of its tier.
  if (unitSecrets(print.master, id.unit).hiddenCode !== hidden) return answer('not_winner', 'the hidden code does not match the lottery\'s print data: do not pay', { ticket });
  const refs = packRefs(id, req.barcode, pub.manifest.pack_size ?? print.header.pack_size);
  const pack = packOfTicket(id.game, id.emission, id.block, id.unit);
  // One round trip: what may change under an admin's or another terminal's hand.
  const facts = await claimFacts(c, id, refs, pack);
  // A digital unit is paid only once central sold it: never sold, or its sale voided (its code may have travelled), never paid.
  if (gameByCode(id.game).kind === 'digital' && facts.sale !== 'sold') {
    const why = facts.sale ? "this digital unit's sale was voided at central: it was never sold" : 'central never sold this digital unit';
    return answer('not_sold', `${why}, do not pay`, { ticket });
  }
  const prize = print.header.tier_amounts[print.tiers[id.unit] as number] ?? 0;
  if (prize <= 0) return answer('not_winner', 'not a winning ticket by the lottery\'s print data', { ticket, prize_cents: 0 });
  const { stop, hold } = facts;
  if (stop) return answer('stop_listed', `pack ${stop.pack} is on the lottery's stop list (${stop.reason}): do not pay, keep the ticket`, { ticket, prize_cents: prize });
  // The pack's state at central: a ticket of a pack activated nowhere is not payable anywhere.
  if (pack && (!facts.pack || (facts.pack.state !== 'active' && facts.pack.state !== 'settled'))) {
    const number = `${barcode3(req.barcode)}-${String(pack.pack).padStart(5, '0')}`;
    // The holding terminal is named to its own retailer's terminals only (#19: each terminal sees its own).
    const mine = facts.pack ? (await retailerOf(c.db, facts.pack.terminal)) === (await retailerOf(c.db, terminalId)) : false;
    const why = facts.pack ? `is ${facts.pack.state}${mine ? ` (terminal ${facts.pack.terminal})` : " (at another retailer's terminal)"}` : 'was activated at no terminal';
    return answer('pack_not_active', `ticket non enregistré: pack ${number} ${why}, not active: do not pay`, { ticket });
  }
  const now = c.now();
  if (pub.manifest.claim_deadline < now) return answer('expired', `the claim period ended on ${pub.manifest.claim_deadline}`, { ticket, prize_cents: prize });
  const holdSeconds = typeof hold === 'number' && hold > 0 ? hold : DEFAULT_CLAIM_HOLD_SECONDS;
  const heldUntil = new Date(Date.parse(now) + holdSeconds * 1000).toISOString();
  const claimed = (): ClaimAnswer => answer('claimed', 'claimed for this terminal: pay it now', { ticket, prize_cents: prize, held_until: heldUntil });
  // A ticket nobody claimed yet (the common case): one autocommit statement takes it, no transaction.
  const take = { ticket, terminalId, claimKey: req.claim_key, prize, now, heldUntil };
  if ((await takeClaim(c.db, take)) === 1) return claimed();
  // Claimed before: look at its row under a lock (a retry, a hold that timed out, or paid elsewhere).
  return c.db.transaction(async (tx) => {
    let row = await lockClaim(tx, ticket);
    // Released between the two statements (a push of its holder): take it now, or see who did first.
    if (!row && (await takeClaim(tx, take)) === 1) return claimed();
    row ??= (await lockClaim(tx, ticket)) as ClaimRow;
    if (row.state === 'paid') {
      const where = { terminal: row.terminal_id, retailer: await retailerOf(tx, row.terminal_id), at: row.paid_at ?? row.claimed_at };
      return answer('already_paid', `already paid on ${where.at} at terminal ${where.terminal} (${where.retailer}): do not pay`, { ticket, prize_cents: prize, paid: where });
    }
    const until = row.held_until ?? '';
    // Held by this terminal and still running (a retry, same key or not): claimed, its time-out unchanged.
    if (row.terminal_id === terminalId && until >= now) {
      await retakeClaim(tx, { ...take, now: row.claimed_at, heldUntil: until });
      return answer('claimed', 'claimed for this terminal: pay it now', { ticket, prize_cents: prize, held_until: until });
    }
    // A hold that timed out is any other terminal's to take; its own terminal may not renew it before one
    // more time-out has passed (a terminal cannot keep another shop's winner on hold by claiming it again).
    const renewFrom = until === '' ? '' : new Date(Date.parse(until) + holdSeconds * 1000).toISOString();
    if (until < now && (row.terminal_id !== terminalId || renewFrom < now)) {
      await retakeClaim(tx, take);
      return claimed();
    }
    const where = { terminal: row.terminal_id, retailer: await retailerOf(tx, row.terminal_id), at: row.claimed_at };
    const why =
      row.terminal_id === terminalId
        ? `this terminal's hold ended on ${until} and cannot be renewed before ${renewFrom}: another terminal may claim it`
        : `held since ${where.at} by terminal ${where.terminal} (${where.retailer}) until ${until}: not paid yet, do not pay now`;
    return answer('held_elsewhere', why, { ticket, prize_cents: prize, paid: where, held_until: row.terminal_id === terminalId ? renewFrom : until });
  });
}

/**
 * The batch's new payouts, the first of each ticket, and any later payout of a ticket already paid in
 * the same batch (the terminal's own constraint forbids it: an exception if it ever comes).
 */
function freshPayouts(fresh: readonly WireJournalEntry[]): { payouts: PayoutRow[]; repeats: PayoutRow[] } {
  const out = new Map<string, PayoutRow>();
  const repeats: PayoutRow[] = [];
  for (const e of fresh) {
    if (e.type !== 'payout') continue;
    const p = e.payload as { game?: unknown; emission?: unknown; block?: unknown; unit?: unknown; amount_cents?: unknown; offline?: unknown };
    if (typeof p.game !== 'string' || typeof p.emission !== 'number' || typeof p.block !== 'number' || typeof p.unit !== 'number') continue;
    const ticket = `${p.game}/${p.emission}/${p.block}/${p.unit}`;
    const payout = { ticket, seq: e.seq, at: e.at, amount: typeof p.amount_cents === 'number' ? p.amount_cents : 0, offline: p.offline === true };
    if (out.has(ticket)) repeats.push(payout);
    else out.set(ticket, payout);
  }
  return { payouts: [...out.values()], repeats };
}

/**
 * Inside a push's transaction: every new 'payout' entry marks its ticket paid by this terminal (or makes
 * an exception when another terminal paid it first); holds this terminal left unpaid are released.
 * Whatever the batch's size, three statements: the tickets' claims locked in ticket order, the
 * never-claimed ones inserted paid, the held ones turned paid; an exception costs its own few.
 * Answers the exceptions made and the tickets newly paid by this push (what packs count towards settling).
 */
export async function reconcilePayouts(c: Central, tx: Queryable, terminalId: string, fresh: readonly WireJournalEntry[]): Promise<{ exceptions: number; paid: string[] }> {
  let exceptions = 0;
  const paid: string[] = [];
  const now = c.now();
  const { payouts, repeats } = freshPayouts(fresh);
  if (payouts.length > 0) {
    const tickets = payouts.map((p) => p.ticket);
    const rows = new Map((await lockClaims(tx, tickets)).map((r) => [r.ticket, r]));
    const unclaimed = payouts.filter((p) => !rows.has(p.ticket));
    if (unclaimed.length > 0) {
      const inserted = await insertPaidClaims(tx, terminalId, now, unclaimed);
      const done = new Set(inserted.map((r) => r.ticket));
      paid.push(...done);
      // Claimed by another terminal between the two statements: judge those on their row, as below.
      const raced = unclaimed.filter((p) => !done.has(p.ticket)).map((p) => p.ticket);
      if (raced.length > 0) for (const r of await lockClaims(tx, raced)) rows.set(r.ticket, r);
      for (const t of done) rows.delete(t);
    }
    const held = payouts.filter((p) => rows.get(p.ticket)?.state === 'held');
    paid.push(...held.map((p) => p.ticket));
    if (held.length > 0) {
      await markClaimsPaid(tx, terminalId, held);
    }
    const paidBefore = payouts.filter((p) => rows.get(p.ticket)?.state === 'paid');
    for (const p of [...paidBefore, ...repeats]) {
      const row = rows.get(p.ticket)?.state === 'paid' ? rows.get(p.ticket)! : (await lockClaims(tx, [p.ticket]))[0]!;
      // Paid before, elsewhere (or a second payout here, which the terminal's own constraint forbids).
      const n = await insertPayoutException(tx, now, row, terminalId, p);
      if (n === 1) {
        exceptions++;
        await announce(
          c,
          tx,
          {
            kind: 'payout_exception',
            ticket: p.ticket,
            first: { terminal: row.terminal_id, retailer: await retailerOf(tx, row.terminal_id), at: row.paid_at ?? row.claimed_at, amount_cents: row.amount_cents ?? 0 },
            second: { terminal: terminalId, retailer: await retailerOf(tx, terminalId), at: p.at, amount_cents: p.amount },
          },
          terminalId,
        );
      }
    }
  }
  // The terminal journaled well after its claim and no payout came: it did not pay; release the hold.
  const last = fresh.at(-1)?.at;
  if (last) {
    const before = new Date(Date.parse(last) - RELEASE_AFTER_MS).toISOString();
    await releaseHeldClaims(tx, terminalId, before);
  }
  return { exceptions, paid };
}

export interface PayoutException {
  ticket: string;
  at: string;
  first: { terminal: string; retailer: string; at: string; amount_cents: number };
  second: { terminal: string; retailer: string; at: string; amount_cents: number; journal_seq: number; offline: boolean };
}

/** Every payout exception, oldest first. */
export async function payoutExceptions(c: Central): Promise<PayoutException[]> {
  const rows = await payoutExceptionRows(c.db);
  return rows.map((r) => ({
    ticket: r.ticket,
    at: r.at,
    first: { terminal: r.first_terminal, retailer: r.first_retailer ?? '', at: r.first_at, amount_cents: Number(r.first_amount) },
    second: { terminal: r.second_terminal, retailer: r.second_retailer ?? '', at: r.second_at, amount_cents: Number(r.second_amount), journal_seq: Number(r.second_seq), offline: r.second_offline },
  }));
}
