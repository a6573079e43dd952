/**
 * The money part of a journal entry: what X and Z reports add up. Sales, voids, payouts and claims carry
 * `money: { kind, lines }` in their payload; nothing else is counted.
 */
import { isGameCode } from '../../games/index.js';

export type MoneyKind = 'sale' | 'void' | 'payout' | 'claim';
export const MONEY_KINDS: readonly MoneyKind[] = ['sale', 'void', 'payout', 'claim'];

export interface MoneyLine {
  /** Game code (games/index.ts). */
  readonly game: string;
  /** Units (tickets) in the line. */
  readonly count: number;
  /** The line's total in cents (not the unit price). */
  readonly amount_cents: number;
}

export interface Money {
  readonly kind: MoneyKind;
  readonly lines: readonly MoneyLine[];
}

/** Cash into (+) or out of (−) the drawer per cent of each kind: a claim is paid by the lottery, not the counter. */
export const CASH_SIGN: Record<MoneyKind, 1 | -1 | 0> = { sale: 1, void: -1, payout: -1, claim: 0 };

/** Throws a TypeError naming the first problem of a money block (unknown kind or game, negative or fractional numbers). */
export function checkMoney(money: Money): void {
  if (!MONEY_KINDS.includes(money.kind)) throw new TypeError(`money kind must be one of ${MONEY_KINDS.join(', ')}, not '${String(money.kind)}'`);
  if (!Array.isArray(money.lines) || money.lines.length === 0) throw new TypeError('money needs at least one line');
  for (const line of money.lines) {
    if (!isGameCode(line.game)) throw new TypeError(`unknown game '${line.game}' in money line`);
    for (const k of ['count', 'amount_cents'] as const) {
      if (!Number.isSafeInteger(line[k]) || line[k] < 0) throw new TypeError(`money line ${k} must be a whole number ≥ 0, not ${String(line[k])}`);
    }
  }
}
