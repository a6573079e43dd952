import type { Migration } from './migration.js';

/**
 * The lottery keys this terminal trusts, and the outcome blocks it has imported.
 * A block's records stay in its outcome file (as the lottery arranged them); the row says where
 * that file is and keeps the manifest that was verified at import.
 */
export const blocksAndTrustedKeys: Migration = {
  version: 1,
  name: 'blocks-and-trusted-keys',
  up(db) {
    db.exec(`
      CREATE TABLE trusted_keys (
        fingerprint    TEXT PRIMARY KEY CHECK (length(fingerprint) = 64),
        public_key_pem TEXT NOT NULL,
        label          TEXT,
        added_at       TEXT NOT NULL
      ) STRICT;

      CREATE TABLE blocks (
        id              INTEGER PRIMARY KEY,
        game            TEXT NOT NULL,
        emission        INTEGER NOT NULL CHECK (emission BETWEEN 1 AND 999),
        block           INTEGER NOT NULL CHECK (block BETWEEN 1 AND 99),
        first_unit      INTEGER NOT NULL CHECK (first_unit >= 0),
        unit_count      INTEGER NOT NULL CHECK (unit_count > 0),
        manifest_json   TEXT NOT NULL,
        records_sha256  TEXT NOT NULL CHECK (length(records_sha256) = 64),
        signer          TEXT NOT NULL REFERENCES trusted_keys (fingerprint),
        file_name       TEXT NOT NULL UNIQUE,
        imported_at     TEXT NOT NULL,
        UNIQUE (game, emission, block)
      ) STRICT;
    `);
  },
};
