/**
 * Reprinting a receipt by its number. The journal is where receipts are kept: the entry that took the
 * number holds everything its receipt printed, so the document is rebuilt from it (with the same
 * builders the services used), marked DUPLICATE with its reprint counter, and the reprint itself is
 * journaled (`receipt.reprint` { reprinted_receipt_no, kind, reprint }).
 */
import { journalRowOfReceipt, reprintCountOf, type ReceiptEntryType } from '../../../db/queries/receipts.js';
import { gameByCode } from '../../../games/index.js';
import { authorize } from '../auth/authorize.js';
import type { Permission } from '../auth/roles.js';
import type { OperatorSession } from '../auth/session.js';
import { record } from '../../kernel/record.js';
import { claimReceipt, payoutReceipt } from '../tickets/pay-receipts.js';
import { basketReceipt } from '../sales/basket-receipt.js';
import { soldDigitalCode, withCode } from '../digital/codes.js';
import { saleReceipt, voidReceipt } from '../sales/receipts.js';
import { ServiceError } from '../../kernel/errors.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { ClaimReceipt, PayoutReceipt, SaleReceipt, VoidReceipt } from './types.js';

export type NumberedReceipt = SaleReceipt | VoidReceipt | PayoutReceipt | ClaimReceipt;

/** Who may reprint each kind of receipt: whoever may make it at the counter. */
const REPRINT_PERMISSION: Record<ReceiptEntryType, Permission> = {
  sale: 'ticket.sell',
  void: 'ticket.sell',
  payout: 'payout.pay',
  claim: 'claim.file',
  // Printed by the payout that central's silence stopped (tickets/claim-receipt.ts).
  'claim.receipt': 'payout.pay',
  // A basket's one receipt (its sale, digital units and prizes): whoever may sell.
  basket: 'ticket.sell',
};

function field<T>(payload: Record<string, unknown>, name: string, check: (v: unknown) => v is T, receiptNo: number): T {
  const v = payload[name];
  if (!check(v)) throw new ServiceError('unreadable-receipt', `receipt ${receiptNo}: its journal entry has no usable ${name}`);
  return v;
}
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every(isInt);
const LIMITS = new Set(['ticket', 'count', 'total', 'hours']);
const isOfflineLimit = (v: unknown): v is NonNullable<ClaimReceipt['offlineLimit']> => {
  const o = v as Record<string, unknown> | null;
  return typeof o === 'object' && o !== null && LIMITS.has(o.limit as string) && isInt(o.max) && (o.used === undefined || isInt(o.used));
};

function gameName(code: string): string {
  try {
    return gameByCode(code).name;
  } catch {
    return code;
  }
}

