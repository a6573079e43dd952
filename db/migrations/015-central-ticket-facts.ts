import type { Migration } from './migration.js';

/**
 * What central last told this terminal about a ticket when it refused its claim (issue 41, high 1):
 * paid (where, when) or held by another terminal's claim. A terminal that hears "already paid at T1"
 * online refuses the same ticket offline with the same words, instead of paying it a second time. One
 * row per ticket, replaced by central's next answer, removed when central holds the ticket for this
 * terminal. `verdict` is central's (common/protocol ClaimAnswer); the other columns are its `paid`,
 * `held_until` and `message` as it sent them.
 */
export const centralTicketFacts: Migration = {
  version: 15,
  name: 'central-ticket-facts',
  up(db) {
    db.exec(`
      CREATE TABLE central_ticket_facts (
        game       TEXT NOT NULL,
        emission   INTEGER NOT NULL,
        block      INTEGER NOT NULL,
        unit       INTEGER NOT NULL,
        verdict    TEXT NOT NULL CHECK (verdict IN ('already_paid', 'held_elsewhere')),
        terminal   TEXT,
        retailer   TEXT,
        at         TEXT,
        held_until TEXT,
        message    TEXT NOT NULL,
        told_at    TEXT NOT NULL,
        PRIMARY KEY (game, emission, block, unit)
      )
    `);
  },
};
