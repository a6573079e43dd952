import type { Migration } from './migration.js';

/**
 * The offline allowance central signed in the answer to the last successful push (#19), as JSON
 * (`SignedAllowance` of common/protocol): the terminal pays offline only inside it, counting the
 * offline payouts journaled after its acknowledged entry; nothing unsigned renews it.
 */
export const offlineAllowance: Migration = {
  version: 10,
  name: 'offline-allowance',
  up(db) {
    db.exec(`ALTER TABLE sync_state ADD COLUMN allowance TEXT`);
  },
};
