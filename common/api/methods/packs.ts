/** Paper packs at this terminal: receive, activate, return, settle, and the inventory per game. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { GameCode } from '../../../games/types.js';

/** A pack number `GGG-EEE-BB-PPPPP` or the inventory barcode of any ticket in the pack. */
const ref = z.object({ ref: cleanText(z.string().trim().min(1).max(64)) }).strict();

export const packMethods = {
  'pack.list': z.object({}).strict(),
  'pack.receive': ref,
  'pack.activate': ref,
  /** Manager: a pack never activated goes back to the lottery. */
  'pack.return': ref,
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
}

/** Packs of one game by state, and the tickets sold from them. */
export interface PackInventoryView {
  readonly game: GameCode;
  readonly game_name: string;
  readonly received: number;
  readonly active: number;
  readonly returned: number;
  readonly settled: number;
  readonly tickets_sold: number;
  /** Tickets still to sell in the active packs. */
  readonly tickets_left: number;
}

export interface PackOutputs {
  'pack.list': { readonly packs: readonly PackView[]; readonly inventory: readonly PackInventoryView[] };
  'pack.receive': PackView;
  'pack.activate': PackView;
  'pack.return': PackView;
  'pack.settle': PackView;
}
