/** Selling paper tickets: the cart (checked as the sale would be), the sale for cash, voids and reprints. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { GameCode } from '../../../games/types.js';
import type { ReceiptView } from '../views.js';

const barcode = cleanText(z.string().trim().min(1).max(64));
const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const receiptNo = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A counter cart: a customer buys a handful of tickets, never a whole shipment. */
export const MAX_CART = 100;

export const salesMethods = {
  /** Checks a cart exactly as the sale would (nothing is kept) and shows its total on the customer display. */
  'sale.preview': z.object({ barcodes: z.array(barcode).max(MAX_CART) }).strict(),
  /** The cart in progress at this counter (kept by the terminal: it survives navigation, reloads and restarts), shown on the customer display. */
  'cart.get': z.object({}).strict(),
  /** Replaces the cart in progress (checked as the sale would be; a refusal keeps the previous cart). */
  'cart.set': z.object({ barcodes: z.array(barcode).max(MAX_CART) }).strict(),
  /** Abandons the cart in progress on purpose: journaled ('sale.abandoned'), the customer display cleared. */
  'cart.abandon': z.object({}).strict(),
  /** Sells the cart for cash; the receipt is printed after the sale committed. */
  'sale.complete': z.object({ barcodes: z.array(barcode).min(1).max(MAX_CART), tendered_cents: cents }).strict(),
  /** The sales of the open cash session, newest first. */
  'sale.list': z.object({}).strict(),
  /** Voids a sale of the open cash session (manager): whole, or only the tickets at these positions (0 = first). */
  'sale.void': z.object({ receipt_no: receiptNo, reason: cleanText(z.string().trim().min(1).max(200)), lines: z.array(z.number().int().min(0).max(MAX_CART)).min(1).max(MAX_CART).optional() }).strict(),
  /** The basket in progress (paper, digital units, prizes), kept by the terminal, shown on the customer display. */
  'basket.get': z.object({}).strict(),
  /** Replaces the basket in progress (checked as completing it would; a refusal keeps the previous one). Digital lines need central answering. */
  'basket.set': z.object({ barcodes: z.array(barcode).max(MAX_CART), digital: z.array(z.enum(['happy-2014', 'millionnaire'])).max(MAX_CART), prizes: z.array(barcode).max(MAX_CART) }).strict(),
  /** Adds a validated winner's prize to the basket in progress (Valider: "Ajouter au panier"). */
  'basket.add-prize': z.object({ barcode }).strict(),
  /** Completes the basket: one transaction (each sale and payout its own act), one receipt. Idempotent by basket_id. */
  'basket.complete': z
    .object({
      basket_id: z.string().regex(/^[0-9a-f-]{8,64}$/i),
      barcodes: z.array(barcode).max(MAX_CART),
      digital: z.array(z.enum(['happy-2014', 'millionnaire'])).max(MAX_CART),
      prizes: z.array(barcode).max(MAX_CART),
      tendered_cents: cents,
    })
    .strict(),
  /** Prints a sale's receipt again, marked duplicate. */
  'sale.reprint': z.object({ receipt_no: receiptNo }).strict(),
} as const;

/** One ticket in a cart or a sale. */
export interface CartLineView {
  /** The inventory barcode as scanned. */
  readonly barcode: string;
  readonly game: GameCode;
  readonly game_name: string;
  /** The ticket's printed number. */
  readonly ticket: string;
  /** `GGG-EEE-BB-PPPPP`. */
  readonly pack: string;
  readonly price_cents: number;
}

export interface CartView {
  readonly lines: readonly CartLineView[];
  readonly count: number;
  readonly total_cents: number;
}

export interface BasketDigitalLineView {
  readonly game: GameCode;
  readonly game_name: string;
  readonly price_cents: number;
}

export interface BasketPrizeView {
  /** The validation barcode as scanned at Valider. */
  readonly barcode: string;
  readonly game: GameCode;
  readonly game_name: string;
  readonly ticket: string;
  readonly amount_cents: number;
}

/** The basket in progress: paper lines (as a cart), digital units and prizes put towards the purchase. */
export interface BasketView extends CartView {
  /** Null when the basket is empty. */
  readonly basket_id: string | null;
  readonly digital: readonly BasketDigitalLineView[];
  readonly prizes: readonly BasketPrizeView[];
  /** Paper + digital. */
  readonly purchases_cents: number;
  readonly prizes_cents: number;
}

/** A completed basket: its receipt number, the parts' receipt numbers, the money. */
export interface BasketDoneView {
  readonly basket_id: string;
  readonly receipt_no: number;
  readonly at: string;
  readonly purchases_cents: number;
  readonly prizes_cents: number;
  readonly tendered_cents: number;
  /** Back to the player: tendered + prizes − purchases. */
  readonly change_cents: number;
  readonly digital: readonly { readonly game: GameCode; readonly number: string; readonly validation_barcode: string; readonly sale_key: string }[];
  readonly replayed: boolean;
}

export interface SaleView {
  readonly sale_id: number;
  readonly receipt_no: number;
  readonly at: string;
  readonly lines: readonly CartLineView[];
  readonly total_cents: number;
  readonly tendered_cents: number;
  readonly change_cents: number;
}

/** A sale of the session as listed for voids and reprints. */
export interface SaleSummaryView {
  readonly receipt_no: number;
  /** The number on the customer's receipt: its basket's when the sale was part of one (else `receipt_no`). */
  readonly printed_receipt_no: number;
  readonly at: string;
  readonly operator: string;
  readonly count: number;
  readonly total_cents: number;
  /** The tickets, `Game name 213-001-01-00000-007`. */
  readonly tickets: readonly string[];
  /** Each ticket's price and whether it was voided (a sale may be voided ticket by ticket), in the order of `tickets`. */
  readonly lines: readonly { readonly price_cents: number; readonly voided: boolean }[];
  readonly voided: boolean;
  readonly void_receipt_no: number | null;
  /** A digital unit handed out by central, its code shown to the buyer: never voided at the counter. */
  readonly digital: boolean;
}

export interface VoidView {
  readonly voided_receipt_no: number;
  /** The void's own receipt number. */
  readonly receipt_no: number;
  readonly at: string;
  readonly amount_cents: number;
  readonly reason: string;
  /** The positions voided, when only some of the sale's tickets were. */
  readonly lines: readonly number[] | null;
}

export interface SalesOutputs {
  'sale.preview': CartView;
  'cart.get': CartView;
  'cart.set': CartView;
  'cart.abandon': { readonly abandoned: boolean };
  'sale.complete': { readonly sale: SaleView; readonly receipt: ReceiptView };
  'sale.list': { readonly sales: readonly SaleSummaryView[] };
  'sale.void': { readonly void: VoidView; readonly receipt: ReceiptView };
  'sale.reprint': ReceiptView;
  'basket.get': BasketView;
  'basket.set': BasketView;
  'basket.add-prize': BasketView;
  'basket.complete': { readonly basket: BasketDoneView; readonly receipt: ReceiptView };
}
