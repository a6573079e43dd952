/**
 * PLACEHOLDER on branch `updates`: version 14 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 14 replaces it.
 */
import type { CentralMigration } from './migration.js';

export const reserved14: CentralMigration = { version: 14, name: 'reserved (placeholder on branch updates)', statements: [] };
