/**
 * Selling as every host does it: the cart checked by a dry run, the sale, the void and the reprint,
 * each with its after-commit steps (receipt, drawer after a cash sale or void, customer display).
 */
import { journalRowOfReceipt } from '../../../db/queries/receipts.js';
import { saleByReceipt } from '../../../db/queries/sales.js';
import type { ReceiptView } from '../../../common/api/views.js';
import type { DrawerOpenResult } from '../../devices/drawer.js';
import type { OperatorSession } from '../auth/session.js';
import { reprintReceipt } from '../receipts/journal-receipts.js';
import { SaleError } from './errors.js';
import { sellTickets, type SaleResult, type SellInput } from './sell.js';
import { voidSale, type VoidInput, type VoidResult } from './void.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { openDrawerAfter, printReceipt, type AfterCommit } from '../receipts/after-commit.js';

/** Carries a dry run's result out of the transaction it rolls back. */
class RolledBack<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs `fn` inside a transaction that is always rolled back, and returns its result: the services'
 * own checks, with nothing kept (journal, receipt numbers and outbox included).
 */
export function dryRun<T>(t: LotteryTerminal, fn: () => T): T {
  try {
    t.db
      .transaction(() => {
        throw new RolledBack(fn());
      })
      .immediate();
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error('dry run ended without a result');
}

/** What a committed act hands back: its result, how the receipt printed, whether the drawer opened. */
export interface ActDone<R> {
  readonly result: R;
  readonly receipt: ReceiptView;
  /** Null when no drawer is connected, or the act does not open it. */
  readonly drawer: DrawerOpenResult | null;
}

/**
 * The cart as the sale would take it (every check of the sale itself, nothing kept), shown on the
 * customer display. An empty cart is an empty result.
 */
export function previewCart(t: LotteryTerminal, session: OperatorSession, barcodes: readonly string[], after: AfterCommit): SaleResult | null {
  const result = barcodes.length === 0 ? null : dryRun(t, () => sellTickets(t, session, { barcodes, tendered_cents: Number.MAX_SAFE_INTEGER }));
  after.emit?.({ type: 'display', display: { kind: 'cart', count: result?.lines.length ?? 0, total_cents: result?.total_cents ?? 0 } });
  return result;
}

/** Sells for cash: the sale committed, then the display, the receipt and the drawer. */
export async function sell(t: LotteryTerminal, session: OperatorSession, input: SellInput, after: AfterCommit): Promise<ActDone<SaleResult>> {
  const result = sellTickets(t, session, input);
  after.emit?.({ type: 'display', display: { kind: 'sale', total_cents: result.total_cents, tendered_cents: result.tendered_cents, change_cents: result.change_cents } });
  const receipt = await printReceipt(t, after, result.receipt, { receiptNo: result.receipt_no });
  const drawer = await openDrawerAfter(t, session, after, 'sale', result.receipt_no);
  return { result, receipt, drawer };
}

/** Voids a sale (manager): the void committed, then its receipt and the drawer for the refund. */
export async function voidSaleAct(t: LotteryTerminal, session: OperatorSession, input: VoidInput, after: AfterCommit): Promise<ActDone<VoidResult>> {
  const result = voidSale(t, session, input);
  const receipt = await printReceipt(t, after, result.receipt, { receiptNo: result.receipt_no });
  const drawer = await openDrawerAfter(t, session, after, 'void', result.receipt_no);
  return { result, receipt, drawer };
}

/** Reprints any receipt of this terminal, journaled with its counter (DUPLICATA n° N) before it prints. */
export async function reprint(t: LotteryTerminal, session: OperatorSession, receiptNo: number, after: AfterCommit): Promise<ReceiptView> {
  const { receipt } = reprintReceipt(t, session, receiptNo);
  return printReceipt(t, after, receipt, { receiptNo });
}

/**
 * Reprints a sale's receipt, or a basket's under its own number (#25: the basket's one receipt, not a
 * part's); any other receipt number is refused with `no-such-sale`.
 */
export function reprintSale(t: LotteryTerminal, session: OperatorSession, receiptNo: number, after: AfterCommit): Promise<ReceiptView> {
  if (!saleByReceipt(t.db, receiptNo) && journalRowOfReceipt(t.db, receiptNo)?.type !== 'basket') throw new SaleError('no-such-sale', `receipt ${receiptNo} is not a sale made at this terminal`);
  return reprint(t, session, receiptNo, after);
}
