/**
 * Who owes whom on a retailer's statement, and how much, without a sign to guess (#25): the amount due
 * is positive when the shop owes the lottery, negative when the lottery owes the shop. The cash screen
 * and the printed statement both say it in words with the amount unsigned.
 */

export type DueDirection = 'to-lottery' | 'to-shop' | 'none';

/** The direction of a statement's amount due (integer cents) and the amount without its sign. */
export function dueOf(amountDueCents: number): { readonly direction: DueDirection; readonly cents: number } {
  const direction: DueDirection = amountDueCents > 0 ? 'to-lottery' : amountDueCents < 0 ? 'to-shop' : 'none';
  return { direction, cents: Math.abs(amountDueCents) };
}
