/**
 * Packs across the network. Central holds each pack's state by its identity (game, emission, block,
 * pack): a terminal's receive, activate and return come online (POST /v1/packs) or queued in its
 * outbox (the push's events), both carrying the same idempotency key, so each counts once. Every
 * change is announced on the feed (`pack_state`) to the terminals of the retailer that holds the pack
 * (#19: each terminal sees its own); a terminal asks central online about any other pack (its claim).
 *
 * Settlement is computed here: an active pack settles once `settle_share_percent` of its low-tier
 * winners (prize ≤ `settle_low_tier_max_cents`, by central's print data) are paid, or
 * `settle_days` after its activation, or when it is returned (configuration; defaults 70 %, 45 days,
 * 50 €). State stamps are central's clock.
 */
import { GAME_CODES, gameByCode, isGameCode } from '../../games/index.js';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import {
  packNumberOf,
  settlementRulesOf,
  type CentralPackState,
  type CentralPackView,
  type PackIdentity,
  type PackOpAnswer,
  type PackOpRequest,
  type SettleReason,
  type SettlementRules,
  type WireOutboxEvent,
} from '../../common/protocol/index.js';
import { receiptRefusal } from './pack-shipping.js';
import { printData, publishedBlock } from './print-cache.js';
import { CentralError, type Central } from './context.js';
import type { Queryable } from './db.js';
import { announce as announceFeed, announceTo, currentConfig } from './feed.js';
import { retailerOf } from './queries/terminals.js';
import {
  activatePack,
  countLowTierPaid,
  insertPackOperation,
  insertReceivedPack,
  lockActivePacksBefore,
  packOperationOutcome,
  packRow,
  packRows,
  returnPack,
  settlePackRow,
  stopListedPack,
  type PackRow,
} from './queries/packs.js';

function view(r: PackRow): CentralPackView {
  const game = gameByCode(r.game).code;
  return {
    game: r.game,
    emission: Number(r.emission),
    block: Number(r.block),
    pack: Number(r.pack),
    number: packNumberOf(GAME_NUMBERS[game], { emission: Number(r.emission), block: Number(r.block), pack: Number(r.pack) }),
    state: r.state,
    terminal: r.terminal_id,
    received_at: r.received_at,
    activated_at: r.activated_at,
    returned_at: r.returned_at,
    settled_at: r.settled_at,
    settle_reason: r.settle_reason,
    low_tier_winners: Number(r.low_tier_winners),
    low_tier_validated: Number(r.low_tier_validated),
  };
}

/** The pack of a unit of a paper game (null for a game sold without packs). */
export function packOfTicket(game: string, emission: number, block: number, unit: number): PackIdentity | null {
  const size = gameByCode(game).pack_size;
  return size === undefined ? null : { game, emission, block, pack: Math.floor(unit / size) };
}

/** The pack's state at central (undefined when no terminal received it). */
export async function centralPackState(q: Queryable, p: PackIdentity): Promise<CentralPackView | undefined> {
  const r = await packRow(q, p);
  return r ? view(r) : undefined;
}

/** Every pack central knows, in identity order. */
export async function listCentralPacks(c: Central, options: { state?: CentralPackState; terminal?: string } = {}): Promise<CentralPackView[]> {
  const rows = await packRows(c.db, options.state ?? null, options.terminal ?? null);
  return rows.map(view);
}

/** The print name of a published block, when central has its print data (undefined: never published). */
async function printNameOf(c: Central, q: Queryable, p: PackIdentity): Promise<string | null | undefined> {
  const pub = await publishedBlock(c, q, p);
  return pub ? pub.print_name : undefined;
}

/** The low-tier winners of a pack by central's print data, as ticket keys. */
function lowTierTickets(c: Central, printName: string, p: PackIdentity, rules: SettlementRules): string[] {
  const size = gameByCode(p.game).pack_size as number;
  const print = printData(c, printName);
  const out: string[] = [];
  const end = Math.min((p.pack + 1) * size, print.header.block_size);
  for (let u = p.pack * size; u < end; u++) {
    const prize = print.header.tier_amounts[print.tiers[u] as number] ?? 0;
    if (prize > 0 && prize <= rules.settle_low_tier_max_cents) out.push(`${p.game}/${p.emission}/${p.block}/${u}`);
  }
  return out;
}

