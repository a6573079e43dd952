/**
 * The outbox as technicians see it: the events waiting for the lottery (written by the kernel's
 * enqueueOutbox, main/kernel/outbox.ts, in the transaction of the change they report).
 */
import { pendingOutboxCount, pendingOutboxRows, type OutboxRow } from '../../../db/queries/outbox.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** What the outbox shows: no payload (amounts stay out of sight of technicians). */
export interface OutboxItem {
  readonly key: string;
  readonly type: string;
  readonly journal_seq: number;
  readonly created_at: string;
  readonly attempts: number;
  readonly last_attempt_at: string | null;
  readonly last_error: string | null;
}

export interface OutboxListing {
  /** Events waiting in total. */
  readonly pending: number;
  /** The oldest waiting events (up to the limit). */
  readonly events: OutboxItem[];
}

function itemOf(row: OutboxRow): OutboxItem {
  return {
    key: row.idempotency_key,
    type: row.type,
    journal_seq: row.journal_seq,
    created_at: row.created_at,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at,
    last_error: row.last_error,
  };
}

/** The events waiting to be sent, oldest first (permission 'outbox.view'). */
export function listOutbox(t: LotteryTerminal, session: OperatorSession, options: { limit?: number } = {}): OutboxListing {
  authorize(t, session, 'outbox.view');
  return { pending: pendingOutboxCount(t.db), events: pendingOutboxRows(t.db, options.limit ?? -1).map(itemOf) };
}
