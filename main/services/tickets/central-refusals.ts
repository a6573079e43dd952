/**
 * What central told this terminal about a ticket when it refused its claim — paid (where, when) or held
 * by another terminal's claim — kept in the terminal's database (db/queries/central-ticket-facts.ts):
 * when central does not answer later, the ticket is refused offline with the same code, words and
 * details as central's answer gave online, never paid a second time (issue 41, high 1). Central's next
 * answer replaces it; a claim central grants this terminal forgets it.
 */
import type { ClaimAnswer } from '../../../common/protocol/index.js';
import { centralTicketFactOf, forgetCentralTicketFact, keepCentralTicketFact, type CentralTicketFact } from '../../../db/queries/central-ticket-facts.js';
import type { UnitId } from '../../../games/ticket-id.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { CounterVerdict } from './counter-verdict.js';
import { PayoutError } from './pay-errors.js';

const unitKey = (id: UnitId) => ({ game: id.game, emission: id.emission, block: id.block, unit: id.unit });

/** Keeps central's refusal of a claim of ticket `id` ('already_paid' or 'held_elsewhere'), replacing the one before. */
export function keepCentralRefusal(t: LotteryTerminal, id: UnitId, a: ClaimAnswer & { readonly verdict: CentralTicketFact['verdict'] }): CentralTicketFact {
  const fact: CentralTicketFact = {
    ...unitKey(id),
    verdict: a.verdict,
    terminal: a.paid?.terminal ?? null,
    retailer: a.paid?.retailer ?? null,
    at: a.paid?.at ?? null,
    held_until: a.held_until,
    message: a.message,
    told_at: t.now(),
  };
  inTransaction(t, () => keepCentralTicketFact(t.db, fact));
  return fact;
}

/** Forgets central's refusal of ticket `id`: central now holds it for this terminal. */
export function forgetCentralRefusal(t: LotteryTerminal, id: UnitId): void {
  inTransaction(t, () => forgetCentralTicketFact(t.db, unitKey(id)));
}

/** Central's last refusal of ticket `id`, if it refused it. */
export function centralRefusalOf(t: LotteryTerminal, id: UnitId): CentralTicketFact | null {
  return centralTicketFactOf(t.db, unitKey(id)) ?? null;
}

/**
 * The payout refusal central's word on a ticket gives, online as offline: 'paid-elsewhere' (which
 * terminal, when), 'already-paid' (here, or central named no terminal), 'claimed-elsewhere' (held by
 * which terminal, until when). `local` is the act's counter verdict on the ticket.
 */
export function refusalOf(t: LotteryTerminal, fact: CentralTicketFact, local: CounterVerdict): PayoutError {
  if (fact.verdict === 'already_paid') {
    if (fact.terminal !== null && fact.terminal !== t.id) {
      const at = fact.at ?? fact.told_at;
      return new PayoutError('paid-elsewhere', `already paid at terminal ${fact.terminal} (${fact.retailer ?? '?'}) on ${at}: do not pay`, local, { terminal: fact.terminal, at });
    }
    return new PayoutError('already-paid', fact.message, local);
  }
  // Held by another terminal's claim (or this terminal's hold ended and may not be renewed yet): not paid.
  return new PayoutError('claimed-elsewhere', `central: ${fact.message}`, local, { terminal: fact.terminal ?? t.id, ...(fact.held_until ? { until: fact.held_until } : {}) });
}
