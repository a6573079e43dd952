/** Version 5: pack states and pack operations across the network, keyed by pack identity. */
import type { CentralMigration } from './migration.js';

export const packStatesOperations: CentralMigration = {
  version: 5,
  name: 'packs across the network: pack states and operations, keyed by pack identity',
  statements: [
    // One row per pack any terminal received: keyed by the ticket identity's pack (game, emission,
    // block, pack), the distribution column set a distributed PostgreSQL shards on with ticket_claims.
    `CREATE TABLE pack_states (
         game               text NOT NULL,
         emission           integer NOT NULL,
         block              integer NOT NULL,
         pack               integer NOT NULL,
         state              text NOT NULL CHECK (state IN ('received', 'active', 'settled', 'returned')),
         terminal_id        text NOT NULL,
         received_at        text NOT NULL,
         activated_at       text,
         returned_at        text,
         settled_at         text,
         settle_reason      text CHECK (settle_reason IN ('share', 'days', 'returned')),
         low_tier_winners   integer NOT NULL DEFAULT 0,
         low_tier_validated integer NOT NULL DEFAULT 0,
         updated_at         text NOT NULL,
         PRIMARY KEY (game, emission, block, pack)
       )`,
    `CREATE INDEX pack_states_active ON pack_states (state, activated_at)`,
    // Every operation a terminal sent (online or queued), once: applied or refused, and why.
    `CREATE TABLE pack_operations (
         game         text NOT NULL,
         emission     integer NOT NULL,
         block        integer NOT NULL,
         pack         integer NOT NULL,
         op_key       text NOT NULL,
         terminal_id  text NOT NULL,
         action       text NOT NULL CHECK (action IN ('receive', 'activate', 'return')),
         at           text NOT NULL,
         received_at  text NOT NULL,
         outcome      text NOT NULL CHECK (outcome IN ('applied', 'refused')),
         reason       text,
         message      text NOT NULL,
         PRIMARY KEY (game, emission, block, pack, op_key)
       )`,
  ],
};
