/**
 * Validation and payout as every host does them: the counter verdict (told to the customer display),
 * and paying or claiming (above the payout limit a winner is claimed, never paid here), with the
 * receipt, the drawer after a payout, and the display and status bar told after the commit.
 */
import type { DisplayView } from '../../../common/api/views.js';
import type { OperatorSession } from '../auth/session.js';
import { terminalStatus } from '../terminal/status.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { claimAtCentral, type ClaimOptions } from '../sync/claim.js';
import { offlineLimitReached, type OfflineLimitReached } from '../sync/offline-limits.js';
import { fileUnreachableClaim } from './claim-receipt.js';
import { checkTrustedClock } from '../sync/trusted-clock.js';
import { checkAtCounter, CounterChecker, type CounterVerdict } from './counter-verdict.js';
import { parseBarcode, type UnitId } from '../../../games/ticket-id.js';
import { centralRefusalOf, forgetCentralRefusal, keepCentralRefusal, refusalOf, verdictRefusal } from './central-refusals.js';
import { PayoutError } from './pay-errors.js';
import { payTicket, type PayResult } from './pay.js';
import { openDrawerAfter, printReceipt, type AfterCommit } from '../receipts/after-commit.js';
import type { ActDone } from '../sales/acts.js';

/** Verdicts whose prize the player may see (the hidden code opened the record and nothing refuses the ticket). */
const PRIZE_SHOWN = new Set(['winner', 'above-limit', 'already-paid', 'loser']);

/** The code read is a ticket's inventory barcode (its back), not a validation barcode. */
function isInventoryCode(barcode: string): boolean {
  try {
    return parseBarcode(barcode.replace(/\s+/g, '')).kind === 'inventory';
  } catch {
    return false;
  }
}

/**
 * What the customer display shows for a verdict: the outcome and the prize, never a barcode. An
 * inventory barcode is said as such (scratch the ticket first), as the cashier's screen says it, not
 * as a misread.
 */
export function displayOf(v: CounterVerdict, barcode?: string): DisplayView {
  // A winner of a game the lottery suspended: the player is told so, not "winner" (#41).
  if (v.suspended) return { kind: 'refused', reason: 'game-suspended' };
  return {
    kind: 'verdict',
    verdict: v.verdict,
    prize_cents: PRIZE_SHOWN.has(v.verdict) ? v.prize_cents : null,
    ticket: v.ticket,
    ...(v.verdict === 'malformed' && barcode !== undefined && isInventoryCode(barcode) ? { scratch_first: true as const } : {}),
  };
}

