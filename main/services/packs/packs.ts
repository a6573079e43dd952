/**
 * The life of a paper pack at this terminal: received (scanned in from a shipment), activated (its
 * tickets may be sold and paid), returned (never activated: its tickets become unpayable) or settled
 * (accounting only: its tickets stay payable). Each step is one transaction: permission, state row,
 * journal entry and outbox event together.
 */
import { gameByCode } from '../../../games/index.js';
import { RETURN_REASON_MAX } from '../../../common/api/pack-limits.js';
import { findBlock } from '../../../db/queries/blocks.js';
import { changePackState, findPack, insertPack, listPacks as listPackRows, paidUnsoldUnits, soldCountOfPack, type PackRow, type PackState } from '../../../db/queries/packs.js';
import { CENTRAL_STOP_PREFIX, packStop, stoppedUnsoldUnits, type StopRow } from '../../../db/queries/stop-list.js';
import { centralPack, lastPackRefusal, type CentralPackRow, type PackRefusalRow, type SettleReason } from '../../../db/queries/central-packs.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { authorize } from '../auth/authorize.js';
import type { Permission } from '../auth/roles.js';
import type { OperatorSession } from '../auth/session.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { PackError } from './errors.js';
import { humanPackNumber, packUnits, parsePackRef, type PackId } from './pack-ref.js';

/** A pack as services and commands show it. */
export interface PackView {
  /** `GGG-EEE-BB-PPPPP`. */
  readonly number: string;
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly pack: number;
  readonly state: PackState;
  /** Units [first_unit, first_unit + unit_count) of the block. */
  readonly first_unit: number;
  readonly unit_count: number;
  /** Tickets sold from it (sales not voided). */
  readonly sold: number;
  readonly received_at: string;
  readonly activated_at: string | null;
  readonly returned_at: string | null;
  readonly settled_at: string | null;
  /** Why it settled (at central): share of low-tier winners validated, days since activation, returned. */
  readonly settle_reason: SettleReason | null;
  /** Central's word on the pack (enrolled terminals), or null when central has announced nothing yet. */
  readonly central: {
    readonly state: CentralPackRow['state'];
    readonly terminal: string;
    readonly low_tier_winners: number;
    readonly low_tier_validated: number;
  } | null;
  /** The last operation on it queued here that central refused when it arrived (reason code, central's word on the pack), or null. */
  readonly central_refusal: PackRefusalRow | null;
  /**
   * The whole pack is on the lottery's stop list (from central's feed, or added here when not
   * enrolled): why and since when, or null. Its tickets are neither sold nor paid whatever `state`
   * says, so a stop-listed pack is no stock (`isStock`). `reason` is the lottery's own words (the
   * "central: " the feed's entries are stored under is `from_central`).
   */
  readonly stop_listed: { readonly reason: string; readonly added_at: string; readonly from_central: boolean } | null;
  /** Its tickets on the stop list one by one (the pack itself not stopped) and not sold: not to sell (#25). */
  readonly stop_listed_units: number;
  /** Its tickets paid or claimed here that no sale holds (scratched): not to sell (#41). */
  readonly paid_unsold_units: number;
}

/** A pack whose tickets this terminal may still sell: received or active, and not stop-listed. */
export function isStock(p: Pick<PackView, 'state' | 'stop_listed'>): boolean {
  return (p.state === 'received' || p.state === 'active') && p.stop_listed === null;
}

/** Tickets of a pack still to sell: none when it is no stock; else its unsold ones, those stop-listed one by one or paid or claimed (#41) left out. */
export function ticketsLeft(p: Pick<PackView, 'state' | 'stop_listed' | 'unit_count' | 'sold' | 'stop_listed_units' | 'paid_unsold_units'>): number {
  return isStock(p) ? Math.max(0, p.unit_count - p.sold - p.stop_listed_units - p.paid_unsold_units) : 0;
}

const RANK: Record<PackState, number> = { received: 0, active: 1, settled: 2, returned: 2 };

/**
 * The state of a pack for terminal `self`: central's word when the pack is another terminal's there
 * (an operation of ours central refused does not make it ours), or when it is at least as advanced as
 * this terminal's own record (an operation still queued for central counts meanwhile); else the local
 * one; 'not-received' when neither knows the pack.
 */
export function effectivePackState(self: string, local: PackRow | undefined, central: CentralPackRow | undefined): PackState | 'not-received' {
  if (central && (!local || central.terminal !== self || RANK[central.state] >= RANK[local.state])) return central.state;
  return local?.state ?? 'not-received';
}

/** True when this terminal is enrolled with a central (which then holds packs, stop lists and settlement). */
export function isEnrolled(t: LotteryTerminal): boolean {
  return syncStateRow(t.db) !== undefined;
}

