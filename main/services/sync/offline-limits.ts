/**
 * Offline payouts, bounded by the lottery: while central does not answer a claim, a winner is paid
 * only inside the last offline allowance central signed in a push answer (allowance.ts): its prize,
 * the count and total of the offline payouts journaled after the entry that allowance counts from
 * (pending ones included), and its end, each no higher than central's signed configuration now says
 * (a limit lowered on the feed applies before the next allowance). Nothing unsigned renews it: an answer to `/v1/time`, a feed page
 * or a claim is contact, not an allowance. Before the first allowance, central's signed configuration
 * (common/protocol/limits.ts) counted from the last acknowledged push (or the enrolment).
 * An offline payout is pending until central acknowledged its journal entry.
 */
import { offlineLimitsOf, type OfflineLimits } from '../../../common/protocol/index.js';
import { offlinePayoutsAfter, offlinePayoutsAfterSeq } from '../../../db/queries/journal.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { heldAllowance, limitsOfAllowance } from './allowance.js';
import { centralConfig } from './central-config.js';

export interface OfflineUsage {
  readonly limits: OfflineLimits;
  /** When the allowance in force was signed (else the last acknowledged push, else the enrolment). */
  readonly since: string;
  readonly hours_since_contact: number;
  readonly count: number;
  readonly total_cents: number;
  /** Offline payouts central has not acknowledged yet. */
  readonly pending: number;
}

/**
 * The stricter of the allowance and central's signed configuration, limit by limit: a limit lowered on
 * the feed applies at once, before the next push brings an allowance signed with it (an allowance never
 * pays more than the configuration in force says).
 */
function stricter(a: OfflineLimits, b: OfflineLimits): OfflineLimits {
  return {
    offline_max_ticket_cents: Math.min(a.offline_max_ticket_cents, b.offline_max_ticket_cents),
    offline_max_total_cents: Math.min(a.offline_max_total_cents, b.offline_max_total_cents),
    offline_max_count: Math.min(a.offline_max_count, b.offline_max_count),
    offline_max_hours: Math.min(a.offline_max_hours, b.offline_max_hours),
  };
}

export function offlineUsage(t: LotteryTerminal): OfflineUsage | null {
  const s = syncStateRow(t.db);
  if (!s) return null;
  const a = heldAllowance(s);
  const since = a ? a.issued_at : (s.last_push_at ?? s.enrolled_at);
  const row = offlinePayoutsAfterSeq(t.db, a ? Math.min(a.acked_seq, s.acked_seq) : s.acked_seq);
  const pending = offlinePayoutsAfter(t.db, s.acked_seq);
  return {
    limits: a ? stricter(limitsOfAllowance(a), offlineLimitsOf(centralConfig(t))) : offlineLimitsOf(centralConfig(t)),
    since,
    hours_since_contact: Math.max(0, (t.clock().getTime() - Date.parse(since)) / 3_600_000),
    count: row.n,
    total_cents: row.total,
    pending,
  };
}

/** Which offline limit a payout would pass: 'ticket' and 'total' in cents, 'count' in tickets, 'hours' in hours; `used` what was already used. */
export interface OfflineLimitReached {
  readonly limit: 'ticket' | 'count' | 'total' | 'hours';
  readonly max: number;
  readonly used?: number;
}

/** The offline limit a prize of `amount` would pass now, with a sentence, or null when it may be paid offline. */
export function offlineLimitReached(t: LotteryTerminal, amount: number): { readonly reached: OfflineLimitReached; readonly message: string } | null {
  const u = offlineUsage(t);
  return u ? limitReachedIn(u, amount) : null;
}

/** The offline limit a prize of `amount` would pass given the usage `u` (read once by the caller). */
export function limitReachedIn(u: OfflineUsage, amount: number): { readonly reached: OfflineLimitReached; readonly message: string } | null {
  const l = u.limits;
  const euros = (c: number): string => `${(c / 100).toFixed(2)} €`;
  if (amount > l.offline_max_ticket_cents) {
    return { reached: { limit: 'ticket', max: l.offline_max_ticket_cents }, message: `this prize (${euros(amount)}) is above the offline limit per ticket (${euros(l.offline_max_ticket_cents)})` };
  }
  if (u.count + 1 > l.offline_max_count) {
    return { reached: { limit: 'count', max: l.offline_max_count, used: u.count }, message: `${u.count} tickets were already paid offline since the last contact (at most ${l.offline_max_count})` };
  }
  if (u.total_cents + amount > l.offline_max_total_cents) {
    return {
      reached: { limit: 'total', max: l.offline_max_total_cents, used: u.total_cents },
      message: `${euros(u.total_cents)} already paid offline since the last contact; with this prize it would pass ${euros(l.offline_max_total_cents)}`,
    };
  }
  if (u.hours_since_contact > l.offline_max_hours) {
    const hours = Math.floor(u.hours_since_contact);
    return { reached: { limit: 'hours', max: l.offline_max_hours, used: hours }, message: `no contact with central for ${hours} h (offline payouts stop after ${l.offline_max_hours} h)` };
  }
  return null;
}
