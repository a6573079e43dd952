/** 2013 Année de la chance prize table per block of 2,000,000 tickets (seed 002, article 3), checked at load. */
import { checkPrizeTable } from '../prize-table.js';
import type { PrizeTier } from '../types.js';

export const ANNEE_CHANCE_2013_BLOCK_SIZE = 2_000_000;

export const ANNEE_CHANCE_2013_SEED = { file: '002_2b357b0719cfb56c.txt', lots: 433_720, amount_cents: 396_000_000 } as const;

export const ANNEE_CHANCE_2013_PRIZES: readonly PrizeTier[] = checkPrizeTable(
  'annee-chance-2013',
  [
    { amount_cents: 4_000_000, count: 2 },
    { amount_cents: 100_000, count: 18 },
    { amount_cents: 10_000, count: 1_700 },
    { amount_cents: 5_000, count: 8_000 },
    { amount_cents: 2_000, count: 20_000 },
    { amount_cents: 1_000, count: 117_000 },
    { amount_cents: 600, count: 287_000 },
  ],
  ANNEE_CHANCE_2013_SEED,
  ANNEE_CHANCE_2013_BLOCK_SIZE,
);
