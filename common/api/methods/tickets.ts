/**
 * Validation and payout: check a validation barcode (the cashier sees the verdict, the customer display
 * the same verdict at the same moment), pay a winner within the payout limit, file a claim above it.
 * Pay and claim print their receipt after the payment committed; a printer failure comes back in the
 * ReceiptView and never undoes the payment.
 */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { ReceiptView, VerdictView } from '../views.js';

/** A validation barcode as scanned or typed (spaces are ignored by the barcode parser). */
const barcode = cleanText(z.string().trim().min(1, 'scan or type the validation barcode').max(128));

export const ticketMethods = {
  /** Permission `ticket.check`. Changes nothing. */
  'ticket.check': z.object({ barcode }).strict(),
  /**
   * Permission `payout.pay` and an open cash session; refused (code = the verdict) unless the ticket is a payable winner.
   * An enrolled terminal claims it at central first: refused 'paid-elsewhere' (which terminal, when),
   * 'central-unreachable' (no answer in 2 s and above the offline limit) or 'central-refused';
   * `pending_central` when it was paid offline (payout waiting for central).
   */
  'ticket.pay': z.object({ barcode }).strict(),
  /** Permission `claim.file` and an open cash session; only for a winner above the payout limit, once. */
  'ticket.claim': z.object({ barcode }).strict(),
  /** A duplicate of a sale, void, payout or claim receipt (e.g. after the printer failed), with its reprint counter. */
  'receipt.reprint': z.object({ receipt_no: z.number().int().positive().safe() }).strict(),
} as const;

export interface TicketOutputs {
  'ticket.check': VerdictView;
  'ticket.pay': { readonly verdict: VerdictView; readonly receipt: ReceiptView; readonly pending_central?: boolean };
  'ticket.claim': { readonly verdict: VerdictView; readonly receipt: ReceiptView };
  'receipt.reprint': ReceiptView;
}
