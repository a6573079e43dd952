/** What the status bar and diagnostics show of the link with central (no amounts). */
import { pendingOutboxCount } from '../../../db/queries/outbox.js';
import { journalCount, journalCountAfter, offlinePayoutsAfter } from '../../../db/queries/journal.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Central counts as online when it answered within this long and nothing failed since. */
export const ONLINE_WINDOW_MS = 60_000;

export type LinkState = 'not-enrolled' | 'online' | 'offline' | 'refused' | 'disabled';

export interface SyncStatus {
  readonly state: LinkState;
  readonly online: boolean;
  readonly central_url: string | null;
  readonly last_contact_at: string | null;
  /** Seconds since the last answer from central (null: never). */
  readonly seconds_since_contact: number | null;
  readonly last_push_at: string | null;
  readonly last_pull_at: string | null;
  readonly last_error: string | null;
  readonly clock_offset_ms: number | null;
  /** Outbox events not acknowledged by central. */
  readonly events_waiting: number;
  /** Journal entries central does not hold yet. */
  readonly entries_waiting: number;
  /** Payouts made offline that central has not acknowledged yet ("payout waiting for central"). */
  readonly payouts_waiting_central: number;
  readonly acked_seq: number;
  readonly feed_cursor: number;
  /** "journal refused by central": why (null when not refused). */
  readonly refused: string | null;
  /** Why central disabled this terminal (null when enabled). */
  readonly disabled: string | null;
}

export function syncStatus(t: LotteryTerminal): SyncStatus {
  const s = syncStateRow(t.db);
  const waiting = pendingOutboxCount(t.db);
  const now = t.clock().getTime();
  if (!s) {
    return {
      state: 'not-enrolled', online: false, central_url: null, last_contact_at: null, seconds_since_contact: null, last_push_at: null, last_pull_at: null,
      last_error: null, clock_offset_ms: null, events_waiting: waiting,
      entries_waiting: journalCount(t.db), acked_seq: 0, feed_cursor: 0, refused: null, disabled: null, payouts_waiting_central: 0,
    };
  }
  const contact = s.last_contact_at ? Date.parse(s.last_contact_at) : null;
  const failedSince = s.last_error_at !== null && (contact === null || Date.parse(s.last_error_at) >= contact);
  const online = contact !== null && now - contact <= ONLINE_WINDOW_MS && !failedSince;
  const refused = s.refused_reason;
  const state: LinkState = s.disabled_reason ? 'disabled' : refused ? 'refused' : online ? 'online' : 'offline';
  return {
    state,
    online,
    central_url: s.central_url,
    last_contact_at: s.last_contact_at,
    seconds_since_contact: contact === null ? null : Math.max(0, Math.round((now - contact) / 1000)),
    last_push_at: s.last_push_at,
    last_pull_at: s.last_pull_at,
    last_error: s.last_error,
    clock_offset_ms: s.clock_offset_ms,
    events_waiting: waiting,
    entries_waiting: journalCountAfter(t.db, s.acked_seq),
    payouts_waiting_central: offlinePayoutsAfter(t.db, s.acked_seq),
    acked_seq: s.acked_seq,
    feed_cursor: s.feed_cursor,
    refused,
    disabled: s.disabled_reason,
  };
}
