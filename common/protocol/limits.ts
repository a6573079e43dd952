/**
 * The figures of "one ticket, one payment" both sides know: central's configuration keys that bound
 * offline payouts, their defaults (used while central has not set them), and the claim's time budget.
 */

/** A payout waits this long for central's claim answer before it counts as offline. */
export const CLAIM_TIMEOUT_MS = 2_000;

export interface OfflineLimits {
  /** The largest prize one ticket may have to be paid offline. */
  readonly offline_max_ticket_cents: number;
  /** The total paid offline since the last contact with central. */
  readonly offline_max_total_cents: number;
  /** How many tickets may be paid offline since the last contact. */
  readonly offline_max_count: number;
  /** No offline payout once the last contact is older than this. */
  readonly offline_max_hours: number;
}

export const DEFAULT_OFFLINE_LIMITS: OfflineLimits = Object.freeze({
  offline_max_ticket_cents: 5_000,
  offline_max_total_cents: 30_000,
  offline_max_count: 20,
  offline_max_hours: 24,
});

/** The configuration keys of OfflineLimits. */
export const OFFLINE_LIMIT_KEYS = Object.keys(DEFAULT_OFFLINE_LIMITS) as (keyof OfflineLimits)[];

/** The limits in force: central's values where set (whole numbers ≥ 0), the defaults otherwise. */
export function offlineLimitsOf(config: Readonly<Record<string, unknown>>): OfflineLimits {
  const out = { ...DEFAULT_OFFLINE_LIMITS } as Record<keyof OfflineLimits, number>;
  for (const k of OFFLINE_LIMIT_KEYS) {
    const v = config[k];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) out[k] = v;
  }
  return out;
}

/** Minutes between a terminal's update rounds while central's `update_check_minutes` is not set. */
export const DEFAULT_UPDATE_CHECK_MINUTES = 60;
