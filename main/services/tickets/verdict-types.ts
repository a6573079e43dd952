/**
 * What a counter verdict is (counter-verdict.ts makes it): its kinds and its fields. Kept apart so that the
 * modules the verdict uses (central-refusals.ts, pay-errors.ts) can name it without an import circle.
 */
import type { WinningZone } from '../../../games/index.js';
import type { UnitId } from '../../../games/ticket-id.js';
import type { PackState } from '../../../db/queries/packs.js';
import type { VerdictKind } from './check.js';
import type { OfflineLimitReached } from '../sync/offline-limits.js';

export type CounterVerdictKind = VerdictKind | 'already-paid' | 'above-limit' | 'pack-not-active' | 'stop-listed';

/** Every counter verdict, for tables and exhaustive checks. */
export const COUNTER_VERDICTS: readonly CounterVerdictKind[] = [
  'loser',
  'winner',
  'already-paid',
  'above-limit',
  'pack-not-active',
  'unknown-ticket',
  'bad-check-digit',
  'malformed',
  'wrong-code',
  'expired',
  'stop-listed',
  'tampered',
  'key-revoked',
];

/** Where and when a ticket was paid, or its claim filed. */
export interface PaidAt {
  readonly at: string;
  readonly terminal: string;
  /** Null when central said it was paid at another terminal (its receipt is that terminal's). */
  readonly receipt_no: number | null;
  readonly amount_cents: number;
}

export interface CounterVerdict {
  readonly verdict: CounterVerdictKind;
  readonly id: UnitId | null;
  readonly ticket: string | null;
  /** Game code, when the barcode could be read. */
  readonly game: string | null;
  /** The whole prize, known once the hidden code opened the record (null when refused before). */
  readonly prize_cents: number | null;
  readonly winning: readonly WinningZone[] | null;
  readonly play: unknown;
  readonly claim_deadline: string | null;
  /** True only for `winner`: pay it here, all of it, once. */
  readonly payable: boolean;
  /** The retailer payout limit in force. */
  readonly payout_limit_cents: number;
  /**
   * The ticket's pack (paper games): its number and state here (`not-received` when unknown here; at an
   * enrolled terminal, another retailer's pack: only central online says whether it is payable).
   */
  readonly pack: { readonly number: string; readonly state: PackState | 'not-received' } | null;
  /** For `already-paid`: when, where and how much. */
  readonly paid: PaidAt | null;
  /** A claim filed for this ticket (an `above-limit` winner sent to a payment centre). */
  readonly claim: PaidAt | null;
  /** For `stop-listed`: the entry. */
  readonly stop: { readonly scope: 'pack' | 'unit'; readonly what: string; readonly reason: string; readonly added_at: string } | null;
  /** A `winner` or `above-limit` of a game the lottery suspended: not payable (nor claimed) until it resumes. */
  readonly suspended?: boolean;
  /** For a `winner` while central does not answer: paid offline, and what is left of the offline allowance (null online). */
  readonly offline: OfflineVerdict | null;
  /** One sentence for the person at the counter. */
  readonly message: string;
}

/**
 * A winner while central does not answer (the link is offline, sync/status.ts): the payout goes
 * ahead offline only inside the offline allowance (sync/offline-limits.ts). What is left of it now,
 * before this payout: money, count, hours, and the limit per ticket; `reached` when this prize would
 * pass one (then the payout is refused with a claim receipt).
 */
export interface OfflineVerdict {
  readonly max_ticket_cents: number;
  readonly left_total_cents: number;
  readonly left_count: number;
  readonly left_hours: number;
  readonly reached: OfflineLimitReached | null;
}
