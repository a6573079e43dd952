/** Selling: the cart (checked by the sale service itself, then rolled back), the sale, voids, reprints. */
import { gameByCode } from '../../../games/index.js';
import { journalRowsOfType } from '../../../db/queries/journal.js';
import { saleById, saleByReceipt } from '../../../db/queries/sales.js';
import { requirePermission } from '../../services/auth/roles.js';
import { currentCashSession } from '../../services/cash/sessions.js';
import { reprintReceipt } from '../../services/receipts/journal-receipts.js';
import { SaleError } from '../../services/sales/errors.js';
import { sellTickets, type SaleResult } from '../../services/sales/sell.js';
import { voidSale } from '../../services/sales/void.js';
import type { LotteryTerminal } from '../../services/terminal/terminal.js';
import type { CartLineView, CartView, SaleSummaryView } from '../../api/methods/sales.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';
import { openDrawerAfter } from '../drawer.js';
import { printReceipt } from './receipt.js';

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

function cartLines(result: SaleResult, barcodes: readonly string[]): CartLineView[] {
  return result.lines.map((l, i) => ({
    barcode: barcodes[i]?.trim() ?? '',
    game: gameByCode(l.game).code,
    game_name: gameByCode(l.game).name,
    ticket: l.ticket,
    pack: l.pack,
    price_cents: l.price_cents,
  }));
}

function showCart(ctx: AppContext, cart: CartView): void {
  ctx.emit({ type: 'display', display: { kind: 'cart', count: cart.count, total_cents: cart.total_cents } });
}

export const salesHandlers: Handlers = {
  'sale.preview': (ctx, { barcodes }) => {
    const session = requireSession(ctx);
    if (barcodes.length === 0) {
      const empty: CartView = { lines: [], count: 0, total_cents: 0 };
      showCart(ctx, empty);
      return empty;
    }
    const result = dryRun(ctx.terminal, () => sellTickets(ctx.terminal, session, { barcodes, tendered_cents: Number.MAX_SAFE_INTEGER }));
    const cart: CartView = { lines: cartLines(result, barcodes), count: result.lines.length, total_cents: result.total_cents };
    showCart(ctx, cart);
    return cart;
  },

  'sale.complete': async (ctx, { barcodes, tendered_cents }) => {
    const session = requireSession(ctx);
    const result = sellTickets(ctx.terminal, session, { barcodes, tendered_cents });
    ctx.emit({ type: 'display', display: { kind: 'sale', total_cents: result.total_cents, tendered_cents: result.tendered_cents, change_cents: result.change_cents } });
    const receipt = await printReceipt(ctx, result.receipt, { receiptNo: result.receipt_no });
    await openDrawerAfter(ctx, 'sale', result.receipt_no);
    return {
      sale: {
        sale_id: result.sale_id,
        receipt_no: result.receipt_no,
        at: result.at,
        lines: cartLines(result, barcodes),
        total_cents: result.total_cents,
        tendered_cents: result.tendered_cents,
        change_cents: result.change_cents,
      },
      receipt,
    };
  },

  'sale.list': (ctx) => {
    const session = requireSession(ctx);
    requirePermission(session, 'ticket.sell');
    const open = currentCashSession(ctx.terminal);
    if (!open) return { sales: [] };
    const sales: SaleSummaryView[] = [];
    for (const row of journalRowsOfType(ctx.terminal.db, 'sale', open.open_seq).reverse()) {
      const p = JSON.parse(row.payload) as { sale_id: number; receipt_no: number; total_cents: number; lines: { game: string; ticket: string }[] };
      const sale = saleById(ctx.terminal.db, p.sale_id);
      sales.push({
        receipt_no: p.receipt_no,
        at: row.at,
        operator: row.operator ?? '',
        count: p.lines.length,
        total_cents: p.total_cents,
        tickets: p.lines.map((l) => `${gameByCode(l.game).name} ${l.ticket}`),
        voided: sale !== undefined && sale.voided_at !== null,
        void_receipt_no: sale?.void_receipt_no ?? null,
      });
    }
    return { sales };
  },

  'sale.void': async (ctx, { receipt_no, reason }) => {
    const session = requireSession(ctx);
    const result = voidSale(ctx.terminal, session, { receipt_no, reason });
    const receipt = await printReceipt(ctx, result.receipt, { receiptNo: result.receipt_no });
    await openDrawerAfter(ctx, 'void', result.receipt_no);
    return {
      void: { voided_receipt_no: result.voided_receipt_no, receipt_no: result.receipt_no, at: result.at, amount_cents: result.amount_cents, reason: result.reason },
      receipt,
    };
  },

  'sale.reprint': async (ctx, { receipt_no }) => {
    const session = requireSession(ctx);
    if (!saleByReceipt(ctx.terminal.db, receipt_no)) throw new SaleError('no-such-sale', `receipt ${receipt_no} is not a sale made at this terminal`);
    // Journaled with its reprint counter (DUPLICATA n° N) before it prints.
    const { receipt } = reprintReceipt(ctx.terminal, session, receipt_no);
    return printReceipt(ctx, receipt, { receiptNo: receipt_no });
  },
};