/**
 * A pack's new state on the feed (#19: each terminal sees its own): to its retailer's terminals only.
 * No other terminal hears of it, not even its state: its counts would tell the holder of a data folder
 * how many winners are left among the pack's unsold tickets, and its state which shops sell what. A
 * ticket of another shop's pack is validated by central online (the claim answers from central's facts),
 * and refused offline.
 */
async function announce(c: Central, tx: Queryable, r: PackRow): Promise<void> {
  const retailer = await retailerOf(tx, r.terminal_id);
  await announceTo(c, tx, { kind: 'pack_state', ...view(r) }, { retailer });
}

/** The pack as `terminalId` may see it: whole when its retailer holds it, else nothing (another retailer's pack). */
async function seenBy(tx: Queryable, terminalId: string, r: PackRow): Promise<PackRow | undefined> {
  return (await retailerOf(tx, r.terminal_id)) === (await retailerOf(tx, terminalId)) ? r : undefined;
}

function refused(reason: string, message: string, pack: PackRow | undefined): PackOpAnswer {
  return { outcome: 'refused', reason, message, pack: pack ? view(pack) : null };
}

/** Is the pack on central's stop list (as `GGG-EEE-BB-PPPPP` or the same digits without dashes)? */
async function stopOfPack(q: Queryable, number: string): Promise<{ pack: string; reason: string } | undefined> {
  return stopListedPack(q, [number, number.replace(/-/g, '')]);
}

/**
 * Applies one terminal's pack operation inside the caller's transaction, once per op_key: a repeat
 * answers as the first time did (with the pack as it is now). Refusals are recorded too; with
 * `tellRefusal` (an operation queued in a push, which no answer reports), a refusal is also said to
 * that terminal on its feed (`pack_refused`), once.
 */
export async function applyPackOp(c: Central, tx: Queryable, terminalId: string, req: PackOpRequest, options: { tellRefusal?: boolean } = {}): Promise<PackOpAnswer> {
  const id: PackIdentity = { game: req.game, emission: req.emission, block: req.block, pack: req.pack };
  const seen = await packOperationOutcome(tx, id, req.op_key);
  if (seen) {
    const now = await packRow(tx, id);
    const shown = now ? await seenBy(tx, terminalId, now) : undefined;
    return { outcome: seen.outcome, reason: seen.reason, message: seen.message, pack: shown ? view(shown) : null };
  }
  const answer = await decide(c, tx, terminalId, req, id);
  await insertPackOperation(tx, id, {
    op_key: req.op_key,
    terminal_id: terminalId,
    action: req.action,
    at: req.at,
    received_at: c.now(),
    outcome: answer.outcome,
    reason: answer.reason,
    message: answer.message,
  });
  if (options.tellRefusal && answer.outcome === 'refused') {
    const number = packNumberOf(GAME_NUMBERS[gameByCode(id.game).code], id);
    await announceFeed(
      c,
      tx,
      { kind: 'pack_refused', ...id, number, action: req.action, op_key: req.op_key, reason: answer.reason ?? 'refused', message: answer.message, held: answer.pack },
      terminalId,
    );
  }
  return answer;
}

