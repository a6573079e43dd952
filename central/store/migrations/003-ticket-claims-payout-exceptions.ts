/** Version 3: one ticket, one payment: ticket claims and payout exceptions. */
import type { CentralMigration } from './migration.js';

export const ticketClaimsPayoutExceptions: CentralMigration = {
  version: 3,
  name: 'one ticket, one payment: claims and payout exceptions',
  statements: [
    // Lottery-wide, keyed by the ticket (game/emission/block/unit): one row per ticket ever claimed or paid.
    `CREATE TABLE ticket_claims (
         ticket       text PRIMARY KEY,
         state        text NOT NULL CHECK (state IN ('held', 'paid')),
         terminal_id  text NOT NULL,
         claim_key    text,
         prize_cents  bigint,
         claimed_at   text NOT NULL,
         held_until   text,
         paid_at      text,
         paid_seq     bigint,
         amount_cents bigint,
         offline      boolean NOT NULL DEFAULT false
       )`,
    `CREATE INDEX ticket_claims_held ON ticket_claims (terminal_id, state)`,
    `CREATE TABLE payout_exceptions (
         ticket           text NOT NULL,
         exception_id     bigint GENERATED ALWAYS AS IDENTITY,
         at               text NOT NULL,
         first_terminal   text NOT NULL,
         first_at         text NOT NULL,
         first_amount     bigint NOT NULL,
         second_terminal  text NOT NULL,
         second_seq       bigint NOT NULL,
         second_at        text NOT NULL,
         second_amount    bigint NOT NULL,
         second_offline   boolean NOT NULL,
         PRIMARY KEY (ticket, exception_id),
         UNIQUE (second_terminal, second_seq)
       )`,
  ],
};
