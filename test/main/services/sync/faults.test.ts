/**
 * Exactly once through faults, central on PGlite (the suite: fault-suite.ts). The gate runs the suite on
 * PostgreSQL (faults-postgres.test.ts): the terminal's side of a fault does not depend on central's
 * engine. `npm run test:engines` (GUICHET_ENGINES=all) runs it on PGlite too.
 */
import { describe, it } from 'vitest';
import { ENGINES } from '../../../central/support/engines.js';
import { faultSuite } from './fault-suite.js';

if (ENGINES.includes('pglite')) faultSuite('pglite');
else describe('sync through faults, central on pglite', () => it.skip('run by npm run test:engines (GUICHET_ENGINES=all); the gate runs the suite on PostgreSQL', () => undefined));
