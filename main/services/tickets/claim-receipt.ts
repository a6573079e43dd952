/**
 * The claim receipt of a winner that could not be paid: central did not answer the claim and the prize
 * is beyond the offline limits central set. Nothing is paid and nothing is held; the entry
 * 'claim.receipt' (with its receipt number and the limit reached) goes to central with the journal,
 * which lists it (`guichet central claims`). The player brings the receipt and the ticket back.
 */
import type { UnitId } from '../../../games/ticket-id.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { inTransaction } from '../../kernel/transaction.js';
import { record } from '../../kernel/record.js';
import type { ClaimReceipt } from '../receipts/types.js';
import type { OfflineLimitReached } from '../sync/offline-limits.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { CounterVerdict } from './counter-verdict.js';
import { claimReceipt } from './pay-receipts.js';

export interface FiledClaimReceipt {
  readonly receipt_no: number;
  readonly seq: number;
  readonly receipt: ClaimReceipt;
}

/** Journals 'claim.receipt' for a winner `v` refused because `reached` (permission 'payout.pay'). */
export function fileUnreachableClaim(t: LotteryTerminal, session: OperatorSession, v: CounterVerdict, reached: OfflineLimitReached, reason: string): FiledClaimReceipt {
  const id = v.id as UnitId;
  const amount = v.prize_cents as number;
  const ticket = v.ticket as string;
  return inTransaction(t, () => {
    authorize(t, session, 'payout.pay');
    const r = record(t, {
      type: 'claim.receipt',
      operator: session,
      payload: {
        ticket, game: id.game, emission: id.emission, block: id.block, unit: id.unit, amount_cents: amount, payout_limit_cents: v.payout_limit_cents,
        reason: `central unreachable: ${reason}`,
        offline_limit: { ...reached },
      },
      receipt: true,
    });
    const receipt_no = r.receipt_no as number;
    const receipt = claimReceipt({
      terminal: t.id, operator: session.name, at: r.at, receipt_no, game: id.game, ticket, amount_cents: amount, payout_limit_cents: v.payout_limit_cents,
      reason: 'central-unreachable', offline_limit: reached,
    });
    return { receipt_no, seq: r.seq, receipt };
  });
}