function idOf(row: PackRow): PackId {
  return { game: gameByCode(row.game).code, emission: row.emission, block: row.block, pack: row.pack };
}

/** The view of a stored pack. */
export function packView(t: LotteryTerminal, row: PackRow): PackView {
  const id = idOf(row);
  const units = packUnits(id);
  const stop = packStop(t.db, id);
  return {
    number: humanPackNumber(id),
    game: row.game,
    emission: row.emission,
    block: row.block,
    pack: row.pack,
    state: row.state,
    first_unit: units.first,
    unit_count: units.count,
    sold: soldCountOfPack(t.db, row.id),
    received_at: row.received_at,
    activated_at: row.activated_at,
    returned_at: row.returned_at,
    settled_at: row.settled_at,
    settle_reason: null,
    central: null,
    central_refusal: lastPackRefusal(t.db, row) ?? null,
    stop_listed: stop ? stopListed(stop) : null,
    stop_listed_units: stop ? 0 : stoppedUnsoldUnits(t.db, { game: id.game, emission: id.emission, block: id.block, first: units.first, count: units.count }),
    paid_unsold_units: paidUnsoldUnits(t.db, { game: id.game, emission: id.emission, block: id.block, first: units.first, count: units.count }),
    ...centralPart(t, row),
  };
}

/** A pack's stop-list entry as its view says it (sync/pull.ts stores central's entries as "central: REASON", added by no operator). */
function stopListed(stop: StopRow): NonNullable<PackView['stop_listed']> {
  const fromCentral = stop.added_by === null && stop.reason.startsWith(CENTRAL_STOP_PREFIX);
  return { reason: fromCentral ? stop.reason.slice(CENTRAL_STOP_PREFIX.length) : stop.reason, added_at: stop.added_at, from_central: fromCentral };
}

function centralPart(t: LotteryTerminal, row: PackRow): Partial<PackView> {
  const c = centralPack(t.db, row);
  if (!c) return {};
  const state = effectivePackState(t.id, row, c) as PackState;
  return {
    state,
    ...(c.activated_at && !row.activated_at ? { activated_at: c.activated_at } : {}),
    ...(c.returned_at && !row.returned_at ? { returned_at: c.returned_at } : {}),
    settled_at: c.settled_at ?? row.settled_at,
    settle_reason: c.settle_reason,
    central: { state: c.state, terminal: c.terminal, low_tier_winners: c.low_tier_winners, low_tier_validated: c.low_tier_validated },
  };
}

function eventPayload(id: PackId): Record<string, unknown> {
  return { pack: humanPackNumber(id), game: id.game, emission: id.emission, block: id.block, pack_index: id.pack };
}

function outboxKey(id: PackId, action: string): string {
  return `pack/${id.game}/${id.emission}/${id.block}/${id.pack}/${action}`;
}

/**
 * Receives a pack named by its number or a ticket's inventory barcode (permission 'pack.receive'):
 * the pack must lie whole in an imported outcome block, must not be stop-listed, and must not have
 * been received before. Journal and outbox 'pack.receive'.
 */
export function receivePack(t: LotteryTerminal, session: OperatorSession, ref: string): PackView {
  const id = parsePackRef(ref);
  return inTransaction(t, () => {
    const block = receivable(t, session, id);
    const at = t.now();
    const row = insertPack(t.db, { ...id, block_id: block.id, received_at: at, received_by: session.operator_id });
    record(t, { type: 'pack.receive', operator: session, payload: eventPayload(id), outbox: { key: outboxKey(id, 'receive') } });
    return packView(t, row);
  });
}

/** Checks a receive may go ahead (nothing changes); returns the pack's block. */
function receivable(t: LotteryTerminal, session: OperatorSession, id: PackId): { id: number } {
  const number = humanPackNumber(id);
  authorize(t, session, 'pack.receive');
  const block = findBlock(t.db, id.game, id.emission, id.block);
  const units = packUnits(id);
  if (!block || block.first_unit > units.first || units.first + units.count > block.first_unit + block.unit_count) {
    throw new PackError('unknown-pack', `pack ${number} is in no imported outcome file: import its block first`, { problem: 'not-imported', pack: number });
  }
  const stop = packStop(t.db, id);
  if (stop) throw new PackError('stop-listed', `pack ${number} is on the stop list (${stop.reason}): do not accept it`);
  const existing = findPack(t.db, id);
  if (existing) throw new PackError('already-received', `pack ${number} was already received here on ${existing.received_at} (now ${existing.state})`);
  return block;
}

const MOVES = {
  activate: { from: 'received', to: 'active', permission: 'pack.activate', type: 'pack.activate' },
  return: { from: 'received', to: 'returned', permission: 'pack.return', type: 'pack.return' },
  // Settling is accounting with the lottery: a manager's act, like a return.
  settle: { from: 'active', to: 'settled', permission: 'pack.settle', type: 'pack.settle' },
} as const satisfies Record<string, { from: PackState; to: Exclude<PackState, 'received'>; permission: Permission; type: string }>;

