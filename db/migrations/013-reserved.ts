import type { Migration } from './migration.js';

/**
 * PLACEHOLDER on branch `updates`: version 13 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 13 replaces it.
 */
export const reserved13: Migration = { version: 13, name: 'reserved-placeholder', up() {} };
