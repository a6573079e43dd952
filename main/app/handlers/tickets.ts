/**
 * Validation and payout handlers: `ticket.check`, `ticket.pay`, `ticket.claim`. The rules are the
 * counter verdict's and the payout service's (main/services/tickets); this file only turns
 * their results into views, draws the ticket as printed with its winning zones, prints the receipt
 * after the commit, and tells the customer display the same verdict at the same moment.
 */
import { renderTicketSvg } from '../../../render/index.js';
import { inventoryBarcode } from '../../../games/ticket-id.js';
import type { GameCode } from '../../../games/types.js';
import type { DisplayView, VerdictView } from '../../api/views.js';
import { payTicket, type PayResult } from '../../services/tickets/pay.js';
import { reprintReceipt } from '../../services/receipts/journal-receipts.js';
import { ServiceError } from '../../services/terminal/errors.js';
import { checkAtCounter, type CounterVerdict } from '../../services/tickets/counter-verdict.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';
import { statusOf } from './core.js';
import { openDrawerAfter } from '../drawer.js';
import { printReceipt } from './receipt.js';

/** Verdicts whose prize the player may see (the hidden code opened the record and nothing refuses the ticket). */
const PRIZE_SHOWN = new Set(['winner', 'above-limit', 'already-paid', 'loser']);

/**
 * The ticket as printed, with its winning zones highlighted — only when the hidden code opened the
 * record (play data known). Goes to the cashier's screen only, never to the customer display.
 */
function pictureOf(ctx: AppContext, v: CounterVerdict, barcode: string): string | null {
  if (v.play === null || v.play === undefined || !v.game || !v.ticket || !v.id) return null;
  try {
    return renderTicketSvg({
      game: v.game as GameCode,
      unit: v.ticket,
      play: v.play,
      barcodes: { inventory: inventoryBarcode(v.id), validation: barcode.replace(/\s+/g, '') },
      showWinning: true,
      locale: ctx.language,
    });
  } catch (err) {
    console.error('guichet: cannot draw the ticket', err);
    return null;
  }
}


/** The view the cashier's screen gets. */
export function verdictView(ctx: AppContext, v: CounterVerdict, barcode: string): VerdictView {
  return {
    verdict: v.verdict,
    barcode: barcode.trim(),
    game: (v.game as GameCode | null) ?? null,
    ticket: v.ticket,
    prize_cents: v.prize_cents,
    winning: v.winning,
    play: v.play ?? null,
    picture_svg: pictureOf(ctx, v, barcode),
    message: v.message,
    ...(v.paid ? { paid: { at: v.paid.at, terminal: v.paid.terminal, receipt_no: v.paid.receipt_no } } : {}),
    ...(v.claim ? { claimed: { at: v.claim.at, terminal: v.claim.terminal, receipt_no: v.claim.receipt_no } } : {}),
    ...(v.pack ? { pack: { number: v.pack.number, state: v.pack.state } } : {}),
    payout_limit_cents: v.payout_limit_cents,
  };
}

/** What the customer display shows for a verdict: the outcome and the prize, never a barcode. */
export function displayOf(v: CounterVerdict): DisplayView {
  return {
    kind: 'verdict',
    verdict: v.verdict,
    prize_cents: PRIZE_SHOWN.has(v.verdict) ? v.prize_cents : null,
    ticket: v.ticket,
  };
}

/** Pays or claims, prints the receipt after the commit, and tells the display and the status bar. */
async function settle(ctx: AppContext, barcode: string, want: 'winner' | 'above-limit') {
  const session = requireSession(ctx);
  // Say plainly why before touching anything: pay is for payable winners, claim for prizes above the limit.
  const before = checkAtCounter(ctx.terminal, session, barcode);
  if (before.verdict !== want) {
    if (before.verdict === 'above-limit' && before.claim) throw new ServiceError('already-claimed', before.message);
    throw new ServiceError(before.verdict, before.message);
  }
  const result: PayResult = payTicket(ctx.terminal, session, barcode);
  if (result.status === 'paid') {
    ctx.emit({ type: 'display', display: { kind: 'paid', prize_cents: result.payout.amount_cents } });
  } else {
    ctx.emit({ type: 'display', display: displayOf(result.verdict) });
  }
  const receiptNo = result.status === 'paid' ? result.payout.receipt_no : result.claim.receipt_no;
  const receipt = await printReceipt(ctx, result.receipt, { receiptNo });
  if (result.status === 'paid') await openDrawerAfter(ctx, 'payout', receiptNo);
  void statusOf(ctx).then(
    (status) => ctx.emit({ type: 'status', status }),
    () => undefined,
  );
  return { verdict: verdictView(ctx, result.verdict, barcode), receipt };
}

export const ticketHandlers: Handlers = {
  'ticket.check': (ctx, { barcode }) => {
    const session = requireSession(ctx);
    const v = checkAtCounter(ctx.terminal, session, barcode);
    const view = verdictView(ctx, v, barcode);
    ctx.emit({ type: 'display', display: displayOf(v) });
    return view;
  },
  'ticket.pay': (ctx, { barcode }) => settle(ctx, barcode, 'winner'),
  'ticket.claim': (ctx, { barcode }) => settle(ctx, barcode, 'above-limit'),
  'receipt.reprint': async (ctx, { receipt_no }) => {
    // Journaled as 'receipt.reprint' with its counter before printing; only who may make that kind of receipt.
    const { receipt } = reprintReceipt(ctx.terminal, requireSession(ctx), receipt_no);
    return printReceipt(ctx, receipt, { receiptNo: receipt_no });
  },
};
