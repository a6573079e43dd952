/**
 * PLACEHOLDER on branch `updates`: version 17 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 17 replaces it.
 */
import type { CentralMigration } from './migration.js';

export const reserved17: CentralMigration = { version: 17, name: 'reserved (placeholder on branch updates)', statements: [] };
