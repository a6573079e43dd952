/**
 * Quotas per terminal (or per address) and window, enforced at central (#19): a counter is taken in
 * the transaction of what it counts, so a refusal (429 `quota_exceeded`) rolls the count back with
 * everything else and the terminal's client does not retry it. Limits are central's configuration
 * (announced on the feed), with defaults here.
 */
import { CentralError } from './context.js';
import type { Queryable } from './db.js';
import { bumpCounter } from './queries/quotas.js';

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
  if (n > limit) throw new CentralError('quota_exceeded', `${subject} has used its ${limit} ${what} since ${start}: try again in the next window, or ask the lottery to raise the limit`, 429);
}
