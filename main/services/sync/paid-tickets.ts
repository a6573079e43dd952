/**
 * A ticket the feed says central holds paid (`ticket_paid`, issue 41): kept beside central's direct
 * answers (db/queries/central-ticket-facts.ts), so that while central does not answer this terminal
 * refuses it with the words of central's 'already_paid' answer, though it never asked central about it.
 * Applied with the feed cursor, in its transaction (pull.ts).
 */
import type { TicketPaidItem } from '../../../common/protocol/index.js';
import { keepCentralTicketFact } from '../../../db/queries/central-ticket-facts.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Keeps central's word that a ticket was paid; this terminal's own payout is its journal's, not kept. Answers whether it was kept. */
export function keepPaidTicket(t: LotteryTerminal, item: TicketPaidItem): boolean {
  if (item.terminal === t.id) return false;
  keepCentralTicketFact(t.db, {
    game: item.game,
    emission: item.emission,
    block: item.block,
    unit: item.unit,
    verdict: 'already_paid',
    terminal: item.terminal,
    retailer: item.retailer,
    at: item.at,
    held_until: null,
    // Central's sentence of its 'already_paid' answer (central/store/claims.ts).
    message: `already paid on ${item.at} at terminal ${item.terminal} (${item.retailer}): do not pay`,
    told_at: t.now(),
  });
  return true;
}
