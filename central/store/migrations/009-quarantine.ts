/**
 * Version 9: quarantine. A journal entry (or outbox event) whose hash and signature check but which
 * central cannot store as text (a NUL, a lone surrogate: PostgreSQL refuses both) is kept here as its
 * canonical bytes, with an integrity alert, and the entries after it are stored (store/ingest.ts).
 */
import type { CentralMigration } from './migration.js';

export const quarantine: CentralMigration = {
  version: 9,
  name: 'quarantine: entries and events central cannot store as text, kept as bytes',
  statements: [
    `CREATE TABLE quarantined_entries (
         terminal_id  text NOT NULL,
         seq          bigint NOT NULL,
         at           text NOT NULL,
         type         text NOT NULL,
         prev_hash    text NOT NULL,
         hash         text NOT NULL,
         -- The wire entry as canonical JSON (UTF-8; a lone surrogate stays a \\u escape).
         entry        bytea NOT NULL,
         reason       text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, seq)
       )`,
    `CREATE TABLE quarantined_events (
         terminal_id  text NOT NULL,
         event_key    text NOT NULL,
         journal_seq  bigint NOT NULL,
         event        bytea NOT NULL,
         reason       text NOT NULL,
         received_at  text NOT NULL,
         PRIMARY KEY (terminal_id, event_key)
       )`,
  ],
};
