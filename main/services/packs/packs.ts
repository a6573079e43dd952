/**
 * The life of a paper pack at this terminal: received (scanned in from a shipment), activated (its
 * tickets may be sold and paid), returned (never activated: its tickets become unpayable) or settled
 * (accounting only: its tickets stay payable). Each step is one transaction: permission, state row,
 * journal entry and outbox event together.
 */
import { gameByCode } from '../../../games/index.js';
import { findBlock } from '../../../db/queries/blocks.js';
import { changePackState, findPack, insertPack, listPacks as listPackRows, soldCountOfPack, type PackRow, type PackState } from '../../../db/queries/packs.js';
import { packStop } from '../../../db/queries/stop-list.js';
import { authorize } from '../auth/authorize.js';
import type { Permission } from '../auth/roles.js';
import type { OperatorSession } from '../auth/session.js';
import { inTransaction, record } from '../journal/record.js';
import type { LotteryTerminal } from '../terminal/terminal.js';
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
}

function idOf(row: PackRow): PackId {
  return { game: gameByCode(row.game).code, emission: row.emission, block: row.block, pack: row.pack };
}

/** The view of a stored pack. */
export function packView(t: LotteryTerminal, row: PackRow): PackView {
  const id = idOf(row);
  const units = packUnits(id);
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
  const number = humanPackNumber(id);
  return inTransaction(t, () => {
    authorize(t, session, 'pack.receive');
    const block = findBlock(t.db, id.game, id.emission, id.block);
    const units = packUnits(id);
    if (!block || block.first_unit > units.first || units.first + units.count > block.first_unit + block.unit_count) {
      throw new PackError('unknown-pack', `pack ${number} is in no imported outcome file: import its block first`);
    }
    const stop = packStop(t.db, id);
    if (stop) throw new PackError('stop-listed', `pack ${number} is on the stop list (${stop.reason}): do not accept it`);
    const existing = findPack(t.db, id);
    if (existing) throw new PackError('already-received', `pack ${number} was already received here on ${existing.received_at} (now ${existing.state})`);
    const at = t.now();
    const row = insertPack(t.db, { ...id, block_id: block.id, received_at: at, received_by: session.operator_id });
    record(t, { type: 'pack.receive', operator: session, payload: eventPayload(id), outbox: { key: outboxKey(id, 'receive') } });
    return packView(t, row);
  });
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

function move(t: LotteryTerminal, session: OperatorSession, ref: string, action: Move): PackView {
  const id = parsePackRef(ref);
  const number = humanPackNumber(id);
  const m = MOVES[action];
  return inTransaction(t, () => {
    authorize(t, session, m.permission);
    const row = findPack(t.db, id);
    if (!row) throw new PackError('not-received', `pack ${number} was never received at this terminal`);
    if (action === 'activate') {
      const stop = packStop(t.db, id);
      if (stop) throw new PackError('stop-listed', `pack ${number} is on the stop list (${stop.reason}): it cannot be activated`);
    }
    const changed = changePackState(t.db, row.id, m.from, m.to, t.now(), session.operator_id);
    if (!changed) throw new PackError('wrong-state', `pack ${number} is ${row.state}: ${WHY[action]}`);
    record(t, { type: m.type, operator: session, payload: eventPayload(id), outbox: { key: outboxKey(id, action) } });
    return packView(t, changed);
  });
}

/** Activates a received pack (permission 'pack.activate'): its tickets may now be sold and paid. */
export function activatePack(t: LotteryTerminal, session: OperatorSession, ref: string): PackView {
  return move(t, session, ref, 'activate');
}

/** Returns a pack that was never activated (permission 'pack.return', manager): its tickets become unpayable. */
export function returnPack(t: LotteryTerminal, session: OperatorSession, ref: string): PackView {
  return move(t, session, ref, 'return');
}

/** Settles an active pack (permission 'pack.settle', manager): accounting only, its tickets stay payable but are no longer sold. */
export function settlePack(t: LotteryTerminal, session: OperatorSession, ref: string): PackView {
  return move(t, session, ref, 'settle');
}

/** The packs received here (optionally in one state). No amounts: no permission needed. */
export function listPacks(t: LotteryTerminal, options: { state?: PackState } = {}): PackView[] {
  return listPackRows(t.db, options.state).map((r) => packView(t, r));
}

/** One pack as received here, or undefined. */
export function findPackView(t: LotteryTerminal, ref: string): PackView | undefined {
  const row = findPack(t.db, parsePackRef(ref));
  return row ? packView(t, row) : undefined;
}
