/**
 * Version 13: money central does not credit (#19). A journal entry central stores as signed (the chain
 * stays whole) but whose money it refuses to count — a payout with no claim of this terminal, at another
 * prize than central's print data, of another retailer's pack, beyond the offline allowance, or a sale
 * or payout journaled after central disabled the terminal — is listed here with its reason; statements
 * skip it and its ticket is not marked paid (store/payout-checks.ts). `disabled_at`: when central last
 * disabled the terminal (entries journaled after it are not credited). `offline_allowances`: the last
 * offline allowance central signed for a terminal, what its next push's offline payouts are judged by.
 * `feed.retailer` / `feed.except_retailer`: feed rows for one retailer's terminals, or for all but one's.
 * `pack_shipments`: the retailer each pack was shipped to.
 */
import type { CentralMigration } from './migration.js';

export const uncreditedPayouts: CentralMigration = {
  version: 13,
  name: 'uncredited entries: payouts and sales central refuses to count',
  statements: [
    `CREATE TABLE uncredited_entries (
         terminal_id  text NOT NULL,
         seq          bigint NOT NULL,
         type         text NOT NULL,
         ticket       text,
         at           text NOT NULL,
         amount_cents bigint NOT NULL,
         offline      boolean NOT NULL DEFAULT false,
         reason       text NOT NULL,
         detail       text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
       )`,
    `ALTER TABLE terminals ADD COLUMN disabled_at text`,
    // The feed per retailer: a row for one retailer's terminals, or for every terminal but one retailer's.
    // Packs assigned to a retailer when shipped: only that retailer's terminals may receive them.
    `CREATE TABLE pack_shipments (
         game        text NOT NULL,
         emission    integer NOT NULL,
         block       integer NOT NULL,
         pack        integer NOT NULL,
         retailer    text NOT NULL,
         shipped_at  text NOT NULL,
         PRIMARY KEY (game, emission, block, pack)
       )`,
    `ALTER TABLE feed ADD COLUMN retailer text`,
    `ALTER TABLE feed ADD COLUMN except_retailer text`,
    // The last offline allowance central signed for each terminal (in the answer to its push): the offline
    // payouts journaled after \`acked_seq\` are judged against it at the next push.
    `CREATE TABLE offline_allowances (
         terminal_id      text PRIMARY KEY,
         acked_seq        bigint NOT NULL,
         issued_at        text NOT NULL,
         valid_until      text NOT NULL,
         max_ticket_cents bigint NOT NULL,
         max_count        integer NOT NULL,
         max_total_cents  bigint NOT NULL,
         signer           text NOT NULL,
         signature        text NOT NULL
       )`,
  ],
};
