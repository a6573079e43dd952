/**
 * THE way a service records a business event: one call, inside the transaction that changes the state,
 * appends the signed journal entry, takes the next receipt number when asked, and writes the outbox event.
 */
import { nextCounter } from '../../db/queries/counters.js';
import { enqueueOutbox } from './outbox.js';
import type { LotteryTerminal } from './terminal.js';
import { appendJournal } from './append.js';
import { assertInTransaction } from './transaction.js';
import { checkMoney, type Money } from './money.js';

export { inTransaction } from './transaction.js';

/** Who acts: an operator's session (or anything with its name); the kernel needs only the name. */
export interface Actor {
  readonly name: string;
}

export interface RecordInput {
  /** Journal entry type: 'sale', 'void', 'payout', 'claim', 'pack.receive', 'session.open' … */
  readonly type: string;
  /** Who acts; null when the terminal itself does. */
  readonly operator: Actor | null;
  /** The event's details (JSON object, integers only). */
  readonly payload?: Readonly<Record<string, unknown>>;
  /** Take the next receipt number (added to the payload as `receipt_no`). */
  readonly receipt?: boolean;
  /** What the X/Z reports count (added to the payload as `money`). */
  readonly money?: Money;
  /** Also write an outbox event. `key` is unique per terminal and stable for this business event. */
  readonly outbox?: { readonly key: string; readonly type?: string; readonly payload?: Readonly<Record<string, unknown>> };
}

export interface Recorded {
  readonly seq: number;
  readonly at: string;
  readonly hash: string;
  readonly receipt_no?: number;
  /** The stored idempotency key (`<terminal id>/<key>`). */
  readonly outbox_key?: string;
}

/** Takes the next receipt number (sequential per terminal, never skipped nor reused once committed). */
export function nextReceiptNumber(t: LotteryTerminal): number {
  assertInTransaction(t, 'taking a receipt number');
  return nextCounter(t.db, 'receipt');
}

/**
 * Records one event (see RecordInput). Must run inside `inTransaction`; any throw rolls back the
 * journal entry, the receipt number and the outbox event together with the caller's state change.
 */
export function record(t: LotteryTerminal, input: RecordInput): Recorded {
  assertInTransaction(t, 'recording an event');
  if (input.money) checkMoney(input.money);
  for (const reserved of ['receipt_no', 'money'] as const) {
    if (input.payload && reserved in input.payload) throw new TypeError(`payload may not set '${reserved}': use the record() option`);
  }
  const receipt_no = input.receipt ? nextReceiptNumber(t) : undefined;
  const payload = {
    ...input.payload,
    ...(receipt_no !== undefined ? { receipt_no } : {}),
    ...(input.money ? { money: { kind: input.money.kind, lines: input.money.lines.map((l) => ({ game: l.game, count: l.count, amount_cents: l.amount_cents })) } } : {}),
  };
  const operator = input.operator?.name ?? null;
  const entry = appendJournal(t, { type: input.type, operator, payload });
  let outbox_key: string | undefined;
  if (input.outbox) {
    const type = input.outbox.type ?? input.type;
    outbox_key = enqueueOutbox(t, {
      type,
      key: input.outbox.key,
      journalSeq: entry.seq,
      payload: input.outbox.payload ?? { terminal: t.id, journal_seq: entry.seq, at: entry.at, type: input.type, operator, ...payload },
    });
  }
  return { seq: entry.seq, at: entry.at, hash: entry.hash, ...(receipt_no !== undefined ? { receipt_no } : {}), ...(outbox_key ? { outbox_key } : {}) };
}
