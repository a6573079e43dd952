/** Receipt documents of payouts and claims, built from committed data (printing happens after commit). */
import { gameByCode } from '../../../games/index.js';
import type { ClaimReceipt, PayoutReceipt } from '../receipts/types.js';

interface Common {
  readonly terminal: string;
  readonly operator: string;
  readonly at: string;
  readonly receipt_no: number;
  readonly game: string;
  readonly ticket: string;
  readonly amount_cents: number;
}

/** The reference printed as a barcode: terminal and receipt number, unique for ever. */
export function receiptReference(terminal: string, receiptNo: number): string {
  return `${terminal}-${String(receiptNo).padStart(8, '0')}`;
}

function header(c: Common): Omit<PayoutReceipt, 'kind' | 'reference' | 'gameName' | 'ticket' | 'amountCents'> {
  return { terminalId: c.terminal, operator: c.operator, time: c.at, receiptNumber: String(c.receipt_no), duplicate: false, reprintCount: 0 };
}

export function payoutReceipt(c: Common & { readonly pending_central?: boolean }): PayoutReceipt {
  return {
    kind: 'payout',
    ...header(c),
    reference: receiptReference(c.terminal, c.receipt_no),
    gameName: gameByCode(c.game).name,
    ticket: c.ticket,
    amountCents: c.amount_cents,
    ...(c.pending_central ? { pendingCentral: true } : {}),
  };
}

export function claimReceipt(
  c: Common & {
    readonly payout_limit_cents: number;
    readonly reason?: ClaimReceipt['reason'];
    readonly offline_limit?: ClaimReceipt['offlineLimit'];
    readonly send_to?: string;
  },
): ClaimReceipt {
  return {
    kind: 'claim',
    ...header(c),
    reference: receiptReference(c.terminal, c.receipt_no),
    gameName: gameByCode(c.game).name,
    ticket: c.ticket,
    amountCents: c.amount_cents,
    payoutLimitCents: c.payout_limit_cents,
    ...(c.reason && c.reason !== 'over-limit' ? { reason: c.reason } : {}),
    ...(c.offline_limit ? { offlineLimit: c.offline_limit } : {}),
    ...(c.send_to ? { sendTo: c.send_to } : {}),
  };
}
