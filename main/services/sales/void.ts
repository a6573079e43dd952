/**
 * Voiding a sale: a manager cancels a sale of the current cash session, whole or some of its tickets
 * (the customer keeps the others), and refunds them. The voided tickets may be sold again. One
 * transaction: permission, checks, the sale (or the chosen lines) marked voided, the journal entry
 * 'void' (its own receipt number, the voided lines as `void` money, their positions and words when
 * only some are voided) and the outbox event.
 */
import { isDigitalSale } from '../../../db/queries/digital-units.js';
import { saleReceiptOfBasket } from '../../../db/queries/receipts.js';
import { type SaleLineRow, saleByReceipt, saleLines, markSaleVoided, markSaleLinesVoided } from '../../../db/queries/sales.js';
import { gameByCode } from '../../../games/index.js';
import { humanNumber } from '../../../games/ticket-id.js';
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
  /** Only these tickets, by their position in the sale (0 = first): the rest stays sold. Absent: every ticket left. */
  readonly lines?: readonly number[];
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
  /** The positions voided now, when only some of the sale's tickets were. */
  readonly lines: readonly number[] | null;
  readonly outbox_key: string;
  readonly receipt: VoidReceipt;
}

/**
 * Voids the sale with receipt number `input.receipt_no`, or only its tickets at `input.lines` (permission
 * 'sale.void': managers). Refuses an unknown receipt number, a sale (or a ticket) already voided, a
 * position the sale does not have or named twice, a sale of another cash session, and an empty reason.
 */
export function voidSale(t: LotteryTerminal, session: OperatorSession, input: VoidInput): VoidResult {
  const reason = input.reason.trim();
  if (reason === '') throw new SaleError('bad-input', 'a void needs a reason');
  if (!Number.isSafeInteger(input.receipt_no) || input.receipt_no < 1) throw new SaleError('bad-input', `'${String(input.receipt_no)}' is not a receipt number`);
  return inTransaction(t, () => {
    authorize(t, session, 'sale.void');
    const cash = requireOpenCashSession(t);
    // The customer hands over the receipt printed: a basket's number names its paper sale.
    const sale = saleByReceipt(t.db, input.receipt_no) ?? saleByBasketReceipt(t, input.receipt_no);
    if (!sale) throw new SaleError('no-such-sale', `receipt ${input.receipt_no} is not a sale made at this terminal`);
    // A digital unit was handed out by central and its code shown to the buyer: it cannot be taken back here.
    if (isDigitalSale(t.db, sale.id)) {
      throw new SaleError('digital-sale', `sale ${input.receipt_no} is a digital unit (its validation code was shown to the buyer): it cannot be voided at the counter`);
    }
    if (sale.voided_at !== null) throw new SaleError('already-voided', `sale ${input.receipt_no} was already voided on ${sale.voided_at} (void receipt ${sale.void_receipt_no})`);
    if (sale.cash_session_id !== cash.id) {
      throw new SaleError('other-session', `sale ${input.receipt_no} belongs to cash session ${sale.cash_session_id}, which is closed: only sales of the current session can be voided`);
    }
    const all = saleLines(t.db, sale.id);
    const chosen = chooseLines(input, all);
    const left = all.filter((l) => l.voided === 0);
    // Every ticket still sold: the sale is voided whole (as before); else only the chosen lines.
    const whole = chosen.length === left.length;
    const partial = whole && left.length === all.length ? null : chosen.map((l) => all.indexOf(l));
    const amount = chosen.reduce((sum, l) => sum + l.price_cents, 0);
    // The entry holds what its receipt prints (a reprint rebuilds it): the tickets voided, when only some are.
    const tickets = partial ? chosen.map((l) => ticketWords(l)) : undefined;
    const r = record(t, {
      type: 'void',
      operator: session,
      payload: { sale_id: sale.id, voided_receipt_no: sale.receipt_no as number, cash_session_id: cash.id, amount_cents: amount, reason, ...(partial ? { positions: partial, tickets } : {}) },
      receipt: true,
      money: { kind: 'void', lines: moneyLinesByGame(chosen) },
      outbox: { key: partial ? `void/sale/${sale.id}/lines/${partial.join('-')}` : `void/sale/${sale.id}` },
    });
    const receiptNo = r.receipt_no as number;
    const marked = whole
      ? markSaleVoided(t.db, sale.id, { at: r.at, by: session.operator_id, reason, receipt_no: receiptNo, journal_seq: r.seq })
      : markSaleLinesVoided(t.db, chosen.map((l) => l.id));
    if (!marked) throw new SaleError('already-voided', `sale ${input.receipt_no} was already voided`);
    return {
      sale_id: sale.id,
      voided_receipt_no: sale.receipt_no as number,
      receipt_no: receiptNo,
      at: r.at,
      amount_cents: amount,
      reason,
      lines: partial,
      outbox_key: r.outbox_key as string,
      receipt: voidReceipt({ terminal: t.id, operator: session.name, at: r.at, receipt_no: receiptNo, voided_receipt_no: sale.receipt_no as number, amount_cents: amount, reason, ...(tickets ? { tickets } : {}) }),
    };
  });
}

/** The lines to void: those named by position (each once, each of this sale, none voided already), else every one left. */
function chooseLines(input: VoidInput, all: readonly SaleLineRow[]): SaleLineRow[] {
  if (input.lines === undefined) return all.filter((l) => l.voided === 0);
  if (input.lines.length === 0) throw new SaleError('bad-input', 'name at least one ticket of the sale to void');
  if (new Set(input.lines).size !== input.lines.length) throw new SaleError('bad-input', 'a ticket is named twice');
  return input.lines.map((i) => {
    const line = Number.isSafeInteger(i) ? all[i] : undefined;
    if (!line) throw new SaleError('no-such-line', `sale ${input.receipt_no} has no ticket ${i + 1} (it has ${all.length})`, { count: all.length });
    if (line.voided === 1) throw new SaleError('already-voided', `ticket ${i + 1} of sale ${input.receipt_no} was already voided`, { problem: 'line' });
    return line;
  });
}

/** `Game name 213-001-01-00000-007-4`, as the sale printed it. */
function ticketWords(l: SaleLineRow): string {
  const game = gameByCode(l.game);
  return `${game.name} ${humanNumber({ game: game.code, emission: l.emission, block: l.block, unit: l.unit }, game.pack_size)}`;
}

function saleByBasketReceipt(t: LotteryTerminal, receiptNo: number): ReturnType<typeof saleByReceipt> {
  const sale = saleReceiptOfBasket(t.db, receiptNo);
  return sale === undefined ? undefined : saleByReceipt(t.db, sale);
}
