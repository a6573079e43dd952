/** Selling: translates the API into the sale acts (main/services/sales/acts.ts) and their results into views. */
import { gameByCode } from '../../../games/index.js';
import { previewCart, reprintSale, sell, voidSaleAct } from '../../services/sales/acts.js';
import { abandon, currentCart, setCart, type CartState } from '../../services/sales/cart-acts.js';
import { clearCart } from '../../services/sales/cart.js';
import { sessionSales } from '../../services/sales/session-sales.js';
import type { SaleResult } from '../../services/sales/sell.js';
import type { BasketView, CartLineView, CartView } from '../../../common/api/methods/sales.js';
import type { GameCode } from '../../../games/types.js';
import { addPrize, completeBasketAct, currentBasket, setBasketAsking, type BasketState } from '../../services/sales/basket-acts.js';
import { afterCommitOf } from '../after-commit.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

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

function cartView(state: CartState): CartView {
  const { result, barcodes } = state;
  return result ? { lines: cartLines(result, barcodes), count: result.lines.length, total_cents: result.total_cents } : { lines: [], count: 0, total_cents: 0 };
}

function basketView(b: BasketState): BasketView {
  const paper = b.paper ? cartView({ barcodes: b.barcodes, result: b.paper }) : { lines: [], count: 0, total_cents: 0 };
  return {
    ...paper,
    basket_id: b.basket_id,
    digital: b.digital_lines.map((d) => ({ game: d.game as GameCode, game_name: gameByCode(d.game).name, price_cents: d.price_cents })),
    prizes: b.prize_lines.map((p) => ({ barcode: p.barcode, game: p.game as GameCode, game_name: gameByCode(p.game).name, ticket: p.ticket, amount_cents: p.amount_cents })),
    purchases_cents: b.purchases_cents,
    prizes_cents: b.prizes_cents,
  };
}

export const salesHandlers: Handlers = {
  'basket.get': (ctx) => basketView(currentBasket(ctx.terminal, requireSession(ctx), afterCommitOf(ctx))),
  'basket.set': async (ctx, input) => basketView(await setBasketAsking(ctx.terminal, requireSession(ctx), input, afterCommitOf(ctx))),
  'basket.add-prize': (ctx, { barcode }) => basketView(addPrize(ctx.terminal, requireSession(ctx), barcode, afterCommitOf(ctx))),
  'basket.complete': async (ctx, input) => {
    const { result, receipt } = await completeBasketAct(ctx.terminal, requireSession(ctx), input, afterCommitOf(ctx));
    return {
      basket: {
        basket_id: result.basket_id,
        receipt_no: result.receipt_no,
        at: result.at,
        purchases_cents: result.purchases_cents,
        prizes_cents: result.prizes_cents,
        tendered_cents: result.tendered_cents,
        change_cents: result.change_cents,
        digital: result.digital.map((d) => ({ game: d.game as GameCode, number: d.number, validation_barcode: d.validation_barcode, sale_key: d.sale_key })),
        replayed: result.replayed,
      },
      receipt,
    };
  },

  'cart.get': (ctx) => cartView(currentCart(ctx.terminal, requireSession(ctx), afterCommitOf(ctx))),
  'cart.set': (ctx, { barcodes }) => cartView(setCart(ctx.terminal, requireSession(ctx), barcodes, afterCommitOf(ctx))),
  'cart.abandon': (ctx) => ({ abandoned: abandon(ctx.terminal, requireSession(ctx), afterCommitOf(ctx)) }),

  'sale.preview': (ctx, { barcodes }) => {
    const result = previewCart(ctx.terminal, requireSession(ctx), barcodes, afterCommitOf(ctx));
    return result ? { lines: cartLines(result, barcodes), count: result.lines.length, total_cents: result.total_cents } : { lines: [], count: 0, total_cents: 0 };
  },

  'sale.complete': async (ctx, { barcodes, tendered_cents }) => {
    const { result, receipt } = await sell(ctx.terminal, requireSession(ctx), { barcodes, tendered_cents }, afterCommitOf(ctx));
    clearCart(ctx.terminal); // the sale took the cart in progress
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

  'sale.list': (ctx) => ({ sales: sessionSales(ctx.terminal, requireSession(ctx)) }),

  'sale.void': async (ctx, { receipt_no, reason, lines }) => {
    const { result, receipt } = await voidSaleAct(ctx.terminal, requireSession(ctx), { receipt_no, reason, ...(lines ? { lines } : {}) }, afterCommitOf(ctx));
    return {
      void: { voided_receipt_no: result.voided_receipt_no, receipt_no: result.receipt_no, at: result.at, amount_cents: result.amount_cents, reason: result.reason, lines: result.lines },
      receipt,
    };
  },

  'sale.reprint': (ctx, { receipt_no }) => reprintSale(ctx.terminal, requireSession(ctx), receipt_no, afterCommitOf(ctx)),
};
