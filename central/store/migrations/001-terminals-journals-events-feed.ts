/** Version 1: terminals, their journals and events, integrity alerts, refused pushes, nonces, and the lottery-wide reference data and feed. */
import type { CentralMigration } from './migration.js';

const GENESIS = `'${'0'.repeat(64)}'`;

export const terminalsJournalsEventsFeed: CentralMigration = {
  version: 1,
  name: 'terminals, journals, events, feed',
  statements: [
    `CREATE TABLE terminals (
         terminal_id      text PRIMARY KEY,
         retailer         text NOT NULL,
         status           text NOT NULL CHECK (status IN ('pending', 'active', 'disabled')),
         status_reason    text,
         public_key       text,
         key_fingerprint  text,
         enrol_code_hash  text,
         enrol_expires_at text,
         enrolled_at      text,
         created_at       text NOT NULL,
         last_contact_at  text,
         last_seq         bigint NOT NULL DEFAULT 0,
         last_hash        text NOT NULL DEFAULT ${GENESIS}
       )`,
    `CREATE TABLE journal_entries (
         terminal_id  text NOT NULL,
         seq          bigint NOT NULL,
         at           text NOT NULL,
         type         text NOT NULL,
         operator     text,
         payload      jsonb NOT NULL,
         prev_hash    text NOT NULL,
         hash         text NOT NULL,
         signature    text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
       )`,
    `CREATE TABLE outbox_events (
         terminal_id  text NOT NULL,
         event_key    text NOT NULL,
         type         text NOT NULL,
         journal_seq  bigint NOT NULL,
         payload      jsonb NOT NULL,
         created_at   text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, event_key)
       )`,
    `CREATE INDEX outbox_events_type ON outbox_events (terminal_id, type)`,
    `CREATE TABLE integrity_alerts (
         terminal_id  text NOT NULL,
         alert_id     bigint GENERATED ALWAYS AS IDENTITY,
         at           text NOT NULL,
         reason       text NOT NULL,
         at_seq       bigint NOT NULL,
         held_hash    text,
         offered_hash text,
         detail       text NOT NULL,
         PRIMARY KEY (terminal_id, alert_id)
       )`,
    `CREATE TABLE refused_pushes (
         terminal_id  text NOT NULL,
         refusal_id   bigint GENERATED ALWAYS AS IDENTITY,
         at           text NOT NULL,
         reason       text NOT NULL,
         at_seq       bigint,
         entries      integer NOT NULL,
         detail       text NOT NULL,
         PRIMARY KEY (terminal_id, refusal_id)
       )`,
    `CREATE TABLE nonces (
         terminal_id  text NOT NULL,
         nonce        text NOT NULL,
         expires_at   text NOT NULL,
         PRIMARY KEY (terminal_id, nonce)
       )`,
    `CREATE INDEX nonces_expiry ON nonces (expires_at)`,
    // Reference data (small; replicated to every node of a distributed cluster).
    `CREATE TABLE lottery_keys (
         fingerprint    text PRIMARY KEY,
         public_key     text NOT NULL,
         added_at       text NOT NULL,
         revoked_at     text,
         revoked_reason text
       )`,
    `CREATE TABLE games (
         game       text PRIMARY KEY,
         enabled    boolean NOT NULL,
         reason     text NOT NULL,
         updated_at text NOT NULL
       )`,
    `CREATE TABLE config (
         key        text PRIMARY KEY,
         value      jsonb NOT NULL,
         updated_at text NOT NULL
       )`,
    `CREATE TABLE publications (
         name         text PRIMARY KEY,
         game         text NOT NULL,
         emission     integer NOT NULL,
         block        integer NOT NULL,
         size         bigint NOT NULL,
         sha256       text NOT NULL,
         manifest     jsonb NOT NULL,
         print_name   text,
         published_at text NOT NULL,
         UNIQUE (game, emission, block)
       )`,
    `CREATE TABLE stop_list (
         pack       text PRIMARY KEY,
         reason     text NOT NULL,
         added_at   text NOT NULL,
         removed_at text
       )`,
    `CREATE TABLE central_journal (
         entry_id  bigint PRIMARY KEY,
         at        text NOT NULL,
         actor     text NOT NULL,
         type      text NOT NULL,
         payload   jsonb NOT NULL
       )`,
    // The feed: signed items in cursor order; terminal_id NULL = for every terminal.
    `CREATE TABLE feed (
         cursor      bigint PRIMARY KEY,
         at          text NOT NULL,
         terminal_id text,
         kind        text NOT NULL,
         body        jsonb NOT NULL,
         signer      text NOT NULL,
         signature   text NOT NULL
       )`,
  ],
};
