/**
 * The outbox: events for the lottery, written in the same transaction as the state change they report.
 * For now they only accumulate; a sender will retry each with the same idempotency key until delivered.
 */
import { insertOutboxRow } from '../../db/queries/outbox.js';
import { OutboxError } from './errors.js';
import type { LotteryTerminal } from './terminal.js';
import { assertInTransaction } from './transaction.js';

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
