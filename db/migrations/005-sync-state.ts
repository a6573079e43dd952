import type { Migration } from './migration.js';

/**
 * The terminal's link with central (issue 10): one row saying where central is, who this terminal is
 * there, how far the journal and the outbox have been acknowledged, where the feed cursor stands, and
 * what went wrong last. `refused_*` is set when central refused the journal's chain ("journal refused
 * by central") and stays until central accepts a push again. `disabled_reason` is set when central's
 * signed feed disabled the terminal: no sale nor payout until it enables it again.
 * `feed_downloads` keeps partially downloaded outcome files so a cut download resumes with an HTTP Range.
 */
export const syncState: Migration = {
  version: 5,
  name: 'sync-state',
  up(db) {
    db.exec(`
      CREATE TABLE sync_state (
        singleton          INTEGER PRIMARY KEY CHECK (singleton = 1),
        central_url        TEXT NOT NULL,
        terminal_id        TEXT NOT NULL,
        enrolled_at        TEXT NOT NULL,
        pushed_seq         INTEGER NOT NULL DEFAULT 0 CHECK (pushed_seq >= 0),
        acked_seq          INTEGER NOT NULL DEFAULT 0 CHECK (acked_seq >= 0),
        acked_hash         TEXT NOT NULL DEFAULT '${'0'.repeat(64)}' CHECK (length(acked_hash) = 64),
        feed_cursor        INTEGER NOT NULL DEFAULT 0 CHECK (feed_cursor >= 0),
        last_contact_at    TEXT,
        last_push_at       TEXT,
        last_pull_at       TEXT,
        last_error         TEXT,
        last_error_at      TEXT,
        clock_offset_ms    INTEGER,
        refused_at         TEXT,
        refused_reason     TEXT,
        disabled_reason    TEXT,
        disabled_at        TEXT
      ) STRICT;

      CREATE TABLE feed_downloads (
        url           TEXT PRIMARY KEY,
        part_path     TEXT NOT NULL,
        expected_size INTEGER NOT NULL CHECK (expected_size >= 0),
        sha256        TEXT NOT NULL CHECK (length(sha256) = 64),
        started_at    TEXT NOT NULL
      ) STRICT;

    `);
  },
};
