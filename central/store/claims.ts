/**
 * One ticket, one payment across the network. Central keeps the "paid" flag:
 * - a claim (POST /v1/claim) checks the presented validation barcode against central's OWN print data
 *   of the published block (never the terminal's word), then holds the ticket for the asking terminal;
 *   a digital unit central never sold (no sale, or its sale voided) is refused as `not_sold`;
 * - the terminal's journal confirms it: a 'payout' entry marks the ticket paid by that terminal;
 * - a hold whose payout never comes is released by the terminal's next push (an entry journaled a
 *   minute after the claim and still no payout) or when it times out at central (claim_hold_seconds);
 * - a payout of a ticket central already holds as paid elsewhere (both paid offline, or a hold that
 *   timed out) becomes a payout exception, listed by `guichet central exceptions`, and the terminal
 *   that paid second is told through its feed.
 */
import type { ClaimAnswer, ClaimRequest, WireJournalEntry } from '../../common/protocol/index.js';
import { gameByCode } from '../../games/index.js';
import { parseBarcode, TicketIdError, type UnitId } from '../../games/ticket-id.js';
import { unitSecrets } from '../emission/secrets.js';
import type { Central } from './context.js';
import type { Queryable } from './db.js';
import { appendFeed } from './feed.js';
import { centralPackState, packOfTicket } from './packs.js';
import { printData } from './print-cache.js';

/** How long a claim holds a ticket for its terminal when no payout arrives (configuration `claim_hold_seconds`). */
export const DEFAULT_CLAIM_HOLD_SECONDS = 120;
/** A push holding an entry journaled this long after a claim, and no payout of it, releases the claim. */
export const RELEASE_AFTER_MS = 60_000;

export const ticketKey = (id: UnitId): string => `${id.game}/${id.emission}/${id.block}/${id.unit}`;

interface ClaimRow {
  ticket: string;
  state: 'held' | 'paid';
  terminal_id: string;
  claim_key: string | null;
  claimed_at: string;
  held_until: string | null;
  paid_at: string | null;
  amount_cents: number | null;
}

async function retailerOf(q: Queryable, terminalId: string): Promise<string> {
  return (await q.query<{ retailer: string }>('SELECT retailer FROM terminals WHERE terminal_id = $1', [terminalId]))[0]?.retailer ?? '';
}

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

interface Publication {
  print_name: string | null;
  manifest: { claim_deadline: string; pack_size?: number };
}

/** Published blocks never change (publishing again the same file changes nothing): kept once read. */
const publications = new Map<string, Publication>();

async function publicationOf(c: Central, id: UnitId): Promise<Publication | undefined> {
  const key = `${c.dataDir}\0${id.game}/${id.emission}/${id.block}`;
  const held = publications.get(key);
  if (held) return held;
  const pub = (await c.db.query<Publication>('SELECT print_name, manifest FROM publications WHERE game = $1 AND emission = $2 AND block = $3', [id.game, id.emission, id.block]))[0];
  if (pub?.print_name) publications.set(key, pub);
  return pub;
}

