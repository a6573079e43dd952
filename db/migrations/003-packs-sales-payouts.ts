import type { Migration } from './migration.js';

/**
 * The counter's working state for paper packs, sales, voids, payouts, claims and the stop list.
 * The journal stays the legal record (and the source of X/Z reports); these tables answer "is this
 * ticket sold, paid, claimed, stop-listed, is its pack active" and enforce the rules that must hold
 * even against a bug or a race:
 * - a ticket is sold at most once among sales that were not voided (partial UNIQUE index);
 * - a ticket is paid at most once, ever (UNIQUE on its identity in `payouts`);
 * - a ticket has at most one claim;
 * - receipt numbers are unique across sales, voids, payouts and claims (each table; the counter makes them sequential).
 */
export const packsSalesPayouts: Migration = {
  version: 3,
  name: 'packs-sales-payouts',
  up(db) {
    db.exec(`
      -- A paper pack (book) received at this terminal. A pack is received once, ever.
      CREATE TABLE packs (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        game         TEXT NOT NULL,
        emission     INTEGER NOT NULL CHECK (emission BETWEEN 1 AND 999),
        block        INTEGER NOT NULL CHECK (block BETWEEN 1 AND 99),
        pack         INTEGER NOT NULL CHECK (pack >= 0),
        block_id     INTEGER NOT NULL REFERENCES blocks (id),
        state        TEXT NOT NULL CHECK (state IN ('received', 'active', 'returned', 'settled')),
        received_at  TEXT NOT NULL,
        received_by  INTEGER NOT NULL REFERENCES operators (id),
        activated_at TEXT,
        activated_by INTEGER REFERENCES operators (id),
        returned_at  TEXT,
        returned_by  INTEGER REFERENCES operators (id),
        settled_at   TEXT,
        settled_by   INTEGER REFERENCES operators (id),
        UNIQUE (game, emission, block, pack),
        CHECK ((state IN ('active', 'settled')) = (activated_at IS NOT NULL)),
        CHECK ((state = 'returned') = (returned_at IS NOT NULL)),
        CHECK ((state = 'settled') = (settled_at IS NOT NULL))
      ) STRICT;

      -- receipt_no and journal_seq are filled in the same transaction as the insert (the sale id names its outbox event).
      CREATE TABLE sales (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        receipt_no      INTEGER UNIQUE,
        journal_seq     INTEGER,
        cash_session_id INTEGER NOT NULL REFERENCES cash_sessions (id),
        operator_id     INTEGER NOT NULL REFERENCES operators (id),
        at              TEXT NOT NULL,
        total_cents     INTEGER NOT NULL CHECK (total_cents > 0),
        tendered_cents  INTEGER NOT NULL CHECK (tendered_cents >= total_cents),
        change_cents    INTEGER NOT NULL CHECK (change_cents = tendered_cents - total_cents),
        voided_at       TEXT,
        voided_by       INTEGER REFERENCES operators (id),
        void_reason     TEXT,
        void_receipt_no INTEGER UNIQUE,
        void_seq        INTEGER,
        CHECK ((voided_at IS NULL) = (void_receipt_no IS NULL))
      ) STRICT;

      CREATE TABLE sale_lines (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        sale_id     INTEGER NOT NULL REFERENCES sales (id),
        game        TEXT NOT NULL,
        emission    INTEGER NOT NULL,
        block       INTEGER NOT NULL,
        unit        INTEGER NOT NULL CHECK (unit >= 0),
        pack_id     INTEGER NOT NULL REFERENCES packs (id),
        price_cents INTEGER NOT NULL CHECK (price_cents > 0),
        voided      INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1))
      ) STRICT;
      CREATE INDEX sale_lines_of_sale ON sale_lines (sale_id);
      -- A ticket is sold at most once among the sales that were not voided.
      CREATE UNIQUE INDEX sale_lines_sold_once ON sale_lines (game, emission, block, unit) WHERE voided = 0;

      -- A ticket is paid at most once: the constraint, not a read-then-write, forbids paying twice.
      CREATE TABLE payouts (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        game            TEXT NOT NULL,
        emission        INTEGER NOT NULL,
        block           INTEGER NOT NULL,
        unit            INTEGER NOT NULL CHECK (unit >= 0),
        amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
        terminal        TEXT NOT NULL,
        receipt_no      INTEGER NOT NULL UNIQUE,
        journal_seq     INTEGER NOT NULL,
        cash_session_id INTEGER NOT NULL REFERENCES cash_sessions (id),
        operator_id     INTEGER NOT NULL REFERENCES operators (id),
        at              TEXT NOT NULL,
        UNIQUE (game, emission, block, unit)
      ) STRICT;

      -- A winner above the counter's payout limit: the player is sent to a payment centre, nothing is paid here.
      CREATE TABLE claims (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        game               TEXT NOT NULL,
        emission           INTEGER NOT NULL,
        block              INTEGER NOT NULL,
        unit               INTEGER NOT NULL CHECK (unit >= 0),
        amount_cents       INTEGER NOT NULL CHECK (amount_cents > 0),
        payout_limit_cents INTEGER NOT NULL CHECK (payout_limit_cents >= 0 AND amount_cents > payout_limit_cents),
        terminal           TEXT NOT NULL,
        receipt_no         INTEGER NOT NULL UNIQUE,
        journal_seq        INTEGER NOT NULL,
        cash_session_id    INTEGER NOT NULL REFERENCES cash_sessions (id),
        operator_id        INTEGER NOT NULL REFERENCES operators (id),
        at                 TEXT NOT NULL,
        UNIQUE (game, emission, block, unit)
      ) STRICT;

      -- Packs or single units that must be neither sold nor paid (stolen, damaged, recalled).
      CREATE TABLE stop_list (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game        TEXT NOT NULL,
        emission    INTEGER NOT NULL,
        block       INTEGER NOT NULL,
        pack        INTEGER CHECK (pack >= 0),
        unit        INTEGER CHECK (unit >= 0),
        reason      TEXT NOT NULL CHECK (length(trim(reason)) > 0),
        added_at    TEXT NOT NULL,
        added_by    INTEGER REFERENCES operators (id),
        journal_seq INTEGER NOT NULL,
        CHECK ((pack IS NULL) <> (unit IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX stop_list_pack ON stop_list (game, emission, block, pack) WHERE pack IS NOT NULL;
      CREATE UNIQUE INDEX stop_list_unit ON stop_list (game, emission, block, unit) WHERE unit IS NOT NULL;
    `);
  },
};
