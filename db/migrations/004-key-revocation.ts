import type { Migration } from './migration.js';

/**
 * Revoked lottery keys: a key stays in `trusted_keys` (the blocks it signed still reference it) but,
 * once revoked, its blocks stop validating and it signs no new import.
 */
export const keyRevocation: Migration = {
  version: 4,
  name: 'key-revocation',
  up(db) {
    db.exec(`
      CREATE TABLE revoked_keys (
        fingerprint TEXT PRIMARY KEY REFERENCES trusted_keys (fingerprint),
        revoked_at  TEXT NOT NULL,
        reason      TEXT NOT NULL
      ) STRICT;
    `);
  },
};
