/** SQL of `pack_states`, `pack_operations` and the stop list's pack lookups (the rules: store/packs.ts). */
import type { CentralPackState, PackIdentity, SettleReason } from '../../../common/protocol/index.js';
import type { Queryable } from '../db.js';

export interface PackRow {
  game: string;
  emission: number;
  block: number;
  pack: number;
  state: CentralPackState;
  terminal_id: string;
  received_at: string;
  activated_at: string | null;
  returned_at: string | null;
  settled_at: string | null;
  settle_reason: SettleReason | null;
  low_tier_winners: number;
  low_tier_validated: number;
}

const KEY = 'game = $1 AND emission = $2 AND block = $3 AND pack = $4';
const keyOf = (p: PackIdentity): [string, number, number, number] => [p.game, p.emission, p.block, p.pack];

/** The pack's row, if any terminal ever received it. */
export async function packRow(q: Queryable, p: PackIdentity, forUpdate = false): Promise<PackRow | undefined> {
  return (await q.query<PackRow>(`SELECT * FROM pack_states WHERE ${KEY}${forUpdate ? ' FOR UPDATE' : ''}`, keyOf(p)))[0];
}

/** Every pack, optionally of one state and one terminal, in identity order. */
export async function packRows(q: Queryable, state: CentralPackState | null, terminal: string | null): Promise<PackRow[]> {
  return q.query<PackRow>(
    `SELECT * FROM pack_states WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR terminal_id = $2) ORDER BY game, emission, block, pack`,
    [state, terminal],
  );
}

/** The first of a pack's numbers on central's stop list (still listed), if any. */
export async function stopListedPack(q: Queryable, numbers: readonly string[]): Promise<{ pack: string; reason: string } | undefined> {
  return (await q.query<{ pack: string; reason: string }>('SELECT pack, reason FROM stop_list WHERE pack = ANY($1::text[]) AND removed_at IS NULL', [numbers]))[0];
}

/** How an operation already recorded under `opKey` ended, if it was. */
export async function packOperationOutcome(tx: Queryable, p: PackIdentity, opKey: string): Promise<{ outcome: 'applied' | 'refused'; reason: string | null; message: string } | undefined> {
  return (await tx.query<{ outcome: 'applied' | 'refused'; reason: string | null; message: string }>(`SELECT outcome, reason, message FROM pack_operations WHERE ${KEY} AND op_key = $5`, [
    ...keyOf(p),
    opKey,
  ]))[0];
}

export interface PackOperationRow {
  op_key: string;
  terminal_id: string;
  action: string;
  at: string;
  received_at: string;
  outcome: 'applied' | 'refused';
  reason: string | null;
  message: string;
}

export async function insertPackOperation(tx: Queryable, p: PackIdentity, o: PackOperationRow): Promise<void> {
  await tx.execute(
    `INSERT INTO pack_operations (game, emission, block, pack, op_key, terminal_id, action, at, received_at, outcome, reason, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [...keyOf(p), o.op_key, o.terminal_id, o.action, o.at, o.received_at, o.outcome, o.reason, o.message],
  );
}

export async function insertReceivedPack(tx: Queryable, p: PackIdentity, terminalId: string, now: string): Promise<PackRow> {
  return (
    await tx.query<PackRow>(
      `INSERT INTO pack_states (game, emission, block, pack, state, terminal_id, received_at, updated_at) VALUES ($1, $2, $3, $4, 'received', $5, $6, $6) RETURNING *`,
      [...keyOf(p), terminalId, now],
    )
  )[0] as PackRow;
}

/** Activates a pack: its low-tier winners `lowTier`, those already paid counted from the start. */
export async function activatePack(tx: Queryable, p: PackIdentity, now: string, lowTier: readonly string[]): Promise<PackRow> {
  return (
    await tx.query<PackRow>(
      `UPDATE pack_states SET state = 'active', activated_at = $5, low_tier_winners = $6, updated_at = $5,
                low_tier_validated = (SELECT count(*)::int FROM ticket_claims WHERE ticket = ANY($7::text[]) AND state = 'paid')
          WHERE ${KEY} RETURNING *`,
      [...keyOf(p), now, lowTier.length, lowTier],
    )
  )[0] as PackRow;
}

export async function returnPack(tx: Queryable, p: PackIdentity, now: string): Promise<PackRow> {
  return (
    await tx.query<PackRow>(
      `UPDATE pack_states SET state = 'returned', returned_at = $5, settled_at = $5, settle_reason = 'returned', updated_at = $5 WHERE ${KEY} RETURNING *`,
      [...keyOf(p), now],
    )
  )[0] as PackRow;
}

/** Settles an active pack (undefined when it is not active). */
export async function settlePackRow(tx: Queryable, r: PackIdentity, now: string, reason: SettleReason, validated: number): Promise<PackRow | undefined> {
  return (
    await tx.query<PackRow>(
      `UPDATE pack_states SET state = 'settled', settled_at = $5, settle_reason = $6, low_tier_validated = $7, updated_at = $5 WHERE ${KEY} AND state = 'active' RETURNING *`,
      [r.game, r.emission, r.block, r.pack, now, reason, validated],
    )
  )[0];
}

/** Adds newly paid low-tier winners to an active pack's count (undefined when it is not active). */
export async function countLowTierPaid(tx: Queryable, p: PackIdentity, counted: number, winners: number): Promise<PackRow | undefined> {
  return (
    await tx.query<PackRow>(
      `UPDATE pack_states SET low_tier_validated = low_tier_validated + $5, low_tier_winners = $6 WHERE ${KEY} AND state = 'active' RETURNING *`,
      [...keyOf(p), counted, winners],
    )
  )[0];
}

/** Active packs activated at or before `cutoff`, oldest first, at most 1000, locked. */
export async function lockActivePacksBefore(tx: Queryable, cutoff: string): Promise<PackRow[]> {
  return tx.query<PackRow>(`SELECT * FROM pack_states WHERE state = 'active' AND activated_at <= $1 ORDER BY activated_at LIMIT 1000 FOR UPDATE`, [cutoff]);
}
