/**
 * Versions 14 to 16 are reserved for migrations of other branches (issue #22's operators took 17). Until
 * they are merged each stands here as an empty migration, so that versions stay contiguous; merging one
 * replaces its placeholder in index.ts (the placeholder has no statements: a store that ran it has the
 * same schema as one that did not).
 */
import type { CentralMigration } from './migration.js';

export const reserved = (version: number): CentralMigration => ({ version, name: `reserved (version ${version})`, statements: [] });
