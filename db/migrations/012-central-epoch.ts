import type { Migration } from './migration.js';

/**
 * Central's epoch as this terminal last saw it (#21): a random id central renews at every restore. A
 * feed page or push answer with another one means central may hold less than it acknowledged: the
 * terminal reads the feed again from central's floor and pushes again from central's head, outbox
 * events included (main/services/sync/epoch.ts). Null until the first answer that carries one.
 */
export const centralEpoch: Migration = {
  version: 12,
  name: 'central-epoch',
  up(db) {
    // As the push last acted on it (journal and outbox sent again from central's head) …
    db.exec(`ALTER TABLE sync_state ADD COLUMN central_epoch TEXT`);
    // … and as the pull last acted on it (the feed read again from central's floor).
    db.exec(`ALTER TABLE sync_state ADD COLUMN feed_epoch TEXT`);
  },
};
