/** Receipt documents of sales and voids, built from committed data; printing them is the caller's job, after commit. */
import type { SaleItem, SaleReceipt, VoidReceipt } from '../receipts/types.js';
import { splitCode } from '../digital/codes.js';

export interface SaleReceiptInput {
  readonly terminal: string;
  readonly operator: string;
  readonly at: string;
  readonly receipt_no: number;
  readonly lines: readonly { readonly description: string; readonly price_cents: number }[];
  readonly total_cents: number;
  readonly tendered_cents: number;
  readonly change_cents: number;
}

/** The sale receipt: one item per ticket (its game and number), the total, cash tendered and change. */
export function saleReceipt(s: SaleReceiptInput): SaleReceipt {
  return {
    kind: 'sale',
    terminalId: s.terminal,
    operator: s.operator,
    time: s.at,
    receiptNumber: String(s.receipt_no),
    duplicate: false,
    reprintCount: 0,
    items: s.lines.map((l) => saleItem(l.description, l.price_cents)),
    totalCents: s.total_cents,
    tenderedCents: s.tendered_cents,
    changeCents: s.change_cents,
  };
}

/** One item of a sale receipt; a digital unit's validation barcode comes out of its words to be printed as a barcode. */
export function saleItem(line: string, priceCents: number): SaleItem {
  const { description, barcode } = splitCode(line);
  return { description, quantity: 1, unitPriceCents: priceCents, ...(barcode ? { barcode } : {}) };
}

/** The void receipt of a sale: the voided receipt number, the amount refunded and the reason. */
export function voidReceipt(v: { terminal: string; operator: string; at: string; receipt_no: number; voided_receipt_no: number; amount_cents: number; reason: string; tickets?: readonly string[] }): VoidReceipt {
  return {
    kind: 'void',
    terminalId: v.terminal,
    operator: v.operator,
    time: v.at,
    receiptNumber: String(v.receipt_no),
    duplicate: false,
    reprintCount: 0,
    voidedReceiptNumber: String(v.voided_receipt_no),
    voidedKind: 'sale',
    amountCents: v.amount_cents,
    reason: v.reason,
    ...(v.tickets ? { tickets: v.tickets } : {}),
  };
}
