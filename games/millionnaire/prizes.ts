/** Millionnaire's prize table per block of 6,000,000 units (seed 003, article 3), checked at load. */
import { checkPrizeTable } from '../prize-table.js';
import type { PrizeTier } from '../types.js';

export const MILLIONNAIRE_SEED = { file: '003_566bd4a0dbcf45a9.txt', lots: 1_793_014, amount_cents: 4_410_000_000 } as const;
export const MILLIONNAIRE_BLOCK_SIZE = 6_000_000;
export const MILLIONNAIRE_PRICE_CENTS = 1000;

/** Highest first; every block holds exactly these counts. */
export const MILLIONNAIRE_PRIZES: readonly PrizeTier[] = checkPrizeTable(
  'millionnaire',
  [
    { amount_cents: 100_000_000, count: 4 },
    { amount_cents: 10_000_000, count: 4 },
    { amount_cents: 1_000_000, count: 6 },
    { amount_cents: 100_000, count: 200 },
    { amount_cents: 15_000, count: 24_000 },
    { amount_cents: 10_000, count: 60_000 },
    { amount_cents: 5_000, count: 108_800 },
    { amount_cents: 2_000, count: 840_000 },
    { amount_cents: 1_000, count: 760_000 },
  ],
  MILLIONNAIRE_SEED,
  MILLIONNAIRE_BLOCK_SIZE,
);

/** The nine distinct prize amounts, highest first: every gain or amount shown on a generated unit is one of them. */
export const MILLIONNAIRE_AMOUNTS: readonly number[] = MILLIONNAIRE_PRIZES.map((t) => t.amount_cents);
