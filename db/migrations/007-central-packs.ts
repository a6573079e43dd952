import type { Migration } from './migration.js';

/**
 * Packs across the network (issue 11): every pack's state as central announces it on the feed
 * (`pack_state`; since #19 only the packs of this terminal's retailer), whichever terminal holds it. A ticket of a pack activated at another terminal
 * validates here; the local `packs` table keeps this terminal's own operations (queued ones too).
 */
export const centralPacks: Migration = {
  version: 7,
  name: 'central-packs',
  up(db) {
    db.exec(`
      CREATE TABLE central_packs (
        game               TEXT NOT NULL,
        emission           INTEGER NOT NULL,
        block              INTEGER NOT NULL,
        pack               INTEGER NOT NULL CHECK (pack >= 0),
        state              TEXT NOT NULL CHECK (state IN ('received', 'active', 'settled', 'returned')),
        terminal           TEXT NOT NULL,
        received_at        TEXT NOT NULL,
        activated_at       TEXT,
        returned_at        TEXT,
        settled_at         TEXT,
        settle_reason      TEXT CHECK (settle_reason IN ('share', 'days', 'returned')),
        low_tier_winners   INTEGER NOT NULL,
        low_tier_validated INTEGER NOT NULL,
        updated_at         TEXT NOT NULL,
        PRIMARY KEY (game, emission, block, pack)
      ) STRICT;
    `);
  },
};
