/** Happy 2014 prize table per block of 2,000,000 units (seed 000, article 3), checked at load. */
import { checkPrizeTable } from '../prize-table.js';
import type { PrizeTier } from '../types.js';

export const HAPPY_2014_BLOCK_SIZE = 2_000_000;

export const HAPPY_2014_SEED = { file: '000_32acdfd243412652.txt', lots: 435_820, amount_cents: 396_000_000 } as const;

export const HAPPY_2014_PRIZES: readonly PrizeTier[] = checkPrizeTable(
  'happy-2014',
  [
    { amount_cents: 3_000_000, count: 2 },
    { amount_cents: 100_000, count: 8 },
    { amount_cents: 10_000, count: 1_710 },
    { amount_cents: 4_000, count: 12_750 },
    { amount_cents: 2_000, count: 27_350 },
    { amount_cents: 900, count: 100_000 },
    { amount_cents: 600, count: 294_000 },
  ],
  HAPPY_2014_SEED,
  HAPPY_2014_BLOCK_SIZE,
);