async function decide(c: Central, tx: Queryable, terminalId: string, req: PackOpRequest, id: PackIdentity): Promise<PackOpAnswer> {
  const game = gameByCode(id.game);
  const number = packNumberOf(GAME_NUMBERS[game.code], id);
  if (game.pack_size === undefined) return refused('not_published', `${game.name} is not sold in packs`, undefined);
  const printName = await printNameOf(c, tx, id);
  if (printName === undefined || id.pack >= game.block_size / game.pack_size) {
    return refused('not_published', `pack ${number} is in no block the lottery published`, undefined);
  }
  const now = c.now();
  const row = await packRow(tx, id, true);
  if (req.action === 'receive') {
    if (row) {
      if (row.terminal_id === terminalId) return { outcome: 'applied', reason: null, message: `pack ${number} was already received here`, pack: view(row) };
      const mine = await seenBy(tx, terminalId, row);
      if (!mine) return refused('held_elsewhere', `pack ${number} was received by another retailer's terminal: do not accept it`, undefined);
      return refused('held_elsewhere', `pack ${number} was received by terminal ${row.terminal_id} on ${row.received_at} (now ${row.state})`, row);
    }
    const stop = await stopOfPack(tx, number);
    if (stop) return refused('stop_listed', `pack ${number} is on the lottery's stop list (${stop.reason}): do not accept it`, undefined);
    // Bound to its retailer (store/pack-shipping.ts): only the terminals of the retailer it was shipped to.
    const notHere = await receiptRefusal(tx, terminalId, id, number);
    if (notHere) return refused(notHere[0], notHere[1], undefined);
    const inserted = await insertReceivedPack(tx, id, terminalId, now);
    await announce(c, tx, inserted);
    return { outcome: 'applied', reason: null, message: `pack ${number} received`, pack: view(inserted) };
  }
  if (!row) return refused('wrong_state', `pack ${number} was never received by any terminal`, undefined);
  if (row.terminal_id !== terminalId) {
    const mine = await seenBy(tx, terminalId, row);
    return mine ? refused('held_elsewhere', `pack ${number} is held by terminal ${row.terminal_id}`, mine) : refused('held_elsewhere', `pack ${number} is held by another retailer's terminal`, undefined);
  }
  const target: CentralPackState = req.action === 'activate' ? 'active' : 'returned';
  if (row.state === target) return { outcome: 'applied', reason: null, message: `pack ${number} is already ${target}`, pack: view(row) };
  if (row.state !== 'received') {
    const why = req.action === 'activate' ? 'only a received pack can be activated' : 'only a pack that was never activated can be returned';
    return refused('wrong_state', `pack ${number} is ${row.state}: ${why}`, row);
  }
  let updated: PackRow;
  if (req.action === 'activate') {
    const stop = await stopOfPack(tx, number);
    if (stop) return refused('stop_listed', `pack ${number} is on the lottery's stop list (${stop.reason}): it cannot be activated`, row);
    const rules = settlementRulesOf(await currentConfig(tx));
    const lowTier = printName ? lowTierTickets(c, printName, id, rules) : [];
    // Its low-tier winners already paid (before it was activated here) count from the start; later
    // payouts add theirs one by one (settlePacks).
    updated = await activatePack(tx, id, now, lowTier);
  } else {
    updated = await returnPack(tx, id, now);
  }
  await announce(c, tx, updated);
  return { outcome: 'applied', reason: null, message: `pack ${number} ${target === 'active' ? 'activated' : 'returned: settled'}`, pack: view(updated) };
}

/** One online operation in its own transaction (POST /v1/packs). */
export async function packOperation(c: Central, terminalId: string, req: PackOpRequest): Promise<PackOpAnswer> {
  if (!isGameCode(req.game)) throw new CentralError('unknown_game', `no game '${req.game}' (known: ${GAME_CODES.join(', ')})`);
  return c.db.transaction((tx) => applyPackOp(c, tx, terminalId, req));
}

const EVENT_ACTIONS: Record<string, PackOpRequest['action']> = { 'pack.receive': 'receive', 'pack.activate': 'activate', 'pack.return': 'return' };

/** Inside a push's transaction: the pack operations the terminal queued in its outbox, in journal order. */
export async function applyQueuedPackOps(c: Central, tx: Queryable, terminalId: string, events: readonly WireOutboxEvent[]): Promise<number> {
  let n = 0;
  for (const ev of [...events].sort((a, b) => a.journal_seq - b.journal_seq)) {
    const action = EVENT_ACTIONS[ev.type];
    if (!action) continue;
    const p = ev.payload as { game?: unknown; emission?: unknown; block?: unknown; pack_index?: unknown; at?: unknown };
    if (typeof p.game !== 'string' || typeof p.emission !== 'number' || typeof p.block !== 'number' || typeof p.pack_index !== 'number') continue;
    try {
      gameByCode(p.game);
    } catch {
      continue;
    }
    await applyPackOp(c, tx, terminalId, { game: p.game, emission: p.emission, block: p.block, pack: p.pack_index, action, op_key: ev.key, at: ev.created_at }, { tellRefusal: true });
    n++;
  }
  return n;
}