/** The first stop-listed pack among `refs` (if any) and the configured hold time, in one statement. */
async function stopAndHold(c: Central, refs: string[]): Promise<{ stop: { pack: string; reason: string } | null; hold: unknown }> {
  const row = (
    await c.db.query<{ pack: string | null; reason: string | null; hold: unknown }>(
      `SELECT s.pack, s.reason, (SELECT value FROM config WHERE key = 'claim_hold_seconds') AS hold
         FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT pack, reason FROM stop_list WHERE pack = ANY($1::text[]) AND removed_at IS NULL LIMIT 1) AS s ON true`,
      [refs],
    )
  )[0];
  return { stop: row?.pack ? { pack: row.pack, reason: row.reason ?? '' } : null, hold: row?.hold ?? null };
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
  const pub = await publicationOf(c, id);
  if (!pub?.print_name) return answer('unknown_ticket', `central has no published print data for ${id.game} emission ${id.emission} block ${id.block}`, { ticket });
  const print = printData(c, pub.print_name);
  if (id.unit >= print.header.block_size) return answer('unknown_ticket', `unit ${id.unit} is not in the block`, { ticket });
  // Central's own check: the hidden code its print data gives this unit, and the prize of its tier.
  if (unitSecrets(print.master, id.unit).hiddenCode !== hidden) return answer('not_winner', 'the hidden code does not match the lottery\'s print data: do not pay', { ticket });
  // A digital unit is paid only once central sold it: never sold, or its sale voided (its code may have travelled), never paid.
  if (gameByCode(id.game).kind === 'digital') {
    const sale = await c.db.query<{ status: 'sold' | 'voided' }>('SELECT status FROM digital_sales WHERE game = $1 AND emission = $2 AND block = $3 AND unit = $4', [
      id.game,
      id.emission,
      id.block,
      id.unit,
    ]);
    if (sale[0]?.status !== 'sold') {
      const why = sale[0] ? "this digital unit's sale was voided at central: it was never sold" : 'central never sold this digital unit';
      return answer('not_sold', `${why}, do not pay`, { ticket });
    }
  }
  const prize = print.header.tier_amounts[print.tiers[id.unit] as number] ?? 0;
  if (prize <= 0) return answer('not_winner', 'not a winning ticket by the lottery\'s print data', { ticket, prize_cents: 0 });
  const refs = packRefs(id, req.barcode, pub.manifest.pack_size ?? print.header.pack_size);
  // One round trip: the stop list and the hold time (both change under an admin's hand, read each time).
  const { stop, hold } = await stopAndHold(c, refs);
  if (stop) return answer('stop_listed', `pack ${stop.pack} is on the lottery's stop list (${stop.reason}): do not pay, keep the ticket`, { ticket, prize_cents: prize });
  // The pack's state at central: a ticket of a pack activated nowhere is not payable anywhere.
  const pack = packOfTicket(id.game, id.emission, id.block, id.unit);
  if (pack) {
    const state = await centralPackState(c.db, pack);
    if (!state || (state.state !== 'active' && state.state !== 'settled')) {
      const number = `${barcode3(req.barcode)}-${String(pack.pack).padStart(5, '0')}`;
      const why = state ? `is ${state.state} (terminal ${state.terminal})` : 'was activated at no terminal';
      return answer('pack_not_active', `ticket non enregistré: pack ${number} ${why}, not active: do not pay`, { ticket });
    }
  }
  const now = c.now();
  if (pub.manifest.claim_deadline < now) return answer('expired', `the claim period ended on ${pub.manifest.claim_deadline}`, { ticket, prize_cents: prize });
  const holdSeconds = typeof hold === 'number' && hold > 0 ? hold : DEFAULT_CLAIM_HOLD_SECONDS;
  const heldUntil = new Date(Date.parse(now) + holdSeconds * 1000).toISOString();
  const claimed = (): ClaimAnswer => answer('claimed', 'claimed for this terminal: pay it now', { ticket, prize_cents: prize, held_until: heldUntil });
  // A ticket nobody claimed yet (the common case): one autocommit statement takes it, no transaction.
  const take = `INSERT INTO ticket_claims (ticket, state, terminal_id, claim_key, prize_cents, claimed_at, held_until) VALUES ($1, 'held', $2, $3, $4, $5, $6)
     ON CONFLICT (ticket) DO NOTHING`;
  const takeParams = [ticket, terminalId, req.claim_key, prize, now, heldUntil];
  if ((await c.db.execute(take, takeParams)) === 1) return claimed();
  // Claimed before: look at its row under a lock (a retry, a hold that timed out, or paid elsewhere).
  return c.db.transaction(async (tx) => {
    let row = (await tx.query<ClaimRow>('SELECT * FROM ticket_claims WHERE ticket = $1 FOR UPDATE', [ticket]))[0];
    // Released between the two statements (a push of its holder): take it now, or see who did first.
    if (!row && (await tx.execute(take, takeParams)) === 1) return claimed();
    row ??= (await tx.query<ClaimRow>('SELECT * FROM ticket_claims WHERE ticket = $1 FOR UPDATE', [ticket]))[0] as ClaimRow;
    if (row.state === 'paid') {
      const where = { terminal: row.terminal_id, retailer: await retailerOf(tx, row.terminal_id), at: row.paid_at ?? row.claimed_at };
      return answer('already_paid', `already paid on ${where.at} at terminal ${where.terminal} (${where.retailer}): do not pay`, { ticket, prize_cents: prize, paid: where });
    }
    // Held: by this terminal (a retry, same key or not) or a hold that timed out → this terminal's now.
    if (row.terminal_id === terminalId || (row.held_until ?? '') < now) {
      await tx.execute('UPDATE ticket_claims SET terminal_id = $2, claim_key = $3, claimed_at = $4, held_until = $5 WHERE ticket = $1', [ticket, terminalId, req.claim_key, now, heldUntil]);
      return claimed();
    }
    const where = { terminal: row.terminal_id, retailer: await retailerOf(tx, row.terminal_id), at: row.claimed_at };
    return answer('already_paid', `being paid since ${where.at} at terminal ${where.terminal} (${where.retailer}): do not pay`, { ticket, prize_cents: prize, paid: where });
  });
}

