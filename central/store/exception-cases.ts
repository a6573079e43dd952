/**
 * A payout exception followed to its end (#22): an operator investigates it (who, when, a note; the
 * latest investigation replaces the one before, each journaled), then, once its money is decided
 * (charged back or written off, under dual control: store/chargebacks.ts), closes it with a reason.
 * A closed exception is neither investigated, charged back nor written off again. Each act locks the
 * exception's row, checks, writes `exception_cases` and its journal row in one transaction.
 */
import { exceptionView, lockedException, refuseClosed, type ExceptionStateView } from './chargebacks.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import { exceptionById } from './queries/chargebacks.js';
import { recordClosing, recordInvestigation } from './queries/exception-cases.js';

/** A note or reason: trimmed, 1 to 500 characters, else bad_request naming the flag. */
function textOf(value: string, what: string, flag: string): string {
  const v = value.trim();
  if (v === '') throw new CentralError('bad_request', `say ${what} (${flag})`);
  if (v.length > 500) throw new CentralError('bad_request', `${flag} takes at most 500 characters (${v.length} given)`);
  return v;
}

/** Marks exception `id` as under investigation by `actor`, with `note` (not on a closed one). */
export async function investigateException(c: Central, actor: string, id: number, note: string): Promise<ExceptionStateView> {
  const text = textOf(note, 'what is being investigated', '--note');
  return c.db.transaction(async (tx) => {
    const x = await lockedException(tx, id);
    refuseClosed(x, 'investigated');
    const at = c.now();
    await recordInvestigation(tx, id, at, actor, text);
    await journalAtCentral(c, tx, at, actor, 'exception.investigate', {
      exception_id: id,
      ticket: x.ticket,
      note: text,
      was: x.investigating_at ? { investigating_at: x.investigating_at, investigating_by: x.investigating_by, note: x.note } : null,
    });
    return exceptionView((await exceptionById(tx, id))!);
  });
}

/** Closes exception `id` whose money is decided (charged back or written off), once. */
export async function closeException(c: Central, actor: string, id: number, reason: string): Promise<ExceptionStateView> {
  const text = textOf(reason, 'why the exception is closed', '--reason');
  return c.db.transaction(async (tx) => {
    const x = await lockedException(tx, id);
    if (x.closed_at) throw new CentralError('already_closed', `payout exception ${id} was closed at ${x.closed_at} by ${x.closed_by ?? '?'}: ${x.close_reason ?? ''}`, 409, { id, closed_at: x.closed_at, by: x.closed_by ?? '?' });
    if (!x.state) throw new CentralError('not_settled', `payout exception ${id} is ${x.investigating_at ? 'under investigation' : 'open'}: charge it back or write it off first`, 409, { id });
    const at = c.now();
    await recordClosing(tx, id, at, actor, text);
    await journalAtCentral(c, tx, at, actor, 'exception.close', { exception_id: id, ticket: x.ticket, state: x.state, reason: text });
    return exceptionView((await exceptionById(tx, id))!);
  });
}
