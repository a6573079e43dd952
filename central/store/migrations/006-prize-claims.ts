/** Version 6: prize claims (claim forms and claim receipts) filed at terminals. */
import type { CentralMigration } from './migration.js';

export const prizeClaims: CentralMigration = {
  version: 6,
  name: 'prize claims: claim forms and claim receipts filed at terminals',
  statements: [
    // One row per claim a terminal filed (its journal entry): a prize above the payout limit (claim form)
    // or a winner refused while central was unreachable (claim receipt). Keyed by the journal entry.
    `CREATE TABLE prize_claims (
         terminal_id  text NOT NULL,
         seq          bigint NOT NULL,
         kind         text NOT NULL CHECK (kind IN ('over-limit', 'central-unreachable')),
         ticket       text NOT NULL,
         amount_cents bigint NOT NULL,
         receipt_no   bigint,
         reason       text,
         filed_at     text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
       )`,
    `CREATE INDEX prize_claims_ticket ON prize_claims (ticket)`,
  ],
};
