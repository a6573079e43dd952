/**
 * What becomes of a payout exception (a ticket paid at two terminals, store/claims.ts) (#19): by
 * central's configuration `payout_exception_policy`, the second payout is charged back to the retailer
 * whose terminal paid second (`chargeback`, the default), or the lottery bears it (`lottery_bears`: the
 * exception is written off). A chargeback is a line of that retailer's statement in the week central
 * found it; `guichet central exceptions write-off ID --reason …` writes one off (journaled at central),
 * refunding a chargeback in the week of the write-off. Closed weeks never change (store/statements.ts).
 * An exception closed (store/exception-cases.ts) is neither charged back nor written off again.
 */
import { POLICY_SETTLE_REASONS } from '../../common/console/exceptions.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { currentConfig } from './feed.js';
import { chargeBack, exceptionById, exceptionStates, settleOpenExceptions, writeOff, type ExceptionStateRow } from './queries/chargebacks.js';

export const EXCEPTION_POLICIES = ['chargeback', 'lottery_bears'] as const;
export type ExceptionPolicy = (typeof EXCEPTION_POLICIES)[number];

export type ExceptionState = 'open' | 'charged_back' | 'written_off';

export async function exceptionPolicy(q: Queryable): Promise<ExceptionPolicy> {
  const v = (await currentConfig(q)).payout_exception_policy;
  return v === 'lottery_bears' ? 'lottery_bears' : 'chargeback';
}

/** Settles the exceptions a push of `terminal` just made (it paid second), by the policy; inside the push's transaction. */
export async function settleNewExceptions(c: Central, tx: Queryable, terminal: string, at: string): Promise<number> {
  const policy = await exceptionPolicy(tx);
  return policy === 'chargeback'
    ? settleOpenExceptions(tx, terminal, at, 'charged_back', POLICY_SETTLE_REASONS.charged_back)
    : settleOpenExceptions(tx, terminal, at, 'written_off', POLICY_SETTLE_REASONS.written_off);
}

export interface ExceptionStateView {
  readonly id: number;
  readonly ticket: string;
  readonly second_terminal: string;
  readonly second_seq: number;
  readonly amount_cents: number;
  readonly state: ExceptionState;
  readonly charged_at: string | null;
  readonly written_off_at: string | null;
  readonly reason: string | null;
  /** Who investigates it, since when, and their note (the latest investigation); null when never investigated. */
  readonly investigating_at: string | null;
  readonly investigating_by: string | null;
  readonly note: string | null;
  /** When, by whom and why it was closed; null while not closed. */
  readonly closed_at: string | null;
  readonly closed_by: string | null;
  readonly close_reason: string | null;
}

export const exceptionView = (r: ExceptionStateRow): ExceptionStateView => ({
  id: Number(r.exception_id),
  ticket: r.ticket,
  second_terminal: r.second_terminal,
  second_seq: Number(r.second_seq),
  amount_cents: Number(r.second_amount),
  state: r.state ?? 'open',
  charged_at: r.charged_at,
  written_off_at: r.written_off_at,
  reason: r.reason,
  investigating_at: r.investigating_at,
  investigating_by: r.investigating_by,
  note: r.note,
  closed_at: r.closed_at,
  closed_by: r.closed_by,
  close_reason: r.close_reason,
});

/** Exception `id` locked for update in `tx`, or no_such_exception (404). */
export async function lockedException(tx: Queryable, id: number): Promise<ExceptionStateRow> {
  const x = await exceptionById(tx, id, true);
  if (!x) throw new CentralError('no_such_exception', `no payout exception ${id} (guichet central exceptions lists them)`, 404);
  return x;
}

/** Refuses an act on a closed exception (409 exception_closed): nothing is done to it once closed. */
export function refuseClosed(x: ExceptionStateRow, act: string): void {
  if (x.closed_at) throw new CentralError('exception_closed', `payout exception ${Number(x.exception_id)} was closed at ${x.closed_at} by ${x.closed_by ?? '?'}: it cannot be ${act}`, 409, { id: Number(x.exception_id), closed_at: x.closed_at, by: x.closed_by ?? '?' });
}

/** Before a write-off or charge-back is proposed (dual control): a closed exception is refused at once (the act checks again, and any other refusal, at its approval). */
export async function checkNotClosed(c: Central, id: number, act: string): Promise<void> {
  const x = await exceptionById(c.db, id);
  if (x) refuseClosed(x, act);
}

export async function listExceptionStates(c: Central): Promise<ExceptionStateView[]> {
  return (await exceptionStates(c.db)).map(exceptionView);
}

/** Writes exception `id` off: the lottery bears its second payout (a chargeback is refunded this week). */
export async function writeOffException(c: Central, actor: string, id: number, reason: string): Promise<ExceptionStateView> {
  if (reason.trim() === '') throw new CentralError('bad_request', 'say why the exception is written off (--reason)');
  return c.db.transaction(async (tx) => {
    const x = await lockedException(tx, id);
    refuseClosed(x, 'written off');
    if (x.state === 'written_off') throw new CentralError('already_written_off', `payout exception ${id} was written off at ${x.written_off_at ?? '?'}: ${x.reason ?? ''}`, 409);
    const at = c.now();
    await writeOff(tx, x, at, reason);
    await journalAtCentral(c, tx, at, actor, 'exception.write-off', { exception_id: id, ticket: x.ticket, terminal: x.second_terminal, seq: Number(x.second_seq), amount_cents: Number(x.second_amount), reason, was: x.state ?? 'open' });
    const after = await exceptionById(tx, id);
    return exceptionView(after!);
  });
}

/**
 * Charges exception `id` back to the retailer whose terminal paid second, as an operator's act (#22):
 * one the lottery bore (written off, never charged) or still open. A line of that retailer's statement
 * in this week (store/statements.ts); one charged back before is refused (a refunded one stays refunded).
 */
export async function chargeBackException(c: Central, actor: string, id: number, reason: string): Promise<ExceptionStateView> {
  if (reason.trim() === '') throw new CentralError('bad_request', 'say why the exception is charged back (--reason)');
  return c.db.transaction(async (tx) => {
    const x = await lockedException(tx, id);
    refuseClosed(x, 'charged back');
    if (x.charged_at) throw new CentralError('already_charged_back', `payout exception ${id} was charged back at ${x.charged_at}${x.state === 'written_off' ? ' and written off since' : ''}`, 409);
    const at = c.now();
    await chargeBack(tx, x, at, reason);
    await journalAtCentral(c, tx, at, actor, 'exception.charge-back', { exception_id: id, ticket: x.ticket, terminal: x.second_terminal, seq: Number(x.second_seq), amount_cents: Number(x.second_amount), reason, was: x.state ?? 'open' });
    return exceptionView((await exceptionById(tx, id))!);
  });
}
