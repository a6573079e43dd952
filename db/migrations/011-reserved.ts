import type { Migration } from './migration.js';

/**
 * PLACEHOLDER on branch `updates`: version 11 is reserved for another branch's migration. The runner wants
 * versions without a gap, so this empty step stands in for it; at merge, the real migration 11 replaces it.
 */
export const reserved11: Migration = { version: 11, name: 'reserved-placeholder', up() {} };
