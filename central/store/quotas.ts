/**
 * Quotas per terminal (or per address) and window, enforced at central (#19): a counter is taken in
 * the transaction of what it counts, so a refusal (429 `quota_exceeded`) rolls the count back with
 * everything else and the terminal's client does not retry it. Limits are central's configuration
 * (announced on the feed), with defaults here.
 */
import { CentralError } from './context.js';
import type { Queryable } from './db.js';
import { bumpCounter, dropOlderWindows } from './queries/quotas.js';

/** A whole, non-negative configured number, else the default. */
export function configuredCount(config: Record<string, unknown>, key: string, fallback: number): number {
  const v = config[key];
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fallback;
}

/** Start of the UTC day of `at` (a quota's window). */
export function dayStart(at: string): string {
  return `${at.slice(0, 10)}T00:00:00.000Z`;
}

/** Start of the fixed window of `seconds` holding `at`. */
export function windowStart(at: string, seconds: number): string {
  const ms = Math.max(1, seconds) * 1000;
  return new Date(Math.floor(Date.parse(at) / ms) * ms).toISOString();
}

/**
 * Counts one `counter` for `subject` in the window starting at `start`; over `limit` throws 429
 * `quota_exceeded` naming `what` (the caller's transaction then rolls the count back).
 */
export async function takeQuota(q: Queryable, subject: string, counter: string, start: string, limit: number, what: string): Promise<void> {
  const n = await bumpCounter(q, subject, counter, start);
  if (n === 1) await dropOlderWindows(q, subject, counter, start); // a new window: the old ones are done with
  if (n > limit) throw new CentralError('quota_exceeded', `${subject} has used its ${limit} ${what} since ${start}: try again in the next window, or ask the lottery to raise the limit`, 429);
}

/** A quota of a route: what it counts, per what, how often, and its configuration key. */
export interface RouteQuota {
  readonly counter: string;
  readonly per: 'terminal' | 'address';
  readonly window_seconds: number;
  readonly config_key: string;
  readonly fallback: number;
  /** How the refusal names what was counted. */
  readonly what: string;
}

/** The quotas of central's routes (configuration keys and defaults). */
export const ROUTE_QUOTAS = {
  claim: { counter: 'claim', per: 'terminal', window_seconds: 60, config_key: 'quota_claims_per_minute', fallback: 600, what: 'claims of the minute (quota_claims_per_minute)' },
  pack_receipt: { counter: 'pack_receipt', per: 'terminal', window_seconds: 3600, config_key: 'quota_pack_receipts_per_hour', fallback: 200, what: 'pack receipts of the hour (quota_pack_receipts_per_hour)' },
  claim_address: { counter: 'claim', per: 'address', window_seconds: 60, config_key: 'quota_address_claims_per_minute', fallback: 3000, what: 'claims of the minute from this address (quota_address_claims_per_minute)' },
  pack_receipt_address: { counter: 'pack_receipt', per: 'address', window_seconds: 3600, config_key: 'quota_address_pack_receipts_per_hour', fallback: 1000, what: 'pack receipts of the hour from this address (quota_address_pack_receipts_per_hour)' },
  digital_sell_address: { counter: 'digital_sell', per: 'address', window_seconds: 86_400, config_key: 'quota_address_digital_sales_per_day', fallback: 5000, what: 'digital sales of the day from this address (quota_address_digital_sales_per_day)' },
  enrol: { counter: 'enrol', per: 'address', window_seconds: 3600, config_key: 'quota_enrolments_per_hour', fallback: 100, what: 'enrolment attempts of the hour from this address (quota_enrolments_per_hour)' },
} as const satisfies Record<string, RouteQuota>;
