import { GameRuleError } from './errors.js';
import type { PrizeTier, SeedTotals } from './types.js';

export function lotsOf(prizes: readonly PrizeTier[]): number {
  return prizes.reduce((sum, t) => sum + t.count, 0);
}

export function totalOf(prizes: readonly PrizeTier[]): number {
  return prizes.reduce((sum, t) => sum + t.count * t.amount_cents, 0);
}

/**
 * Checks a prize table against the totals printed in its seed; throws at load when they disagree,
 * so a typo in a table can never reach an emission.
 */
export function checkPrizeTable(code: string, prizes: readonly PrizeTier[], seed: SeedTotals, blockSize: number): readonly PrizeTier[] {
  for (const t of prizes) {
    if (!Number.isSafeInteger(t.amount_cents) || t.amount_cents <= 0 || !Number.isSafeInteger(t.count) || t.count <= 0) {
      throw new GameRuleError(`${code}: bad prize tier ${JSON.stringify(t)}`);
    }
  }
  for (let i = 1; i < prizes.length; i++) {
    if ((prizes[i] as PrizeTier).amount_cents >= (prizes[i - 1] as PrizeTier).amount_cents) {
      throw new GameRuleError(`${code}: prize tiers must be distinct and listed highest first`);
    }
  }
  const lots = lotsOf(prizes);
  const total = totalOf(prizes);
  if (lots !== seed.lots) throw new GameRuleError(`${code}: prize table has ${lots} lots, the seed prints ${seed.lots}`);
  if (total !== seed.amount_cents) {
    throw new GameRuleError(`${code}: prize table totals ${total} cents, the seed prints ${seed.amount_cents}`);
  }
  if (lots > blockSize) throw new GameRuleError(`${code}: more lots (${lots}) than units in a block (${blockSize})`);
  return prizes;
}

/** Payout rate in basis points (6600 = 66.00 %): prize money over the block's sales. */
export function payoutBasisPoints(prizes: readonly PrizeTier[], priceCents: number, blockSize: number): number {
  return Math.round((totalOf(prizes) * 10_000) / (priceCents * blockSize));
}
