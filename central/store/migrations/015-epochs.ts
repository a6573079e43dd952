/**
 * Version 15: central's epochs (#21, "a restore loses nothing terminals hold"). An epoch is a random id
 * made when the store is created (here, for a store made before) and renewed by every restore
 * (`guichet central restore` writes a new one). Feed pages and push answers carry the current epoch:
 * a terminal that sees a new one reads the feed again from `feed_floor` (the newest feed cursor when
 * the epoch began: cursors above it may name other items than before the restore) and pushes again
 * from central's head, outbox events included. `started_at`: online payouts journaled before it
 * whose claim central no longer holds are judged again by central's facts (store/payout-checks.ts).
 */
import type { CentralMigration } from './migration.js';

export const epochs: CentralMigration = {
  version: 15,
  name: 'epochs: a new one at every restore, carried in the feed and push answers',
  statements: [
    `CREATE TABLE central_epochs (
         n           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         epoch       text NOT NULL UNIQUE,
         feed_floor  bigint NOT NULL,
         started_at  text NOT NULL,
         reason      text NOT NULL CHECK (reason IN ('init', 'restore'))
       )`,
    `INSERT INTO central_epochs (epoch, feed_floor, started_at, reason)
       SELECT gen_random_uuid()::text, coalesce((SELECT max(cursor) FROM feed), 0),
              to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'init'`,
  ],
};