type Move = keyof typeof MOVES;

const WHY: Record<Move, string> = {
  activate: 'only a pack received and not yet activated can be activated',
  return: 'only a pack that was never activated can be returned',
  settle: 'only an active pack can be settled',
};

/** Checks a move may go ahead (nothing changes); returns the pack's row. */
function movable(t: LotteryTerminal, session: OperatorSession, id: PackId, action: Move): PackRow {
  const number = humanPackNumber(id);
  const m = MOVES[action];
  authorize(t, session, m.permission);
  if (action === 'settle' && isEnrolled(t)) {
    throw new PackError('central-only', `pack ${number}: an enrolled terminal's packs are settled by central (share of low-tier winners validated, days since activation, or return)`, {
      problem: 'settle',
      pack: number,
    });
  }
  const row = findPack(t.db, id);
  if (!row) throw new PackError('not-received', `pack ${number} was never received at this terminal`);
  if (action === 'activate') {
    const stop = packStop(t.db, id);
    if (stop) throw new PackError('stop-listed', `pack ${number} is on the stop list (${stop.reason}): it cannot be activated`);
  }
  if (row.state !== m.from) throw new PackError('wrong-state', `pack ${number} is ${row.state}: ${WHY[action]}`, { problem: action, pack: number, state: row.state });
  return row;
}

function move(t: LotteryTerminal, session: OperatorSession, ref: string, action: Move, extra: Record<string, unknown> = {}): PackView {
  const id = parsePackRef(ref);
  const number = humanPackNumber(id);
  const m = MOVES[action];
  return inTransaction(t, () => {
    const row = movable(t, session, id, action);
    const changed = changePackState(t.db, row.id, m.from, m.to, t.now(), session.operator_id);
    if (!changed) throw new PackError('wrong-state', `pack ${number} is ${row.state}: ${WHY[action]}`, { problem: action, pack: number, state: row.state });
    record(t, { type: m.type, operator: session, payload: { ...eventPayload(id), ...extra }, outbox: { key: outboxKey(id, action) } });
    return packView(t, changed);
  });
}

/**
 * Checks, without changing anything, that a pack operation may go ahead here (the same refusals as
 * the operation itself), and gives the pack and the outbox key the operation will use.
 */
export function checkPackOperation(t: LotteryTerminal, session: OperatorSession, ref: string, action: 'receive' | Move): { id: PackId; outbox_key: string } {
  const id = parsePackRef(ref);
  t.db.transaction(() => (action === 'receive' ? receivable(t, session, id) : movable(t, session, id, action)))();
  return { id, outbox_key: outboxKey(id, action) };
}

/** Activates a received pack (permission 'pack.activate'): its tickets may now be sold and paid. */
export function activatePack(t: LotteryTerminal, session: OperatorSession, ref: string): PackView {
  return move(t, session, ref, 'activate');
}


/**
 * Returns a pack that was never activated (permission 'pack.return', manager): its tickets become
 * unpayable; it cannot be undone. `reason` (why it goes back: damaged, end of the game…) is journaled
 * with the return and sent to central with it. The kiosk's API requires it; a caller that gives one
 * gives a real one (blank is refused, 'bad-input'); without one (the CLI without --reason) the return
 * is journaled as before.
 */
export function returnPack(t: LotteryTerminal, session: OperatorSession, ref: string, reason?: string): PackView {
  if (reason === undefined) return move(t, session, ref, 'return');
  return move(t, session, ref, 'return', { reason: returnReason(ref, reason) });
}

/** A return's reason trimmed, or the refusal of a blank or too long one ('bad-input'). */
export function returnReason(ref: string, reason: string): string {
  const why = reason.trim();
  if (why === '') throw new PackError('bad-input', `pack ${humanPackNumber(parsePackRef(ref))}: a return needs a reason (why the pack goes back to the lottery)`, { problem: 'return-reason' });
  if (why.length > RETURN_REASON_MAX) throw new PackError('bad-input', `a return reason holds at most ${RETURN_REASON_MAX} characters`, { problem: 'return-reason' });
  return why;
}

/** Settles an active pack (permission 'pack.settle', manager): accounting only, its tickets stay payable but are no longer sold. */
export function settlePack(t: LotteryTerminal, session: OperatorSession, ref: string): PackView {
  return move(t, session, ref, 'settle');
}

/** The packs received here (optionally in one state). No amounts: no permission needed. */
export function listPacks(t: LotteryTerminal, options: { state?: PackState } = {}): PackView[] {
  const all = listPackRows(t.db).map((r) => packView(t, r));
  return options.state === undefined ? all : all.filter((p) => p.state === options.state);
}
