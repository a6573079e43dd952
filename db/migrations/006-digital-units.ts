import type { Migration } from './migration.js';

/**
 * Digital units sold at the counter (issue 13). A row is written, state 'pending', with its sale key
 * before central is asked (so a crash in between leaves a key to void at central); 'sold' once the
 * sale is committed with its unit; 'voided' when central refused or the sale never completed.
 * `revealed` is the play state (JSON array of zone names `surface:index`), so a crash, reload or
 * closed window resumes the play at the same point. `play` is the unit's play data (secret until sold).
 */
export const digitalUnits: Migration = {
  version: 6,
  name: 'digital-units',
  up(db) {
    db.exec(`
      CREATE TABLE digital_units (
        sale_key           TEXT PRIMARY KEY,
        state              TEXT NOT NULL CHECK (state IN ('pending', 'sold', 'voided')),
        game               TEXT NOT NULL,
        operator_id        INTEGER NOT NULL REFERENCES operators (id),
        tendered_cents     INTEGER NOT NULL CHECK (tendered_cents >= 0),
        created_at         TEXT NOT NULL,
        emission           INTEGER,
        block              INTEGER,
        unit               INTEGER,
        number             TEXT,
        validation_barcode TEXT,
        price_cents        INTEGER,
        prize_cents        INTEGER,
        play               TEXT,
        revealed           TEXT NOT NULL DEFAULT '[]',
        sale_id            INTEGER REFERENCES sales (id),
        receipt_no         INTEGER,
        sold_at            TEXT,
        voided_at          TEXT,
        void_reason        TEXT
      ) STRICT;
      CREATE UNIQUE INDEX digital_units_number ON digital_units (number) WHERE number IS NOT NULL;
      CREATE INDEX digital_units_sold_at ON digital_units (sold_at);
    `);
  },
};
