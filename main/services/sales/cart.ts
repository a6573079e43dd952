/**
 * The counter's cart is state, not a screen: the barcodes scanned for the sale in progress are kept by
 * the terminal (the `counter.cart` row of the settings table), so navigating away, a reload or a
 * restart never loses them. It is emptied by the sale that takes it, or abandoned on purpose —
 * journaled ('sale.abandoned': how many tickets, what total, who), never silently.
 */
import { deleteSetting, readSetting, writeSetting } from '../../../db/queries/terminal.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

const KEY = 'counter.cart';

export interface StoredCart {
  readonly barcodes: readonly string[];
  /** Who scanned last. */
  readonly operator: string;
  readonly updated_at: string;
}

/** The cart in progress, or null when there is none. */
export function storedCart(t: LotteryTerminal): StoredCart | null {
  const v = readSetting(t.db, KEY) as Partial<StoredCart> | undefined;
  if (!v || !Array.isArray(v.barcodes) || !v.barcodes.every((b) => typeof b === 'string') || v.barcodes.length === 0) return null;
  return { barcodes: v.barcodes, operator: typeof v.operator === 'string' ? v.operator : '', updated_at: typeof v.updated_at === 'string' ? v.updated_at : '' };
}

/** Keeps the cart's barcodes (already checked by the caller); an empty list empties it. Sellers only. */
export function keepCart(t: LotteryTerminal, session: OperatorSession, barcodes: readonly string[]): void {
  inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    if (barcodes.length === 0) deleteSetting(t.db, KEY);
    else writeSetting(t.db, KEY, canonicalJson({ barcodes: barcodes.map((b) => b.trim()), operator: session.name, updated_at: t.now() }), t.now());
  });
}

/** Empties the cart after the sale that took it (the sale itself is the record). */
export function clearCart(t: LotteryTerminal): void {
  deleteSetting(t.db, KEY);
}

/**
 * Abandons the cart on purpose: journaled with its size and total, then emptied. Returns false when
 * there was no cart (nothing journaled).
 */
export function abandonCart(t: LotteryTerminal, session: OperatorSession, summary: { count: number; total_cents: number }): boolean {
  return inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    const cart = storedCart(t);
    if (!cart) return false;
    record(t, { type: 'sale.abandoned', operator: session, payload: { count: cart.barcodes.length, total_cents: summary.total_cents, scanned_by: cart.operator } });
    deleteSetting(t.db, KEY);
    return true;
  });
}
