/**
 * Voiding a sale: a manager cancels a whole sale of the current cash session and refunds it. The
 * sale's tickets may be sold again. One transaction: permission, checks, the sale marked voided, the
 * journal entry 'void' (its own receipt number, the sale's lines as `void` money) and the outbox event.
 */
import { isDigitalSale } from '../../../db/queries/digital-units.js';
import { saleByReceipt, saleLines, markSaleVoided } from '../../../db/queries/sales.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { requireOpenCashSession } from '../cash/sessions.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { VoidReceipt } from '../receipts/types.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { SaleError } from './errors.js';
import { moneyLinesByGame } from './money.js';
import { voidReceipt } from './receipts.js';

export interface VoidInput {
  /** The receipt number of the sale to void. */
  readonly receipt_no: number;
  readonly reason: string;
}

export interface VoidResult {
  readonly sale_id: number;
  readonly voided_receipt_no: number;
  /** The void's own receipt number. */
  readonly receipt_no: number;
  readonly at: string;
  /** Refunded to the customer. */
  readonly amount_cents: number;
  readonly reason: string;
  readonly outbox_key: string;
  readonly receipt: VoidReceipt;
}

/**
 * Voids the sale with receipt number `input.receipt_no` (permission 'sale.void': managers). Refuses
 * an unknown receipt number, a sale already voided, a sale of another cash session, and an empty reason.
 */
export function voidSale(t: LotteryTerminal, session: OperatorSession, input: VoidInput): VoidResult {
  const reason = input.reason.trim();
  if (reason === '') throw new SaleError('bad-input', 'a void needs a reason');
  if (!Number.isSafeInteger(input.receipt_no) || input.receipt_no < 1) throw new SaleError('bad-input', `'${String(input.receipt_no)}' is not a receipt number`);
  return inTransaction(t, () => {
    authorize(t, session, 'sale.void');
    const cash = requireOpenCashSession(t);
    const sale = saleByReceipt(t.db, input.receipt_no);
    if (!sale) throw new SaleError('no-such-sale', `receipt ${input.receipt_no} is not a sale made at this terminal`);
    // A digital unit was handed out by central and its code shown to the buyer: it cannot be taken back here.
    if (isDigitalSale(t.db, sale.id)) {
      throw new SaleError('digital-sale', `sale ${input.receipt_no} is a digital unit (its validation code was shown to the buyer): it cannot be voided at the counter`);
    }
    if (sale.voided_at !== null) throw new SaleError('already-voided', `sale ${input.receipt_no} was already voided on ${sale.voided_at} (void receipt ${sale.void_receipt_no})`);
    if (sale.cash_session_id !== cash.id) {
      throw new SaleError('other-session', `sale ${input.receipt_no} belongs to cash session ${sale.cash_session_id}, which is closed: only sales of the current session can be voided`);
    }
    const lines = saleLines(t.db, sale.id);
    const r = record(t, {
      type: 'void',
      operator: session,
      payload: { sale_id: sale.id, voided_receipt_no: input.receipt_no, cash_session_id: cash.id, amount_cents: sale.total_cents, reason },
      receipt: true,
      money: { kind: 'void', lines: moneyLinesByGame(lines) },
      outbox: { key: `void/sale/${sale.id}` },
    });
    const receiptNo = r.receipt_no as number;
    if (!markSaleVoided(t.db, sale.id, { at: r.at, by: session.operator_id, reason, receipt_no: receiptNo, journal_seq: r.seq })) {
      throw new SaleError('already-voided', `sale ${input.receipt_no} was already voided`);
    }
    return {
      sale_id: sale.id,
      voided_receipt_no: input.receipt_no,
      receipt_no: receiptNo,
      at: r.at,
      amount_cents: sale.total_cents,
      reason,
      outbox_key: r.outbox_key as string,
      receipt: voidReceipt({ terminal: t.id, operator: session.name, at: r.at, receipt_no: receiptNo, voided_receipt_no: input.receipt_no, amount_cents: sale.total_cents, reason }),
    };
  });
}
