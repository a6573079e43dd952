/**
 * The counter's cart as every host keeps it (main/services/sales/cart.ts): each change is checked as
 * the sale would be, kept, and shown on the customer display; abandoning it is journaled and clears
 * the display.
 */
import type { OperatorSession } from '../auth/session.js';
import { abandonCart, keepCart, storedCart } from './cart.js';
import type { SaleResult } from './sell.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { AfterCommit } from '../receipts/after-commit.js';
import { previewCart } from './acts.js';

/** The same port with no one told (checks that must not flicker the customer display). */
function quiet(after: AfterCommit): AfterCommit {
  return { printer: null, drawer: null, language: after.language };
}

export interface CartState {
  readonly barcodes: readonly string[];
  readonly result: SaleResult | null;
}

/** Checks the new cart as the sale would (refusing it changes nothing), keeps it, shows it. */
export function setCart(t: LotteryTerminal, session: OperatorSession, barcodes: readonly string[], after: AfterCommit): CartState {
  const result = previewCart(t, session, barcodes, after);
  keepCart(t, session, barcodes);
  return { barcodes, result };
}

/**
 * The cart in progress, checked again (and shown): tickets that can no longer be sold since they were
 * scanned (sold elsewhere, pack settled …) are dropped, so the cart that comes back always sells.
 */
export function currentCart(t: LotteryTerminal, session: OperatorSession, after: AfterCommit): CartState {
  const barcodes = storedCart(t)?.barcodes ?? [];
  try {
    return { barcodes, result: previewCart(t, session, barcodes, after) };
  } catch {
    const kept: string[] = [];
    for (const b of barcodes) {
      try {
        previewCart(t, session, [...kept, b], quiet(after));
        kept.push(b);
      } catch {
        // no longer sellable: left out
      }
    }
    return setCart(t, session, kept, after);
  }
}

/** Abandons the cart on purpose (journaled); the customer display goes back to its welcome. */
export function abandon(t: LotteryTerminal, session: OperatorSession, after: AfterCommit): boolean {
  const barcodes = storedCart(t)?.barcodes ?? [];
  let total = 0;
  try {
    total = previewCart(t, session, barcodes, quiet(after))?.total_cents ?? 0;
  } catch {
    total = 0;
  }
  const done = abandonCart(t, session, { count: barcodes.length, total_cents: total });
  after.emit?.({ type: 'display', display: { kind: 'idle' } });
  return done;
}
