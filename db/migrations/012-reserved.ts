import type { Migration } from './migration.js';

/**
 * PLACEHOLDER on branch `updates`: version 12 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 12 replaces it.
 */
export const reserved12: Migration = { version: 12, name: 'reserved-placeholder', up() {} };
