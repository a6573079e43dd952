/** 2013 Année de la chance layouts: play data winning an exact prize, looking like the real tickets. */
import { AmountDraw } from '../months/amounts.js';
import { MonthLooks } from '../months/layout.js';
import { PrizeSplits } from '../months/split.js';
import type { SymbolPair } from '../months/symbols.js';
import { UniformInt } from '../months/uniform.js';
import type { Rng } from '../types.js';
import {
  ANNEE_CHANCE_2013_SYMBOLS,
  LUCKY_NUMBER,
  type AnneeChance2013Bonus,
  type AnneeChance2013Month,
  type AnneeChance2013Play,
  type AnneeChance2013Symbol,
} from './play.js';
import { ANNEE_CHANCE_2013_PRIZES } from './prizes.js';

/** Every prize written as up to four winning zones (months, and at most one bonus), drawn by weight. */
export const ANNEE_CHANCE_2013_SPLITS = new PrizeSplits(
  'annee-chance-2013',
  ANNEE_CHANCE_2013_PRIZES.map((t) => t.amount_cents),
);

/** Amounts under losing months and a losing bonus: the table's own, mostly small; 40,000 € on 1 zone in 128. */
const LOSING_AMOUNTS = new AmountDraw([
  [4_000_000, 1],
  [100_000, 2],
  [10_000, 6],
  [5_000, 14],
  [2_000, 25],
  [1_000, 36],
  [600, 44],
]);

/** Losing months: two different symbols over one of the losing amounts. */
export const ANNEE_CHANCE_2013_MONTHS = new MonthLooks(ANNEE_CHANCE_2013_SYMBOLS, LOSING_AMOUNTS);

/** The number under a losing bonus clover: 1 to 12. */
const LOSING_NUMBER = new UniformInt(LUCKY_NUMBER - 1);

function month(symbols: SymbolPair<AnneeChance2013Symbol>, gain: number): AnneeChance2013Month {
  return { symbols, gain };
}

/**
 * Play data winning exactly `prize_cents` (0 or a table amount). A winning bonus shows 13; a losing
 * one shows a number from 1 to 12 and an amount from the table.
 */
export function layoutAnneeChance2013(prize_cents: number, rng: Rng): AnneeChance2013Play {
  const split = ANNEE_CHANCE_2013_SPLITS.pick(prize_cents, rng);
  const months = ANNEE_CHANCE_2013_MONTHS.layout(rng, split.months, month);
  const bonus: AnneeChance2013Bonus =
    split.bonus > 0
      ? { number: LUCKY_NUMBER, amount: split.bonus }
      : { number: 1 + LOSING_NUMBER.draw(rng), amount: LOSING_AMOUNTS.draw(rng) };
  return { months, bonus };
}
