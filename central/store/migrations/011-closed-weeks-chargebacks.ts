/**
 * Version 11 (#19): statements of closed weeks, issued once and never recomputed (store/statements.ts),
 * and what became of each payout exception (store/chargebacks.ts): charged back to the retailer that
 * paid second, or written off (the lottery bears it).
 */
import type { CentralMigration } from './migration.js';

export const closedWeeksChargebacks: CentralMigration = {
  version: 11,
  name: 'issued statements, payout exceptions settled',
  statements: [
    `CREATE TABLE issued_statements (
         retailer   text NOT NULL,
         week       text NOT NULL,
         statement  jsonb NOT NULL,
         issued_at  text NOT NULL,
         PRIMARY KEY (retailer, week)
       )`,
    // One row per payout exception once settled; an exception without one is open.
    `CREATE TABLE exception_settlements (
         second_terminal  text NOT NULL,
         second_seq       bigint NOT NULL,
         exception_id     bigint NOT NULL UNIQUE,
         state            text NOT NULL CHECK (state IN ('charged_back', 'written_off')),
         amount_cents     bigint NOT NULL,
         charged_at       text,
         written_off_at   text,
         reason           text NOT NULL,
         PRIMARY KEY (second_terminal, second_seq)
       )`,
  ],
};