/** The original receipt (not a duplicate) of receipt number `receiptNo`, rebuilt from its journal entry. */
export function receiptFromJournal(t: LotteryTerminal, receiptNo: number): { readonly kind: ReceiptEntryType; readonly receipt: NumberedReceipt } {
  if (!Number.isSafeInteger(receiptNo) || receiptNo < 1) throw new ServiceError('bad-input', `'${String(receiptNo)}' is not a receipt number`);
  const row = journalRowOfReceipt(t.db, receiptNo);
  if (!row) throw new ServiceError('no-such-receipt', `no receipt number ${receiptNo} at this terminal`);
  const p = JSON.parse(row.payload) as Record<string, unknown>;
  const head = { terminal: row.terminal, operator: row.operator ?? row.terminal, at: row.at, receipt_no: receiptNo };
  const f = <T>(name: string, check: (v: unknown) => v is T): T => field(p, name, check, receiptNo);
  switch (row.type as ReceiptEntryType) {
    case 'sale': {
      const lines = f('lines', isArray).map((l) => {
        const line = l as Record<string, unknown>;
        // A digital unit's line names its sale; its validation barcode, the buyer's, comes from this
        // terminal's record of the sale, never the journal (entries from before carry it).
        const code = soldDigitalCode(t, line.sale_key) ?? (isText(line.validation_barcode) ? line.validation_barcode : null);
        return { description: withCode(`${gameName(field(line, 'game', isText, receiptNo))} ${field(line, 'ticket', isText, receiptNo)}`, code), price_cents: field(line, 'price_cents', isInt, receiptNo) };
      });
      return { kind: 'sale', receipt: saleReceipt({ ...head, lines, total_cents: f('total_cents', isInt), tendered_cents: f('tendered_cents', isInt), change_cents: f('change_cents', isInt) }) };
    }
    case 'void': {
      // Some tickets of the sale only: their words, as the void printed them.
      const tickets = Array.isArray(p.tickets) ? p.tickets.filter(isText) : undefined;
      return {
        kind: 'void',
        receipt: voidReceipt({ ...head, voided_receipt_no: f('voided_receipt_no', isInt), amount_cents: f('amount_cents', isInt), reason: f('reason', isText), ...(tickets ? { tickets } : {}) }),
      };
    }
    case 'payout':
      return { kind: 'payout', receipt: payoutReceipt({ ...head, game: f('game', isText), ticket: f('ticket', isText), amount_cents: f('amount_cents', isInt) }) };
    case 'claim':
      return {
        kind: 'claim',
        receipt: claimReceipt({ ...head, game: f('game', isText), ticket: f('ticket', isText), amount_cents: f('amount_cents', isInt), payout_limit_cents: f('payout_limit_cents', isInt), ...(typeof p.send_to === 'string' ? { send_to: p.send_to } : {}) }),
      };
    case 'claim.receipt': {
      const limit = f('offline_limit', isOfflineLimit);
      const offline_limit = { limit: limit.limit, max: limit.max, ...(limit.used !== undefined ? { used: limit.used } : {}) };
      return {
        kind: 'claim.receipt',
        receipt: claimReceipt({ ...head, game: f('game', isText), ticket: f('ticket', isText), amount_cents: f('amount_cents', isInt), payout_limit_cents: f('payout_limit_cents', isInt), reason: 'central-unreachable', offline_limit }),
      };
    }
    case 'basket': {
      // The basket's own number, not one of its parts' (#25): its tickets, units, prizes and cash.
      const item = (v: unknown): { description: string; price_cents: number } => {
        const i = v as Record<string, unknown>;
        // A digital unit's item names its sale key: its validation barcode put back (digital/codes.ts).
        return { description: withCode(field(i, 'description', isText, receiptNo), soldDigitalCode(t, i.sale_key)), price_cents: field(i, 'price_cents', isInt, receiptNo) };
      };
      const prize = (v: unknown): { game: string; ticket: string; amount_cents: number } => {
        const z = v as Record<string, unknown>;
        return { game: field(z, 'game', isText, receiptNo), ticket: field(z, 'ticket', isText, receiptNo), amount_cents: field(z, 'amount_cents', isInt, receiptNo) };
      };
      return {
        kind: 'basket',
        receipt: basketReceipt(
          { terminal: row.terminal, operator: head.operator, at: row.at, receiptNo },
          { items: f('items', isArray).map(item), purchases_cents: f('purchases_cents', isInt), prizes: f('prizes', isArray).map(prize), tendered_cents: f('tendered_cents', isInt), change_cents: f('change_cents', isInt), parts: f('parts', isIntArray) },
        ),
      };
    }
    default:
      throw new ServiceError('no-such-receipt', `no receipt number ${receiptNo} at this terminal`);
  }
}

/**
 * A duplicate of receipt `receiptNo` with its reprint counter (1 for the first reprint), journaled as
 * `receipt.reprint`. Permission: whoever may make that kind of receipt (a technician may not: money).
 * Print it after this returns; a failed print can be retried (each try counts as a reprint).
 */
export function reprintReceipt(t: LotteryTerminal, session: OperatorSession, receiptNo: number): { readonly receipt: NumberedReceipt; readonly reprint: number } {
  return inTransaction(t, () => {
    const { kind, receipt } = receiptFromJournal(t, receiptNo);
    authorize(t, session, REPRINT_PERMISSION[kind]);
    const reprint = reprintCountOf(t.db, receiptNo) + 1;
    record(t, { type: 'receipt.reprint', operator: session, payload: { reprinted_receipt_no: receiptNo, kind, reprint } });
    return { receipt: { ...receipt, duplicate: true, reprintCount: reprint }, reprint };
  });
}
