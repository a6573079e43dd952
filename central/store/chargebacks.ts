/**
 * What becomes of a payout exception (a ticket paid at two terminals, store/claims.ts) (#19): by
 * central's configuration `payout_exception_policy`, the second payout is charged back to the retailer
 * whose terminal paid second (`chargeback`, the default), or the lottery bears it (`lottery_bears`: the
 * exception is written off). A chargeback is a line of that retailer's statement in the week central
 * found it; `guichet central exceptions write-off ID --reason …` writes one off (journaled at central),
 * refunding a chargeback in the week of the write-off. Closed weeks never change (store/statements.ts).
 */
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { currentConfig } from './feed.js';
import { chargeBack, exceptionById, exceptionStates, settleOpenExceptions, writeOff } from './queries/chargebacks.js';

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
    ? settleOpenExceptions(tx, terminal, at, 'charged_back', 'paid second: charged back to its retailer (payout_exception_policy chargeback)')
    : settleOpenExceptions(tx, terminal, at, 'written_off', 'the lottery bears it (payout_exception_policy lottery_bears)');
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
}

const viewOf = (r: Awaited<ReturnType<typeof exceptionStates>>[number]): ExceptionStateView => ({
  id: Number(r.exception_id),
  ticket: r.ticket,
  second_terminal: r.second_terminal,
  second_seq: Number(r.second_seq),
  amount_cents: Number(r.second_amount),
  state: r.state ?? 'open',
  charged_at: r.charged_at,
  written_off_at: r.written_off_at,
  reason: r.reason,
});

export async function listExceptionStates(c: Central): Promise<ExceptionStateView[]> {
  return (await exceptionStates(c.db)).map(viewOf);
}

/** Writes exception `id` off: the lottery bears its second payout (a chargeback is refunded this week). */
export async function writeOffException(c: Central, actor: string, id: number, reason: string): Promise<ExceptionStateView> {
  if (reason.trim() === '') throw new CentralError('bad_request', 'say why the exception is written off (--reason)');
  return c.db.transaction(async (tx) => {
    const x = await exceptionById(tx, id, true);
    if (!x) throw new CentralError('no_such_exception', `no payout exception ${id} (guichet central exceptions lists them)`, 404);
    if (x.state === 'written_off') throw new CentralError('already_written_off', `payout exception ${id} was written off at ${x.written_off_at ?? '?'}: ${x.reason ?? ''}`, 409);
    const at = c.now();
    await writeOff(tx, x, at, reason);
    await journalAtCentral(c, tx, at, actor, 'exception.write-off', { exception_id: id, ticket: x.ticket, terminal: x.second_terminal, seq: Number(x.second_seq), amount_cents: Number(x.second_amount), reason, was: x.state ?? 'open' });
    const after = await exceptionById(tx, id);
    return viewOf(after!);
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
    const x = await exceptionById(tx, id, true);
    if (!x) throw new CentralError('no_such_exception', `no payout exception ${id} (guichet central exceptions lists them)`, 404);
    if (x.charged_at) throw new CentralError('already_charged_back', `payout exception ${id} was charged back at ${x.charged_at}${x.state === 'written_off' ? ' and written off since' : ''}`, 409);
    const at = c.now();
    await chargeBack(tx, x, at, reason);
    await journalAtCentral(c, tx, at, actor, 'exception.charge-back', { exception_id: id, ticket: x.ticket, terminal: x.second_terminal, seq: Number(x.second_seq), amount_cents: Number(x.second_amount), reason, was: x.state ?? 'open' });
    return viewOf((await exceptionById(tx, id))!);
  });
}
