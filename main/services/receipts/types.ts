// Receipt documents: plain typed data, built by the services once the state change is committed,
// kept in the journal, and turned into print layouts by layout.ts (for the first print and reprints).
import type { PrinterStatus } from '../../devices/printer.js';

export type ReceiptLanguage = 'fr' | 'en';

/** What every receipt carries. */
export interface ReceiptHeader {
  readonly terminalId: string;
  /** The operator's name or login, as shown to the customer. */
  readonly operator: string;
  /** UTC ISO time of the operation (shown in local time on paper). */
  readonly time: string;
  /** The receipt number given by the journal. */
  readonly receiptNumber: string;
  /** True on every reprint. */
  readonly duplicate: boolean;
  /** 0 for the original; n for the n-th reprint. */
  readonly reprintCount: number;
}

/** A prize paid at the counter. */
export interface PayoutReceipt extends ReceiptHeader {
  readonly kind: 'payout';
  /** The payout's reference, printed as a barcode. */
  readonly reference: string;
  readonly gameName: string;
  /** The ticket's number as printed on it. */
  readonly ticket: string;
  readonly amountCents: number;
  /** Paid offline (central did not answer): the payout waits for central. */
  readonly pendingCentral?: boolean;
}

/** A prize above the counter's payout limit: the player claims it elsewhere with this receipt. */
export interface ClaimReceipt extends ReceiptHeader {
  readonly kind: 'claim';
  /** The claim's reference, printed as a barcode. */
  readonly reference: string;
  readonly gameName: string;
  readonly ticket: string;
  readonly amountCents: number;
  /** The counter's payout limit that the prize exceeds. */
  readonly payoutLimitCents: number;
  /**
   * 'over-limit' (default): a claim form (the player's name and ID, where to send it);
   * 'central-unreachable': central did not answer and the offline limit `offlineLimit` was reached: bring it back.
   */
  readonly reason?: 'over-limit' | 'central-unreachable';
  readonly offlineLimit?: { readonly limit: 'ticket' | 'count' | 'total' | 'hours'; readonly max: number; readonly used?: number };
  /** Where the claim form goes (central's configuration `claim_address`); a generic address when absent. */
  readonly sendTo?: string;
}

export interface SaleItem {
  readonly description: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  /** A digital unit's validation barcode, printed as a barcode under the item (the buyer's proof). */
  readonly barcode?: string;
}

/** A prize paid in a basket (issue #25): its payout's own receipt number and the ticket. */
export interface BasketPrize {
  readonly description: string;
  readonly amountCents: number;
}

export interface SaleReceipt extends ReceiptHeader {
  readonly kind: 'sale';
  readonly items: readonly SaleItem[];
  readonly totalCents: number;
  /**
   * A basket's prizes, put towards the purchase (issue #25). With prizes, `changeCents` is what goes
   * back to the player: cash tendered + prizes − total.
   */
  readonly prizes?: readonly BasketPrize[];
  /** The acts the basket is made of (their own receipt numbers, journaled), printed as references. */
  readonly parts?: readonly string[];
  /** Cash handed over by the customer, when known. */
  readonly tenderedCents?: number;
  readonly changeCents?: number;
}

/** The cancellation of an earlier sale or payout. */
export interface VoidReceipt extends ReceiptHeader {
  readonly kind: 'void';
  readonly voidedReceiptNumber: string;
  readonly voidedKind: 'sale' | 'payout';
  readonly amountCents: number;
  readonly reason: string;
  /** Only these tickets of the sale were voided (the customer keeps the others); absent: the whole sale. */
  readonly tickets?: readonly string[];
}

export interface ReportTotal {
  readonly count: number;
  readonly amountCents: number;
}

export interface ReportGameLine {
  readonly gameName: string;
  readonly sales: ReportTotal;
  readonly payouts: ReportTotal;
}

/** X report (running totals, nothing closed) or Z report (closes the period, numbered). */
export interface ReportReceipt extends ReceiptHeader {
  readonly kind: 'report';
  readonly report: 'X' | 'Z';
  /** Z reports are numbered in sequence. */
  readonly zNumber?: number;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly sales: ReportTotal;
  readonly payouts: ReportTotal;
  readonly claims: ReportTotal;
  readonly voids: ReportTotal;
  readonly drawerOpenings: number;
  /** Cash that should be in the drawer: float + sales − payouts ± voids. */
  readonly expectedCashCents: number;
  readonly byGame?: readonly ReportGameLine[];
}

/** The retailer's account for an ISO week, as central computed it (printed from the cash screen). */
export interface StatementReceipt extends ReceiptHeader {
  readonly kind: 'statement';
  readonly retailer: string;
  /** ISO week `YYYY-Www` and its UTC bounds. */
  readonly week: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly sales: ReportTotal;
  readonly voids: ReportTotal;
  readonly payouts: ReportTotal;
  readonly claims: ReportTotal;
  readonly netSalesCents: number;
  readonly salesCommissionBp: number;
  readonly cashingCommissionBp: number;
  readonly salesCommissionCents: number;
  readonly cashingCommissionCents: number;
  readonly settledPacks: ReportTotal;
  /** Facts of closed weeks central learnt this week (late entries, chargebacks), in the amount due (#19). */
  readonly adjustmentsCents?: number;
  /** Second payouts of tickets paid twice charged back to this retailer. */
  readonly chargebacks?: ReportTotal;
  readonly amountDueCents: number;
}

/** The technician's test page. */
export interface TestPage extends ReceiptHeader {
  readonly kind: 'test-page';
  readonly printerUri: string;
  /** The printer's status as read just before printing; null when it could not be asked. */
  readonly printerStatus: PrinterStatus | null;
  readonly softwareVersion: string;
}

export type Receipt = PayoutReceipt | ClaimReceipt | SaleReceipt | VoidReceipt | ReportReceipt | StatementReceipt | TestPage;
