/** Paper packs at this terminal: receive, activate, return, settle, and the inventory per game. */
import { z } from 'zod';
import { RETURN_REASON_MAX } from '../pack-limits.js';
import { cleanText } from '../../text.js';
import type { GameCode } from '../../../games/types.js';

/** A pack number `GGG-EEE-BB-PPPPP` or the inventory barcode of any ticket in the pack. */
const ref = z.object({ ref: cleanText(z.string().trim().min(1).max(64)) }).strict();

const NO_REASON = 'a return needs a reason: say why the pack goes back to the lottery';

export const packMethods = {
  'pack.list': z.object({}).strict(),
  'pack.receive': ref,
  'pack.activate': ref,
  /**
   * Manager: a pack never activated goes back to the lottery (cannot be undone). `reason` says why
   * (damaged, end of the game…): required, journaled with the return.
   */
  'pack.return': ref.extend({
    reason: cleanText(
      z
        .string({ error: NO_REASON })
        .trim()
        .max(RETURN_REASON_MAX)
        // Blank: 'missing' (the screen says the field is required), not zod's "too small".
        .refine((s) => s !== '', { message: NO_REASON, params: { problem: 'missing' } }),
    ),
  }),
  /** Manager: an active pack is settled with the lottery (no longer sold, its tickets stay payable). */
  'pack.settle': ref,
} as const;

export type PackStateView = 'received' | 'active' | 'returned' | 'settled';

export interface PackView {
  /** `GGG-EEE-BB-PPPPP`. */
  readonly number: string;
  readonly game: string;
  readonly emission: number;
  readonly block: number;
  readonly pack: number;
  readonly state: PackStateView;
  readonly first_unit: number;
  readonly unit_count: number;
  /** Tickets sold from it (sales not voided). */
  readonly sold: number;
  readonly received_at: string;
  readonly activated_at: string | null;
  readonly returned_at: string | null;
  readonly settled_at: string | null;
  /** Why it settled at central: share of low-tier winners validated, days since activation, returned. */
  readonly settle_reason: 'share' | 'days' | 'returned' | null;
  /** Central's word on the pack (enrolled terminals), null when none yet. */
  readonly central: { readonly state: PackStateView; readonly terminal: string; readonly low_tier_winners: number; readonly low_tier_validated: number } | null;
  /**
   * The last operation on it queued here (central unreachable) that central refused when it arrived:
   * which, why (not_published, stop_listed, held_elsewhere, wrong_state), when, and central's word on the pack.
   */
  readonly central_refusal: {
    readonly at: string;
    readonly action: 'receive' | 'activate' | 'return';
    readonly reason: string;
    readonly central_state: PackStateView | null;
    readonly central_terminal: string | null;
  } | null;
  /** After an operation: 'confirmed' by central, 'queued' for central (unreachable), absent when not enrolled. */
  readonly central_sync?: 'confirmed' | 'queued';
  /** The whole pack is on the lottery's stop list (why, since when, whether central's feed brought it): neither sold nor paid, whatever `state` says; null when not. */
  readonly stop_listed: { readonly reason: string; readonly added_at: string; readonly from_central: boolean } | null;
  /** Its tickets on the stop list one by one (the pack itself not stopped) and not sold: not to sell. */
  readonly stop_listed_units: number;
  /** Its tickets paid or claimed here that no sale holds (scratched): not to sell, not in `tickets_left`. */
  readonly paid_unsold_units: number;
}

/** Packs of one game by state, and the tickets sold from them. */
export interface PackInventoryView {
  readonly game: GameCode;
  readonly game_name: string;
  /** Received packs, stop-listed ones left out (as for `active`): the stock not yet on sale. */
  readonly received: number;
  /** Active packs, stop-listed ones left out: the stock on sale. */
  readonly active: number;
  /** Received or active packs on the stop list: not stock, counted neither as received nor as active. */
  readonly stop_listed: number;
  readonly returned: number;
  readonly settled: number;
  readonly tickets_sold: number;
  /** Tickets still to sell in the active packs (stop-listed packs, and tickets stop-listed one by one, left out). */
  readonly tickets_left: number;
  /** Unsold tickets of the active packs on the stop list one by one: neither sold nor paid, not in `tickets_left`. */
  readonly tickets_stop_listed: number;
}

export interface PackOutputs {
  'pack.list': { readonly packs: readonly PackView[]; readonly inventory: readonly PackInventoryView[] };
  'pack.receive': PackView;
  'pack.activate': PackView;
  'pack.return': PackView;
  'pack.settle': PackView;
}
