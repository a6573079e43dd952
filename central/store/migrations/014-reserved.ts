/**
 * Version 14: reserved for another branch of issue #21 (replication and failover). This placeholder
 * changes nothing; it lets version 15 run here. The integrator replaces it with the real 014.
 */
import type { CentralMigration } from './migration.js';

export const reserved14: CentralMigration = {
  version: 14,
  name: 'reserved (replication and failover, #21)',
  statements: [],
};
