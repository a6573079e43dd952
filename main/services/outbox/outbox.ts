/**
 * The outbox: events for the lottery, written in the same transaction as the state change they report.
 * For now they only accumulate; a sender will retry each with the same idempotency key until delivered.
 */
import { insertOutboxRow, pendingOutboxCount, pendingOutboxRows, type OutboxRow } from '../../../db/queries/outbox.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { assertInTransaction } from '../journal/append.js';
import type { LotteryTerminal } from '../terminal/terminal.js';
import { OutboxError } from './errors.js';

export interface NewOutboxEvent {
  /** Event type for the lottery (e.g. 'sale'). */
  readonly type: string;
  /** The caller's key, unique per terminal and derived from the business object (e.g. `sale/42`). */
  readonly key: string;
  readonly journalSeq: number;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** The stored idempotency key: the terminal id, a slash, the caller's key. */
export function idempotencyKey(t: LotteryTerminal, key: string): string {
  return `${t.id}/${key}`;
}

/**
 * Writes one event inside the caller's transaction; returns its idempotency key. Throws
 * OutboxError('duplicate-event') when that key was already used, so the transaction rolls back.
 */
export function enqueueOutbox(t: LotteryTerminal, event: NewOutboxEvent): string {
  assertInTransaction(t, 'writing to the outbox');
  if (!/^[\w.:/-]{1,200}$/.test(event.key)) throw new OutboxError('bad-key', `bad outbox key '${event.key}'`);
  const key = idempotencyKey(t, event.key);
  const inserted = insertOutboxRow(t.db, {
    idempotency_key: key,
    type: event.type,
    journal_seq: event.journalSeq,
    payload: JSON.stringify(event.payload),
    created_at: t.now(),
  });
  if (!inserted) throw new OutboxError('duplicate-event', `event ${key} was already recorded`);
  return key;
}

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
