/**
 * Packs across the network: a terminal's pack operation (receive, activate, return) sent to central,
 * central's answer, the pack states central announces on the feed, and the settlement rules both
 * sides know (configuration keys and defaults).
 */
import { z } from 'zod';
import { Count, GameCode, IsoUtc, TerminalId } from './primitives.js';

export const PACK_OPERATIONS = ['receive', 'activate', 'return'] as const;
export type PackOperation = (typeof PACK_OPERATIONS)[number];

/** A pack's state at central. */
export const CENTRAL_PACK_STATES = ['received', 'active', 'settled', 'returned'] as const;
export type CentralPackState = (typeof CENTRAL_PACK_STATES)[number];

/** Why a pack settled: its share of low-tier winners validated, its days since activation, or its return. */
export const SETTLE_REASONS = ['share', 'days', 'returned'] as const;
export type SettleReason = (typeof SETTLE_REASONS)[number];

/** The identity of a pack: game, emission, block, pack number in the block (from 0). */
export const PackIdentity = z.object({
  game: GameCode,
  emission: z.number().int().min(1).max(999),
  block: z.number().int().min(1).max(99),
  pack: z.number().int().min(0).max(99_999),
});
export type PackIdentity = z.infer<typeof PackIdentity>;

// ── POST /v1/packs (signed) ───────────────────────────────────────────────────────────────────────

export const PackOpRequest = PackIdentity.extend({
  action: z.enum(PACK_OPERATIONS),
  /**
   * Idempotency key: the terminal's outbox key of the same operation (`<terminal>/pack/…/<action>`),
   * so the online request and the queued event that follows it count once.
   */
  op_key: z.string().regex(/^[\w.:/-]{1,240}$/),
  /** When the terminal did it (its clock). */
  at: IsoUtc,
}).strict();
export type PackOpRequest = z.infer<typeof PackOpRequest>;

/** A pack's state as central holds it (the feed's item carries the same). */
export const CentralPackView = PackIdentity.extend({
  /** `GGG-EEE-BB-PPPPP`. */
  number: z.string().max(32),
  state: z.enum(CENTRAL_PACK_STATES),
  /** The terminal that received it. */
  terminal: TerminalId,
  received_at: IsoUtc,
  activated_at: IsoUtc.nullable(),
  returned_at: IsoUtc.nullable(),
  settled_at: IsoUtc.nullable(),
  settle_reason: z.enum(SETTLE_REASONS).nullable(),
  /** Low-tier winners of the pack by central's print data, and how many were validated (paid). */
  low_tier_winners: Count,
  low_tier_validated: Count,
});
export type CentralPackView = z.infer<typeof CentralPackView>;

export const PackOpAnswer = z.object({
  /** 'applied': central holds the operation now (or held it already: a retry); 'refused': nothing changed. */
  outcome: z.enum(['applied', 'refused']),
  /** For 'refused': not_published, stop_listed, held_elsewhere, wrong_state. */
  reason: z.string().nullable(),
  message: z.string(),
  /** The pack as central holds it after the request (null when central holds nothing of it). */
  pack: CentralPackView.nullable(),
});
export type PackOpAnswer = z.infer<typeof PackOpAnswer>;

/** Feed item, for every terminal: a pack's new state at central. */
export const PackStateItem = CentralPackView.extend({ kind: z.literal('pack_state') });
export type PackStateItem = z.infer<typeof PackStateItem>;

/**
 * Feed item, to one terminal: central refused a pack operation the terminal queued while central was
 * away (it came with a push, so no answer told the terminal). Said once; the operation is not retried.
 */
export const PackRefusedItem = PackIdentity.extend({
  kind: z.literal('pack_refused'),
  /** `GGG-EEE-BB-PPPPP`. */
  number: z.string().max(32),
  action: z.enum(PACK_OPERATIONS),
  /** The operation's idempotency key (the terminal's outbox key). */
  op_key: z.string().max(240),
  /** not_published, stop_listed, held_elsewhere, wrong_state. */
  reason: z.string().max(64),
  /** Central's sentence, for the journal and the CLI (screens word the reason themselves). */
  message: z.string(),
  /** The pack as central holds it (null when it holds nothing of it). */
  held: CentralPackView.nullable(),
});
export type PackRefusedItem = z.infer<typeof PackRefusedItem>;

// ── Settlement ───────────────────────────────────────────────────────────────────────────────────

export interface SettlementRules {
  /** A pack settles once this share (percent) of its low-tier winners are validated. */
  readonly settle_share_percent: number;
  /** … or this many days after its activation. */
  readonly settle_days: number;
  /** A winner is low-tier when its prize is at most this (cents). */
  readonly settle_low_tier_max_cents: number;
}

export const DEFAULT_SETTLEMENT: SettlementRules = Object.freeze({
  settle_share_percent: 70,
  settle_days: 45,
  settle_low_tier_max_cents: 5_000,
});

/** The rules in force: central's configuration where set (whole numbers; a share 1–100, days ≥ 1), the defaults otherwise. */
export function settlementRulesOf(config: Readonly<Record<string, unknown>>): SettlementRules {
  const ok = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
  const share = config.settle_share_percent;
  const days = config.settle_days;
  const low = config.settle_low_tier_max_cents;
  return {
    settle_share_percent: ok(share, 1, 100) ? share : DEFAULT_SETTLEMENT.settle_share_percent,
    settle_days: ok(days, 1, 3650) ? days : DEFAULT_SETTLEMENT.settle_days,
    settle_low_tier_max_cents: ok(low, 1, Number.MAX_SAFE_INTEGER) ? low : DEFAULT_SETTLEMENT.settle_low_tier_max_cents,
  };
}

/** `GGG-EEE-BB-PPPPP` from the game's number (the first 3 digits of its barcodes). */
export function packNumberOf(gameNumber: number, p: { emission: number; block: number; pack: number }): string {
  return `${String(gameNumber).padStart(3, '0')}-${String(p.emission).padStart(3, '0')}-${String(p.block).padStart(2, '0')}-${String(p.pack).padStart(5, '0')}`;
}
