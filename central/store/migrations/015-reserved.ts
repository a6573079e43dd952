/**
 * PLACEHOLDER on branch `updates`: version 15 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 15 replaces it.
 */
import type { CentralMigration } from './migration.js';

export const reserved15: CentralMigration = { version: 15, name: 'reserved (placeholder on branch updates)', statements: [] };