/** The counter verdict on a validation barcode, shown on the customer display at the same moment. */
export function checkTicket(t: LotteryTerminal, session: OperatorSession, barcode: string, after: AfterCommit): CounterVerdict {
  const v = checkAtCounter(t, session, barcode);
  after.emit?.({ type: 'display', display: displayOf(v, barcode) });
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
  claimOptions?: ClaimOptions,
): Promise<ActDone<PayResult>> {
  // One checker for the whole act: the outcome file is opened and its signature checked once, the
  // ticket's record unsealed and its play rebuilt once; the terminal's state is read at each step
  // (the payment reads it again under the write lock).
  const checker = new CounterChecker(t, { oneAct: true });
  let result: PayResult;
  try {
    let before: CounterVerdict | undefined;
    if (expect) {
      before = checker.check(session, barcode);
      if (before.verdict !== expect) {
        if (before.verdict === 'above-limit' && before.claim) throw new PayoutError('already-claimed', before.message, before);
        throw verdictRefusal(t, before);
      }
    }
    const clock = checkTrustedClock(t);
    if (clock) throw new PayoutError('clock-back', `no payout on a clock that went backwards: ${clock}; call the technician`, null);
    let central: Awaited<ReturnType<typeof centralGate>>;
    try {
      central = await centralGate(t, barcode, before ?? checker.verdictOf(barcode), claimOptions);
    } catch (err) {
      if (err instanceof CentralUnreachablePayout) await refuseWithClaimReceipt(t, session, after, err);
      else if (err instanceof PayoutError && (err.code === 'paid-elsewhere' || err.code === 'claimed-elsewhere' || err.code === 'pack-elsewhere-offline')) after.emit?.({ type: 'display', display: { kind: 'refused', reason: err.code } });
      throw err;
    }
    result = payTicket(t, session, barcode, { checker, ...(central ? { central } : {}) });
  } finally {
    checker.close();
  }
  after.emit?.({ type: 'display', display: result.status === 'paid' ? { kind: 'paid', prize_cents: result.payout.amount_cents, ...(result.pending_central ? { pending: true } : {}) } : displayOf(result.verdict) });
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

/**
 * Central did not answer and the prize is beyond the offline limits: code 'central-unreachable', with
 * the limit reached; payOrClaim prints a claim receipt the player brings back.
 */
export class CentralUnreachablePayout extends PayoutError {
  override name = 'CentralUnreachablePayout';
  /** The claim receipt's number once printed. */
  claim_receipt_no: number | null = null;
  constructor(
    message: string,
    verdict: CounterVerdict,
    readonly reached: OfflineLimitReached,
    readonly reason: string,
  ) {
    // The screens say it in their own words: a payout (a claim receipt), and which limit was reached.
    super('central-unreachable', message, verdict, { payout: true, limit: reached.limit, ...(reached.limit === 'ticket' || reached.limit === 'total' ? { max_cents: reached.max } : { max: reached.max }) });
  }
}

/** Files and prints the claim receipt of a winner refused for want of central; the error then names it. */
async function refuseWithClaimReceipt(t: LotteryTerminal, session: OperatorSession, after: AfterCommit, err: CentralUnreachablePayout): Promise<void> {
  const filed = fileUnreachableClaim(t, session, err.verdict as CounterVerdict, err.reached, err.reason);
  err.claim_receipt_no = filed.receipt_no;
  err.message = `${err.message} (claim receipt ${filed.receipt_no})`;
  after.emit?.({ type: 'display', display: { kind: 'refused', reason: 'central-unreachable' } });
  await printReceipt(t, after, filed.receipt, { receiptNo: filed.receipt_no });
}

/** Central's verdicts that forbid paying, as the counter's codes. */
const REFUSED_BY_CENTRAL = {
  not_winner: 'loser',
  expired: 'expired',
  pack_not_active: 'pack-not-active',
  stop_listed: 'stop-listed',
  unknown_ticket: 'unknown-ticket',
  not_sold: 'not-sold',
  central_restoring: 'central-restoring',
} as const;

/**
 * One ticket, one payment: an enrolled terminal claims a winner at central before paying it (nothing is
 * held locally meanwhile). Answers how central agreed, or throws the PayoutError that forbids paying:
 * 'already-paid' (here), 'paid-elsewhere' (which terminal, when), central's refusals — paid or held
 * elsewhere are kept (central-refusals.ts) and refused again with the same words while central does not answer —, or
 * 'central-unreachable' when central did not answer in time and the prize is beyond the offline limits,
 * 'pack-elsewhere-offline' when central did not answer for a ticket of a pack this terminal does not know
 * (another retailer's: the offline allowance covers only the shop's own packs). `local` is the act's counter verdict on the ticket.
 */
export async function centralGate(
  t: LotteryTerminal,
  barcode: string,
  local: CounterVerdict,
  options: ClaimOptions = {},
): Promise<{ claim_key?: string; offline?: boolean } | null> {
  // payTicket refuses it (a suspended game's winner too: central is not asked to hold it), or files the claim above the limit.
  if (local.verdict !== 'winner' || local.suspended) return null;
  const claim = await claimAtCentral(t, barcode, options);
  switch (claim.kind) {
    case 'not-enrolled':
      return null;
    case 'refused':
      throw new PayoutError('central-refused', `central refused the claim: ${claim.message}`, local);
    case 'unreachable': {
      // Central said before that it is paid, or held by another terminal: refused offline as it was online (issue 41).
      const told = centralRefusalOf(t, local.id as UnitId);
      if (told) throw refusalOf(t, told, local);
      // Another retailer's pack (this terminal does not know it): only central says whether it is payable (#19).
      if (local.pack?.state === 'not-received') {
        throw new PayoutError('pack-elsewhere-offline', `central does not answer and pack ${local.pack.number} is not known at this shop: only central can validate it, do not pay; try again once central answers`, local, { pack: local.pack.number });
      }
      const why = offlineLimitReached(t, local.prize_cents as number);
      if (why) throw new CentralUnreachablePayout(`central does not answer and ${why.message}: do not pay; give the player the claim receipt to bring back`, local, why.reached, why.message);
      return { claim_key: claim.claim_key, offline: true };
    }
    case 'answer': {
      const a = claim.answer;
      if (a.verdict === 'claimed') {
        forgetCentralRefusal(t, local.id as UnitId);
        return { claim_key: claim.claim_key };
      }
      if (a.verdict === 'already_paid' || a.verdict === 'held_elsewhere') throw refusalOf(t, keepCentralRefusal(t, local.id as UnitId, { ...a, verdict: a.verdict }), local);
      throw new PayoutError(REFUSED_BY_CENTRAL[a.verdict], `central: ${a.message}`, local);
    }
  }
}
