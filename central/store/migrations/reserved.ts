/**
 * Versions reserved for migrations of branches not merged yet. Until
 * they are merged each stands here as an empty migration, so that versions stay contiguous; merging one
 * replaces its placeholder in index.ts (the placeholder has no statements: a store that ran it has the
 * same schema as one that did not).
 */
import type { CentralMigration } from './migration.js';

export const reserved = (version: number): CentralMigration => ({ version, name: `reserved (version ${version})`, statements: [] });
