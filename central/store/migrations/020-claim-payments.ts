/**
 * Version 20 (#22): the payment of a prize claim (a claim form or a claim receipt filed at a terminal,
 * `prize_claims`), recorded at central by the lottery's finance under dual control
 * (store/claim-payments.ts): the winner's identity, how and when the prize was paid, at the amount
 * central's print data gives the ticket. One payment per claim and per ticket.
 */
import type { CentralMigration } from './migration.js';

export const claimPayments: CentralMigration = {
  version: 20,
  name: 'prize claims paid: the winner and the payment',
  statements: [
    `CREATE TABLE prize_claim_payments (
         terminal_id   text NOT NULL,
         seq           bigint NOT NULL,
         ticket        text NOT NULL UNIQUE,
         amount_cents  bigint NOT NULL CHECK (amount_cents > 0),
         winner_name   text NOT NULL,
         id_kind       text NOT NULL CHECK (id_kind IN ('identity_card', 'passport', 'residence_permit', 'driving_licence')),
         id_number     text NOT NULL,
         address       text,
         method        text NOT NULL CHECK (method IN ('bank_transfer', 'cheque', 'cash_at_office')),
         reference     text NOT NULL,
         paid_on       text NOT NULL,
         proposed_by   text,
         recorded_by   text NOT NULL,
         recorded_at   text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
     )`,
  ],
};
