import type { Migration } from './migration.js';

/**
 * Software updates (#23): each step of each update the terminal took or refused — downloaded (verified
 * by TUF), installed, confirmed by the new version's self-check, rolled back, or refused (with the
 * reason, bilingual, what the technician's screen shows) — newest last. The journal holds the same
 * steps (`update.downloaded|installed|rolled-back`) for central; this table is the terminal's own view.
 */
export const softwareUpdates: Migration = {
  version: 14,
  name: 'software-updates',
  up(db) {
    db.exec(`
      CREATE TABLE software_updates (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        at        TEXT NOT NULL,
        step      TEXT NOT NULL CHECK (step IN ('checked', 'downloaded', 'installed', 'confirmed', 'rolled-back', 'refused')),
        version   TEXT,
        sha256    TEXT,
        reason    TEXT,
        detail_fr TEXT NOT NULL,
        detail_en TEXT NOT NULL
      )
    `);
  },
};
