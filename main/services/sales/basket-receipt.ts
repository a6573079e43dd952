/**
 * The one receipt of a basket (issue #25): its paper tickets and digital units, the prizes put towards
 * them, the cash and the change, and its parts' receipt numbers. Built from the basket's journal entry,
 * the same whether the basket was just completed, asked again, or its receipt is reprinted.
 */
import { gameByCode } from '../../../games/index.js';
import type { SaleReceipt } from '../receipts/types.js';
import { saleItem } from './receipts.js';

/** What of a `basket` journal entry its receipt prints. */
export interface BasketReceiptParts {
  readonly items: readonly { readonly description: string; readonly price_cents: number }[];
  readonly purchases_cents: number;
  readonly prizes: readonly { readonly game: string; readonly ticket: string; readonly amount_cents: number }[];
  readonly tendered_cents: number;
  readonly change_cents: number;
  /** The parts' own receipt numbers (sale, digital sales, payouts). */
  readonly parts: readonly number[];
}

function gameName(code: string): string {
  try {
    return gameByCode(code).name;
  } catch {
    return code;
  }
}

/** The basket's receipt under number `receiptNo`: the basket's own, or its single part's. */
export function basketReceipt(head: { readonly terminal: string; readonly operator: string; readonly at: string; readonly receiptNo: number }, p: BasketReceiptParts): SaleReceipt {
  return {
    kind: 'sale',
    terminalId: head.terminal,
    operator: head.operator,
    time: head.at,
    receiptNumber: String(head.receiptNo),
    duplicate: false,
    reprintCount: 0,
    items: p.items.map((i) => saleItem(i.description, i.price_cents)),
    totalCents: p.purchases_cents,
    ...(p.prizes.length > 0 ? { prizes: p.prizes.map((z) => ({ description: `${gameName(z.game)} ${z.ticket}`, amountCents: z.amount_cents })) } : {}),
    tenderedCents: p.tendered_cents,
    changeCents: p.change_cents,
    ...(p.parts.length > 1 ? { parts: p.parts.map(String) } : {}),
  };
}
