/** Digital games sold at the counter (Happy 2014, Millionnaire): the sale (online), the play, the history. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { DigitalPlayView, ReceiptView } from '../views.js';

const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const saleKey = cleanText(z.string().trim().min(1).max(80));

export const digitalMethods = {
  /** Sells one unit of a digital game (online only: central hands it out); its play starts on the customer display. */
  'digital.sell': z.object({ game: z.enum(['happy-2014', 'millionnaire']), tendered_cents: cents }).strict(),
  /** Jouer: reveals one zone (or the next one); Auto: reveals everything. The play state is kept at every step. */
  'digital.reveal': z.union([
    z.object({ sale_key: saleKey, zone: cleanText(z.string().min(1).max(20)) }).strict(),
    z.object({ sale_key: saleKey, next: z.literal(true) }).strict(),
    z.object({ sale_key: saleKey, all: z.literal(true) }).strict(),
  ]),
  /** A sold unit by sale key or number; without one, the last unit sold here (to resume its play). */
  'digital.get': z.object({ ref: cleanText(z.string().trim().min(1).max(80)).optional() }).strict(),
  /** Shows a sold unit's play again on the customer display. */
  'digital.replay': z.object({ ref: cleanText(z.string().trim().min(1).max(80)) }).strict(),
  /** The digital units sold today with their results (manager). */
  'digital.history': z.object({}).strict(),
} as const;

export interface DigitalHistoryLine {
  readonly sale_key: string;
  readonly number: string;
  readonly game: string;
  readonly sold_at: string;
  readonly receipt_no: number;
  readonly price_cents: number;
  readonly finished: boolean;
  /** Null until the play is finished (the result stays hidden from the counter until the buyer saw it). */
  readonly prize_cents: number | null;
}

export interface DigitalSaleView {
  readonly sale_key: string;
  readonly receipt_no: number;
  readonly number: string;
  readonly validation_barcode: string;
  readonly price_cents: number;
  readonly tendered_cents: number;
  readonly change_cents: number;
}

export interface DigitalOutputs {
  'digital.sell': { readonly sale: DigitalSaleView; readonly play: DigitalPlayView; readonly receipt: ReceiptView };
  'digital.reveal': { readonly play: DigitalPlayView };
  'digital.get': { readonly play: DigitalPlayView | null };
  'digital.replay': { readonly play: DigitalPlayView };
  'digital.history': { readonly units: readonly DigitalHistoryLine[] };
}
