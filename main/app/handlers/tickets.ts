/**
 * Validation and payout handlers: `ticket.check`, `ticket.pay`, `ticket.claim`. The acts, with their
 * after-commit steps, are main/services/tickets/acts.ts; this file only turns their results into
 * views and draws the ticket as printed with its winning zones for the cashier's screen (after a
 * check only: no screen shows it after a payout).
 */
import { renderTicketSvg } from '../../../render/index.js';
import { inventoryBarcode } from '../../../games/ticket-id.js';
import type { GameCode } from '../../../games/types.js';
import type { VerdictView } from '../../../common/api/views.js';
import { reprint } from '../../services/sales/acts.js';
import { checkTicket, payOrClaim } from '../../services/tickets/acts.js';
import type { CounterVerdict, OfflineVerdict } from '../../services/tickets/counter-verdict.js';
import { afterCommitOf } from '../after-commit.js';
import { operatorView } from '../status.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

/**
 * The ticket as printed, with its winning zones highlighted — only when the hidden code opened the
 * record (play data known). Goes to the cashier's screen only, never to the customer display. Its
 * annotations are in the screen's language: the operator's own at the counter (issue 14, finding 3),
 * the terminal's with nobody logged in (the self-check kiosk); receipts keep the terminal's.
 */
export function pictureOf(ctx: AppContext, v: CounterVerdict, barcode: string, options: { readonly maskValidation?: boolean } = {}): string | null {
  if (v.play === null || v.play === undefined || !v.game || !v.ticket || !v.id) return null;
  try {
    return renderTicketSvg({
      game: v.game as GameCode,
      unit: v.ticket,
      play: v.play,
      barcodes: { inventory: inventoryBarcode(v.id), validation: barcode.replace(/\s+/g, '') },
      showWinning: true,
      locale: operatorView(ctx)?.language ?? ctx.language,
      ...(options.maskValidation ? { maskValidation: true } : {}),
    });
  } catch (err) {
    console.error('guichet: cannot draw the ticket', err);
    return null;
  }
}


/**
 * The view the cashier's screen gets. The ticket's picture is drawn only for a check (the validation
 * screen shows it beside the verdict); after a payout or a claim the screen shows the receipt instead,
 * so `picture: false` leaves it out (`picture_svg: null`).
 */
export function verdictView(ctx: AppContext, v: CounterVerdict, barcode: string, options: { readonly picture?: boolean } = {}): VerdictView {
  return {
    verdict: v.verdict,
    barcode: barcode.trim(),
    game: (v.game as GameCode | null) ?? null,
    ticket: v.ticket,
    prize_cents: v.prize_cents,
    winning: v.winning,
    play: v.play ?? null,
    picture_svg: options.picture === false ? null : pictureOf(ctx, v, barcode),
    message: v.message,
    ...(v.paid ? { paid: { at: v.paid.at, terminal: v.paid.terminal, receipt_no: v.paid.receipt_no } } : {}),
    ...(v.suspended ? { suspended: true as const } : {}),
    ...(v.claim ? { claimed: { at: v.claim.at, terminal: v.claim.terminal, receipt_no: v.claim.receipt_no } } : {}),
    ...(v.pack ? { pack: { number: v.pack.number, state: v.pack.state } } : {}),
    payout_limit_cents: v.payout_limit_cents,
    ...(v.offline ? { offline: offlineView(v.offline) } : {}),
  };
}

/** The offline state of a winner's verdict as the screen gets it. */
function offlineView(o: OfflineVerdict): NonNullable<VerdictView['offline']> {
  return {
    max_ticket_cents: o.max_ticket_cents,
    left_total_cents: o.left_total_cents,
    left_count: o.left_count,
    left_hours: o.left_hours,
    ...(o.reached ? { reached: { limit: o.reached.limit, max: o.reached.max } } : {}),
  };
}

/** Pays or claims (main/services/tickets/acts.ts) and turns the result into the cashier's view. */
async function settle(ctx: AppContext, barcode: string, expect: 'winner' | 'above-limit') {
  const { result, receipt } = await payOrClaim(ctx.terminal, requireSession(ctx), barcode, afterCommitOf(ctx), expect);
  return { verdict: verdictView(ctx, result.verdict, barcode, { picture: false }), receipt, ...(result.status === 'paid' && result.pending_central ? { pending_central: true } : {}) };
}

export const ticketHandlers: Handlers = {
  'ticket.check': (ctx, { barcode }) => {
    const v = checkTicket(ctx.terminal, requireSession(ctx), barcode, afterCommitOf(ctx));
    return verdictView(ctx, v, barcode);
  },
  'ticket.pay': (ctx, { barcode }) => settle(ctx, barcode, 'winner'),
  'ticket.claim': (ctx, { barcode }) => settle(ctx, barcode, 'above-limit'),
  // Journaled as 'receipt.reprint' with its counter before printing; only who may make that kind of receipt.
  'receipt.reprint': (ctx, { receipt_no }) => reprint(ctx.terminal, requireSession(ctx), receipt_no, afterCommitOf(ctx)),
};