/**
 * Inside a push's transaction: every new 'payout' entry marks its ticket paid by this terminal (or makes
 * an exception when another terminal paid it first); holds this terminal left unpaid are released.
 */
export async function reconcilePayouts(c: Central, tx: Queryable, terminalId: string, fresh: readonly WireJournalEntry[]): Promise<number> {
  let exceptions = 0;
  const now = c.now();
  for (const e of fresh) {
    if (e.type !== 'payout') continue;
    const p = e.payload as { game?: unknown; emission?: unknown; block?: unknown; unit?: unknown; amount_cents?: unknown; offline?: unknown };
    if (typeof p.game !== 'string' || typeof p.emission !== 'number' || typeof p.block !== 'number' || typeof p.unit !== 'number') continue;
    const ticket = `${p.game}/${p.emission}/${p.block}/${p.unit}`;
    const amount = typeof p.amount_cents === 'number' ? p.amount_cents : 0;
    const offline = p.offline === true;
    const row = (await tx.query<ClaimRow>('SELECT * FROM ticket_claims WHERE ticket = $1 FOR UPDATE', [ticket]))[0];
    if (!row) {
      await tx.execute(
        `INSERT INTO ticket_claims (ticket, state, terminal_id, claimed_at, paid_at, paid_seq, amount_cents, offline) VALUES ($1, 'paid', $2, $3, $4, $5, $6, $7)`,
        [ticket, terminalId, now, e.at, e.seq, amount, offline],
      );
    } else if (row.state === 'held') {
      await tx.execute(`UPDATE ticket_claims SET state = 'paid', terminal_id = $2, held_until = NULL, paid_at = $3, paid_seq = $4, amount_cents = $5, offline = $6 WHERE ticket = $1`, [
        ticket,
        terminalId,
        e.at,
        e.seq,
        amount,
        offline,
      ]);
    } else {
      // Paid before, elsewhere (or a second payout here, which the terminal's own constraint forbids).
      const n = await tx.execute(
        `INSERT INTO payout_exceptions (ticket, at, first_terminal, first_at, first_amount, second_terminal, second_seq, second_at, second_amount, second_offline)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (second_terminal, second_seq) DO NOTHING`,
        [ticket, now, row.terminal_id, row.paid_at ?? row.claimed_at, row.amount_cents ?? 0, terminalId, e.seq, e.at, amount, offline],
      );
      if (n === 1) {
        exceptions++;
        await appendFeed(
          c,
          tx,
          {
            kind: 'payout_exception',
            ticket,
            first: { terminal: row.terminal_id, retailer: await retailerOf(tx, row.terminal_id), at: row.paid_at ?? row.claimed_at, amount_cents: row.amount_cents ?? 0 },
            second: { terminal: terminalId, retailer: await retailerOf(tx, terminalId), at: e.at, amount_cents: amount },
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
    await tx.execute(`DELETE FROM ticket_claims WHERE terminal_id = $1 AND state = 'held' AND claimed_at < $2`, [terminalId, before]);
  }
  return exceptions;
}

export interface PayoutException {
  ticket: string;
  at: string;
  first: { terminal: string; retailer: string; at: string; amount_cents: number };
  second: { terminal: string; retailer: string; at: string; amount_cents: number; journal_seq: number; offline: boolean };
}

/** Every payout exception, oldest first. */
export async function payoutExceptions(c: Central): Promise<PayoutException[]> {
  const rows = await c.db.query<{
    ticket: string; at: string; first_terminal: string; first_retailer: string | null; first_at: string; first_amount: number;
    second_terminal: string; second_retailer: string | null; second_seq: number; second_at: string; second_amount: number; second_offline: boolean;
  }>(
    `SELECT x.ticket, x.at, x.first_terminal, f.retailer AS first_retailer, x.first_at, x.first_amount,
            x.second_terminal, s.retailer AS second_retailer, x.second_seq, x.second_at, x.second_amount, x.second_offline
       FROM payout_exceptions x
       LEFT JOIN terminals f ON f.terminal_id = x.first_terminal
       LEFT JOIN terminals s ON s.terminal_id = x.second_terminal
      ORDER BY x.at, x.exception_id`,
  );
  return rows.map((r) => ({
    ticket: r.ticket,
    at: r.at,
    first: { terminal: r.first_terminal, retailer: r.first_retailer ?? '', at: r.first_at, amount_cents: Number(r.first_amount) },
    second: { terminal: r.second_terminal, retailer: r.second_retailer ?? '', at: r.second_at, amount_cents: Number(r.second_amount), journal_seq: Number(r.second_seq), offline: r.second_offline },
  }));
}
