/** Packs as central holds them (announced on the feed), whichever terminal holds them. */
import type { Database } from 'better-sqlite3';
import type { PackKey } from './packs.js';

export type CentralPackState = 'received' | 'active' | 'settled' | 'returned';
export type SettleReason = 'share' | 'days' | 'returned';

export interface CentralPackRow extends PackKey {
  readonly state: CentralPackState;
  /** The terminal that received it. */
  readonly terminal: string;
  readonly received_at: string;
  readonly activated_at: string | null;
  readonly returned_at: string | null;
  readonly settled_at: string | null;
  readonly settle_reason: SettleReason | null;
  readonly low_tier_winners: number;
  readonly low_tier_validated: number;
  readonly updated_at: string;
}

const COLUMNS = 'game, emission, block, pack, state, terminal, received_at, activated_at, returned_at, settled_at, settle_reason, low_tier_winners, low_tier_validated, updated_at';

/** Stores central's word on a pack (a later announcement replaces an earlier one). */
export function upsertCentralPack(db: Database, row: CentralPackRow): void {
  db.prepare(
    `INSERT INTO central_packs (${COLUMNS}) VALUES (@game, @emission, @block, @pack, @state, @terminal, @received_at, @activated_at, @returned_at, @settled_at, @settle_reason, @low_tier_winners, @low_tier_validated, @updated_at)
     ON CONFLICT (game, emission, block, pack) DO UPDATE SET state = excluded.state, terminal = excluded.terminal, received_at = excluded.received_at,
       activated_at = excluded.activated_at, returned_at = excluded.returned_at, settled_at = excluded.settled_at, settle_reason = excluded.settle_reason,
       low_tier_winners = excluded.low_tier_winners, low_tier_validated = excluded.low_tier_validated, updated_at = excluded.updated_at`,
  ).run(row);
}

/** Central's word on a pack, if it announced any. */
export function centralPack(db: Database, key: PackKey): CentralPackRow | undefined {
  return db
    .prepare<[string, number, number, number], CentralPackRow>(`SELECT ${COLUMNS} FROM central_packs WHERE game = ? AND emission = ? AND block = ? AND pack = ?`)
    .get(key.game, key.emission, key.block, key.pack);
}

/** A pack operation of this terminal central refused after the fact (journaled as `pack.refused` from its feed). */
export interface PackRefusalRow {
  readonly at: string;
  readonly action: 'receive' | 'activate' | 'return';
  readonly reason: string;
  /** Central's state of the pack and the terminal holding it, when central holds it. */
  readonly central_state: CentralPackState | null;
  readonly central_terminal: string | null;
}

/** The last refusal of an operation on this pack (journal `pack.refused`, indexed by type), if any. */
export function lastPackRefusal(db: Database, key: PackKey): PackRefusalRow | undefined {
  const row = db
    .prepare<[string, number, number, number], { at: string; payload: string }>(
      `SELECT at, payload FROM journal WHERE type = 'pack.refused'
         AND json_extract(payload, '$.game') = ? AND json_extract(payload, '$.emission') = ? AND json_extract(payload, '$.block') = ? AND json_extract(payload, '$.pack_index') = ?
       ORDER BY seq DESC LIMIT 1`,
    )
    .get(key.game, key.emission, key.block, key.pack);
  if (!row) return undefined;
  const p = JSON.parse(row.payload) as { action: PackRefusalRow['action']; reason: string; central_state?: CentralPackState; central_terminal?: string };
  return { at: row.at, action: p.action, reason: p.reason, central_state: p.central_state ?? null, central_terminal: p.central_terminal ?? null };
}
