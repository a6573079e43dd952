import type { Migration } from './migration.js';

/**
 * The counter's core: the terminal's identity, its settings, operators, the append-only signed journal,
 * the outbox, sequential counters (receipt numbers, Z numbers, journal head) and cash sessions.
 * Sales, payouts, claims and packs are recorded by their own services (later migrations); the X and Z
 * reports are computed from the journal's `money` payloads, so they need no table of their own here.
 */
export const counterCore: Migration = {
  version: 2,
  name: 'counter-core',
  up(db) {
    db.exec(`
      CREATE TABLE terminal (
        singleton      INTEGER PRIMARY KEY CHECK (singleton = 1),
        terminal_id    TEXT NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 32),
        public_key_pem TEXT NOT NULL,
        created_at     TEXT NOT NULL
      ) STRICT;

      -- One value per key, as canonical JSON text.
      CREATE TABLE settings (
        key        TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      -- Names are unique for ever (a disabled operator keeps theirs), ids are never reused.
      CREATE TABLE operators (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        name            TEXT NOT NULL UNIQUE COLLATE NOCASE,
        role            TEXT NOT NULL CHECK (role IN ('cashier', 'manager', 'technician')),
        pin_hash        TEXT NOT NULL,
        active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
        locked_until    TEXT,
        created_at      TEXT NOT NULL,
        created_by      INTEGER REFERENCES operators (id),
        disabled_at     TEXT
      ) STRICT;

      -- Append-only: seq 1, 2, 3 … each entry hashing the previous one and signed by the terminal key.
      CREATE TABLE journal (
        seq        INTEGER PRIMARY KEY,
        at         TEXT NOT NULL,
        terminal   TEXT NOT NULL,
        type       TEXT NOT NULL,
        operator   TEXT,
        payload    TEXT NOT NULL,
        prev_hash  TEXT NOT NULL CHECK (length(prev_hash) = 64),
        hash       TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
        signature  TEXT NOT NULL
      ) STRICT;
      CREATE INDEX journal_type ON journal (type, seq);
      CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only: corrections are new entries'); END;
      CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only: entries are never deleted'); END;

      -- Events waiting to be sent to the lottery; the key is the same on every retry.
      CREATE TABLE outbox (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        idempotency_key TEXT NOT NULL UNIQUE,
        type            TEXT NOT NULL,
        journal_seq     INTEGER NOT NULL,
        payload         TEXT NOT NULL,
        created_at      TEXT NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        last_attempt_at TEXT,
        last_error      TEXT,
        sent_at         TEXT
      ) STRICT;
      CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL;

      -- Named sequential counters: 'receipt', 'z', 'journal' (last journal seq written).
      CREATE TABLE counters (
        name  TEXT PRIMARY KEY,
        value INTEGER NOT NULL CHECK (value >= 0)
      ) STRICT;
      INSERT INTO counters (name, value) VALUES ('receipt', 0), ('z', 0), ('journal', 0);

      CREATE TABLE cash_sessions (
        id                      INTEGER PRIMARY KEY AUTOINCREMENT,
        opened_at               TEXT NOT NULL,
        opened_by               INTEGER NOT NULL REFERENCES operators (id),
        float_cents             INTEGER NOT NULL CHECK (float_cents >= 0),
        open_seq                INTEGER NOT NULL,
        closed_at               TEXT,
        closed_by               INTEGER REFERENCES operators (id),
        close_seq               INTEGER,
        z_number                INTEGER UNIQUE,
        expected_cents          INTEGER,
        counted_cents           INTEGER CHECK (counted_cents >= 0),
        difference_cents        INTEGER,
        difference_confirmed_by INTEGER REFERENCES operators (id),
        z_json                  TEXT,
        CHECK ((closed_at IS NULL) = (z_number IS NULL))
      ) STRICT;
      -- At most one open session.
      CREATE UNIQUE INDEX cash_sessions_one_open ON cash_sessions ((closed_at IS NULL)) WHERE closed_at IS NULL;

      CREATE TABLE cash_movements (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id   INTEGER NOT NULL REFERENCES cash_sessions (id),
        kind         TEXT NOT NULL CHECK (kind IN ('in', 'out')),
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        reason       TEXT NOT NULL CHECK (length(trim(reason)) > 0),
        at           TEXT NOT NULL,
        operator_id  INTEGER NOT NULL REFERENCES operators (id),
        journal_seq  INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
