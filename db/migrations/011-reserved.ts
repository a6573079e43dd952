import type { Migration } from './migration.js';

/** Version 11: reserved for another branch (#21's siblings). This placeholder changes nothing; the integrator replaces it with the real 011. */
export const reserved11: Migration = {
  version: 11,
  name: 'reserved',
  up() {},
};
