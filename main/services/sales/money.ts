/** Money arithmetic of the counter: whole cents only, every result checked to stay a safe integer. */
import type { MoneyLine } from '../../kernel/money.js';
import { SaleError } from './errors.js';

/** Throws SaleError('bad-amount') unless `value` is a whole number of cents ≥ `min`; `field` names the input for screens. */
export function assertCents(what: string, value: number, min = 0, field = 'amount_cents'): void {
  if (!Number.isSafeInteger(value) || value < min) {
    const problem = Number.isSafeInteger(value) ? 'too_small' : 'not_whole';
    throw new SaleError('bad-amount', `${what} must be a whole number of cents ≥ ${min}, not ${String(value)}`, { field, problem, min_cents: min });
  }
}

/** The sum of some amounts in cents; throws when an amount is not whole cents or the sum is not a safe integer. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) {
    assertCents('an amount', a);
    total += a;
    if (!Number.isSafeInteger(total)) throw new SaleError('bad-amount', 'the total is too large', { field: 'total_cents', problem: 'too_big' });
  }
  return total;
}

/** The change to hand back: tendered − total; refuses less cash than the total ('insufficient-tender'). */
export function changeDue(totalCents: number, tenderedCents: number): number {
  assertCents('the total', totalCents, 0, 'total_cents');
  assertCents('the cash tendered', tenderedCents, 0, 'tendered_cents');
  if (tenderedCents < totalCents) {
    throw new SaleError('insufficient-tender', `the customer handed over ${tenderedCents} cents but the total is ${totalCents} cents (${totalCents - tenderedCents} missing)`);
  }
  return tenderedCents - totalCents;
}

/** Groups priced units by game into report money lines (count of units, total of the line), in first-seen order. */
export function moneyLinesByGame(items: readonly { readonly game: string; readonly price_cents: number }[]): MoneyLine[] {
  const byGame = new Map<string, { count: number; amounts: number[] }>();
  for (const item of items) {
    const entry = byGame.get(item.game) ?? { count: 0, amounts: [] };
    entry.count += 1;
    entry.amounts.push(item.price_cents);
    byGame.set(item.game, entry);
  }
  return [...byGame].map(([game, e]) => ({ game, count: e.count, amount_cents: sumCents(e.amounts) }));
}
