/**
 * Validation and payout as every host does them: the counter verdict (told to the customer display),
 * and paying or claiming (above the payout limit a winner is claimed, never paid here), with the
 * receipt, the drawer after a payout, and the display and status bar told after the commit.
 */
import type { DisplayView } from '../../api/views.js';
import type { OperatorSession } from '../auth/session.js';
import { terminalStatus } from '../terminal/status.js';
import type { LotteryTerminal } from '../terminal/terminal.js';
import { checkAtCounter, type CounterVerdict } from '../tickets/counter-verdict.js';
import { PayoutError } from '../tickets/pay-errors.js';
import { payTicket, type PayResult } from '../tickets/pay.js';
import { openDrawerAfter, printReceipt, type AfterCommit } from './after-commit.js';
import type { ActDone } from './sales.js';

/** Verdicts whose prize the player may see (the hidden code opened the record and nothing refuses the ticket). */
const PRIZE_SHOWN = new Set(['winner', 'above-limit', 'already-paid', 'loser']);

/** What the customer display shows for a verdict: the outcome and the prize, never a barcode. */
export function displayOf(v: CounterVerdict): DisplayView {
  return {
    kind: 'verdict',
    verdict: v.verdict,
    prize_cents: PRIZE_SHOWN.has(v.verdict) ? v.prize_cents : null,
    ticket: v.ticket,
  };
}

/** The counter verdict on a validation barcode, shown on the customer display at the same moment. */
export function checkTicket(t: LotteryTerminal, session: OperatorSession, barcode: string, after: AfterCommit): CounterVerdict {
  const v = checkAtCounter(t, session, barcode);
  after.emit?.({ type: 'display', display: displayOf(v) });
  return v;
}

/**
 * Pays a winner or files the claim of a winner above the payout limit. With `expect`, only that
 * outcome is allowed ('winner': pay, 'above-limit': claim) and anything else is refused before
 * anything changes, with a PayoutError carrying the verdict; without it the verdict decides.
 */
export async function payOrClaim(
  t: LotteryTerminal,
  session: OperatorSession,
  barcode: string,
  after: AfterCommit,
  expect?: 'winner' | 'above-limit',
): Promise<ActDone<PayResult>> {
  if (expect) {
    const before = checkAtCounter(t, session, barcode);
    if (before.verdict !== expect) {
      if (before.verdict === 'above-limit' && before.claim) throw new PayoutError('already-claimed', before.message, before);
      throw new PayoutError(before.verdict, before.message, before);
    }
  }
  const result = payTicket(t, session, barcode);
  after.emit?.({ type: 'display', display: result.status === 'paid' ? { kind: 'paid', prize_cents: result.payout.amount_cents } : displayOf(result.verdict) });
  const receiptNo = result.status === 'paid' ? result.payout.receipt_no : result.claim.receipt_no;
  const receipt = await printReceipt(t, after, result.receipt, { receiptNo });
  const drawer = result.status === 'paid' ? await openDrawerAfter(t, session, after, 'payout', receiptNo) : null;
  const emit = after.emit;
  if (emit) {
    void terminalStatus(t, session, after.printer).then(
      (status) => emit({ type: 'status', status }),
      () => undefined,
    );
  }
  return { result, receipt, drawer };
}
