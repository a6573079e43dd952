/**
 * PLACEHOLDER on branch `updates`: version 16 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 16 replaces it.
 */
import type { CentralMigration } from './migration.js';

export const reserved16: CentralMigration = { version: 16, name: 'reserved (placeholder on branch updates)', statements: [] };
