/**
 * What central last told this terminal about a ticket when it refused its claim: paid, or held by
 * another terminal (migration 015). The terminal refuses such a ticket offline with the same words.
 */
import type { Database } from 'better-sqlite3';
import type { UnitKey } from './sales.js';

export interface CentralTicketFact extends UnitKey {
  /** Central's claim verdict. */
  readonly verdict: 'already_paid' | 'held_elsewhere';
  /** The terminal central named (that paid it, or holds it), and its retailer; null when central named none. */
  readonly terminal: string | null;
  readonly retailer: string | null;
  /** When it was paid, or held since. */
  readonly at: string | null;
  /** 'held_elsewhere': until when central holds it for that terminal. */
  readonly held_until: string | null;
  /** Central's sentence. */
  readonly message: string;
  /** When central said it (the terminal's clock). */
  readonly told_at: string;
}

const COLUMNS = 'game, emission, block, unit, verdict, terminal, retailer, at, held_until, message, told_at';

/** Keeps central's latest word on a ticket (replaces the one before). */
export function keepCentralTicketFact(db: Database, fact: CentralTicketFact): void {
  db.prepare<CentralTicketFact>(
    `INSERT INTO central_ticket_facts (${COLUMNS})
     VALUES (@game, @emission, @block, @unit, @verdict, @terminal, @retailer, @at, @held_until, @message, @told_at)
     ON CONFLICT (game, emission, block, unit) DO UPDATE SET
       verdict = excluded.verdict, terminal = excluded.terminal, retailer = excluded.retailer, at = excluded.at,
       held_until = excluded.held_until, message = excluded.message, told_at = excluded.told_at`,
  ).run(fact);
}

/** Central's latest word on a ticket, if it refused it. */
export function centralTicketFactOf(db: Database, unit: UnitKey): CentralTicketFact | undefined {
  return db
    .prepare<UnitKey, CentralTicketFact>(`SELECT ${COLUMNS} FROM central_ticket_facts WHERE game = @game AND emission = @emission AND block = @block AND unit = @unit`)
    .get({ game: unit.game, emission: unit.emission, block: unit.block, unit: unit.unit });
}

/** Forgets central's word on a ticket (central now holds it for this terminal). */
export function forgetCentralTicketFact(db: Database, unit: UnitKey): void {
  db.prepare<UnitKey>('DELETE FROM central_ticket_facts WHERE game = @game AND emission = @emission AND block = @block AND unit = @unit').run({
    game: unit.game,
    emission: unit.emission,
    block: unit.block,
    unit: unit.unit,
  });
}
