import type { Migration } from './migration.js';

/**
 * The lottery's key hierarchy (issue #20): the root this terminal was given at enrolment (its fingerprint
 * came out of band, with the one-time code), the root's certificates of the keys it trusts (`online`:
 * central's enrolment answers and feed; `emission`: outcome files), and the root's revocations, kept even
 * for keys this terminal never saw (so that a certificate of a revoked key is never accepted later).
 * A terminal with no root (`guichet init`, lab and offline use) trusts the keys a manager added.
 */
export const keyHierarchy: Migration = {
  version: 9,
  name: 'key-hierarchy',
  up(db) {
    db.exec(`
      CREATE TABLE trust_root (
        id             INTEGER PRIMARY KEY CHECK (id = 1),
        fingerprint    TEXT NOT NULL CHECK (length(fingerprint) = 64),
        public_key_pem TEXT NOT NULL,
        set_at         TEXT NOT NULL
      ) STRICT;

      CREATE TABLE key_certificates (
        fingerprint      TEXT PRIMARY KEY REFERENCES trusted_keys (fingerprint),
        role             TEXT NOT NULL CHECK (role IN ('online', 'emission')),
        certificate_json TEXT NOT NULL,
        added_at         TEXT NOT NULL
      ) STRICT;

      CREATE TABLE key_revocations (
        fingerprint     TEXT PRIMARY KEY CHECK (length(fingerprint) = 64),
        revocation_json TEXT NOT NULL,
        added_at        TEXT NOT NULL
      ) STRICT;
    `);
  },
};
