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
import type { CounterVerdict } from './verdict-types.js';
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

/** The refusal's code, words and details (what a screen shows) for central's word on a ticket; see refusalOf. */
export function refusalWords(t: LotteryTerminal, fact: CentralTicketFact): { code: string; message: string; details?: Readonly<Record<string, string>> } {
  if (fact.verdict === 'already_paid') {
    if (fact.terminal !== null && fact.terminal !== t.id) {
      const at = fact.at ?? fact.told_at;
      return { code: 'paid-elsewhere', message: `already paid at terminal ${fact.terminal} (${fact.retailer ?? '?'}) on ${at}: do not pay`, details: { terminal: fact.terminal, at } };
    }
    return { code: 'already-paid', message: fact.message };
  }
  // Held by another terminal's claim (or this terminal's hold ended and may not be renewed yet): not paid.
  return { code: 'claimed-elsewhere', message: `central: ${fact.message}`, details: { terminal: fact.terminal ?? t.id, ...(fact.held_until ? { until: fact.held_until } : {}) } };
}

/**
 * The payout refusal central's word on a ticket gives, online as offline: 'paid-elsewhere' (which
 * terminal, when), 'already-paid' (here, or central named no terminal), 'claimed-elsewhere' (held by
 * which terminal, until when). `local` is the act's counter verdict on the ticket.
 */
export function refusalOf(t: LotteryTerminal, fact: CentralTicketFact, local: CounterVerdict): PayoutError {
  const w = refusalWords(t, fact);
  return new PayoutError(w.code, w.message, local, w.details);
}

/**
 * The payout refusal of a counter verdict that forbids paying: for an 'already-paid' the verdict took
 * from central's word (offline, `paid.receipt_no` null), central's code, words and details, as online;
 * otherwise the verdict's own.
 */
export function verdictRefusal(t: LotteryTerminal, v: CounterVerdict): PayoutError {
  const told = v.verdict === 'already-paid' && v.paid?.receipt_no === null && v.id ? centralRefusalOf(t, v.id) : null;
  return told ? refusalOf(t, told, v) : new PayoutError(v.verdict, v.message, v);
}
