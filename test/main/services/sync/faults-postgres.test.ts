/** Exactly once through faults, central on a throwaway PostgreSQL cluster (skipped where PostgreSQL is not installed, never in CI). */
import { describe, it } from 'vitest';
import { ENGINES } from '../../../central/support/engines.js';
import { faultSuite } from './fault-suite.js';

if (ENGINES.includes('postgres')) faultSuite('postgres');
else describe('sync through faults, central on postgres', () => it.skip('PostgreSQL is not installed (scripts/setup.sh)', () => undefined));
