/**
 * Version 21 (#21, the restore window): after a restore, central does not know which tickets terminals
 * paid online since the backup until each terminal has pushed its journal again, so it holds every
 * online claim (`central_restoring`) until every active terminal has re-synced (`epoch_resyncs`: the
 * push after which central held the terminal's whole journal) or the lottery releases the claims under
 * dual control (`restore.release`). Epochs made before this version are released.
 */
import type { CentralMigration } from './migration.js';

export const restoreHold: CentralMigration = {
  version: 21,
  name: 'restore hold: online claims wait until every terminal re-synced after a restore',
  statements: [
    `ALTER TABLE central_epochs ADD COLUMN claims_released_at text, ADD COLUMN claims_released_by text`,
    `UPDATE central_epochs SET claims_released_at = started_at, claims_released_by = 'before the restore hold'`,
    `CREATE TABLE epoch_resyncs (
         epoch        text NOT NULL,
         terminal_id  text NOT NULL,
         at           text NOT NULL,
         last_seq     bigint NOT NULL,
         PRIMARY KEY (epoch, terminal_id)
     )`,
  ],
};
