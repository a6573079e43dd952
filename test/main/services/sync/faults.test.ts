/** Exactly once through faults, central on PGlite (the suite: fault-suite.ts). */
import { faultSuite } from './fault-suite.js';

faultSuite('pglite');