/** Settles one active pack for `reason`, announced. */
async function settle(c: Central, tx: Queryable, r: PackRow, reason: SettleReason, validated: number): Promise<void> {
  const now = c.now();
  const updated = await settlePackRow(tx, r, now, reason, validated);
  if (updated) await announce(c, tx, updated);
}

/** How often pushes look for packs due by days (central's clock); `guichet central packs` always does. */
export const DAYS_CHECK_EVERY_MS = 60_000;

/** The tickets newly paid (`game/emission/block/unit`), by pack, packs in lock order. */
function byPack(paid: readonly string[]): { id: PackIdentity; tickets: Set<string> }[] {
  const packs = new Map<string, { id: PackIdentity; tickets: Set<string> }>();
  for (const ticket of paid) {
    const [game, emission, block, unit] = ticket.split('/');
    let id: PackIdentity | null;
    try {
      id = packOfTicket(game as string, Number(emission), Number(block), Number(unit));
    } catch {
      continue;
    }
    if (!id) continue;
    const key = `${id.game}/${id.emission}/${id.block}/${id.pack}`;
    const entry = packs.get(key) ?? { id, tickets: new Set<string>() };
    entry.tickets.add(ticket);
    packs.set(key, entry);
  }
  return [...packs.values()].sort((x, y) => x.id.game.localeCompare(y.id.game) || x.id.emission - y.id.emission || x.id.block - y.id.block || x.id.pack - y.id.pack);
}

/**
 * Inside a push's transaction, with the tickets it newly paid (reconcilePayouts): each active pack adds
 * its newly paid low-tier winners to its count, and settles by share once they reach
 * `settle_share_percent` of them (one statement per pack that has any; no recount of the claims).
 * Then, at most once a minute of central's clock (or always, `days: 'always'`), every active pack past
 * `settle_days` settles by days.
 */
export async function settlePacks(c: Central, tx: Queryable, paid: readonly string[] = [], options: { days?: 'always' | 'throttled' } = {}): Promise<number> {
  const packs = byPack(paid);
  const now = Date.parse(c.now());
  const daysDue = options.days === 'always' || !(Math.abs(now - c.memo.daysChecked.at) < DAYS_CHECK_EVERY_MS);
  if (packs.length === 0 && !daysDue) return 0;
  const rules = settlementRulesOf(await currentConfig(tx));
  let settled = 0;
  for (const { id, tickets } of packs) {
    const printName = await printNameOf(c, tx, id);
    if (!printName) continue;
    const lowTier = lowTierTickets(c, printName, id, rules);
    const counted = lowTier.filter((t) => tickets.has(t)).length;
    if (counted === 0) continue;
    const r = await countLowTierPaid(tx, id, counted, lowTier.length);
    if (!r) continue;
    const validated = Number(r.low_tier_validated);
    if (validated * 100 >= rules.settle_share_percent * lowTier.length) {
      await settle(c, tx, r, 'share', validated);
      settled++;
    } else {
      // The new count reaches the retailer's terminals too (#22): `guichet pack list` and `central packs` say the same figure.
      await announce(c, tx, r);
    }
  }
  if (daysDue) {
    c.memo.daysChecked.at = now;
    const cutoff = new Date(now - rules.settle_days * 86_400_000).toISOString();
    const due = await lockActivePacksBefore(tx, cutoff);
    for (const r of due) {
      await settle(c, tx, r, 'days', Number(r.low_tier_validated));
      settled++;
    }
  }
  return settled;
}

/** Settles what is due now (days since activation), outside any push: `guichet central packs settle`. */
export async function settleDuePacks(c: Central): Promise<number> {
  return c.db.transaction((tx) => settlePacks(c, tx, [], { days: 'always' }));
}
