/**
 * The counter's cart is state, not a screen: the barcodes scanned for the sale in progress are kept by
 * the terminal (the `counter.cart` row of the settings table), so navigating away, a reload or a
 * restart never loses them. It is emptied by the sale that takes it, or abandoned on purpose —
 * journaled ('sale.abandoned': how many tickets, what total, who), never silently.
 */
import { randomUUID } from 'node:crypto';
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

/** The whole basket in progress (issue #25): paper barcodes, digital games, prizes' validation barcodes, its id. */
export interface StoredBasket {
  readonly basket_id: string;
  readonly barcodes: readonly string[];
  readonly digital: readonly string[];
  readonly prizes: readonly string[];
  readonly operator: string;
}

const strings = (v: unknown): readonly string[] => (Array.isArray(v) && v.every((b) => typeof b === 'string') ? (v as string[]) : []);

/** The basket in progress, or null when there is none (nothing in it). */
export function storedBasket(t: LotteryTerminal): StoredBasket | null {
  const v = readSetting(t.db, KEY) as Partial<Record<keyof StoredBasket, unknown>> | undefined;
  if (!v) return null;
  const b = { barcodes: strings(v.barcodes), digital: strings(v.digital), prizes: strings(v.prizes) };
  if (b.barcodes.length + b.digital.length + b.prizes.length === 0) return null;
  return { ...b, basket_id: typeof v.basket_id === 'string' ? v.basket_id : randomUUID(), operator: typeof v.operator === 'string' ? v.operator : '' };
}

/**
 * Keeps the basket's contents (already checked by the caller); an empty basket empties it. The id is
 * kept while the basket has something in it, so a completion retried after a reload is the same basket.
 */
export function keepBasket(t: LotteryTerminal, session: OperatorSession, b: { readonly barcodes: readonly string[]; readonly digital: readonly string[]; readonly prizes: readonly string[] }): StoredBasket | null {
  return inTransaction(t, () => {
    authorize(t, session, 'ticket.sell');
    if (b.barcodes.length + b.digital.length + b.prizes.length === 0) {
      deleteSetting(t.db, KEY);
      return null;
    }
    const basket_id = storedBasket(t)?.basket_id ?? randomUUID();
    const kept = { basket_id, barcodes: b.barcodes.map((x) => x.trim()), digital: [...b.digital], prizes: b.prizes.map((x) => x.replace(/\s+/g, '')), operator: session.name };
    writeSetting(t.db, KEY, canonicalJson({ ...kept, updated_at: t.now() }), t.now());
    return kept;
  });
}

/** Keeps the cart's paper barcodes (already checked by the caller), the basket's other lines as they were. Sellers only. */
export function keepCart(t: LotteryTerminal, session: OperatorSession, barcodes: readonly string[]): void {
  const b = storedBasket(t);
  keepBasket(t, session, { barcodes, digital: b?.digital ?? [], prizes: b?.prizes ?? [] });
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
    const cart = storedBasket(t);
    if (!cart) return false;
    record(t, {
      type: 'sale.abandoned',
      operator: session,
      payload: { count: cart.barcodes.length + cart.digital.length, total_cents: summary.total_cents, scanned_by: cart.operator, ...(cart.prizes.length > 0 ? { prizes: cart.prizes.length } : {}) },
    });
    deleteSetting(t.db, KEY);
    return true;
  });
}
