/**
 * The retailer's account on the cash screen: the manager sees the current and the last week's
 * statements as central computed them, and can print one (a receipt without a number: it moves no money).
 */
import type { RetailerStatement, StatementAnswer } from '../../../common/protocol/index.js';
import type { ReceiptView } from '../../../common/api/views.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import type { StatementReceipt } from '../receipts/types.js';
import { CentralAnswerError, CentralUnreachableError } from '../sync/client.js';
import { SyncError } from '../sync/errors.js';
import { fetchStatements } from '../sync/statement.js';
import { ServiceError } from '../../kernel/errors.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { printReceipt, type AfterCommit } from '../receipts/after-commit.js';

export interface StatementsDone {
  readonly statements: StatementAnswer;
  /** Null when no print was asked. */
  readonly receipt: ReceiptView | null;
}

/** The receipt document of a statement. */
export function statementReceipt(t: LotteryTerminal, session: OperatorSession, s: RetailerStatement): StatementReceipt {
  return {
    kind: 'statement',
    terminalId: t.id,
    operator: session.name,
    time: t.now(),
    receiptNumber: s.week,
    duplicate: false,
    reprintCount: 0,
    retailer: s.retailer,
    week: s.week,
    periodStart: s.from,
    periodEnd: s.to,
    sales: { count: s.sales.count, amountCents: s.sales.amount_cents },
    voids: { count: s.voids.count, amountCents: s.voids.amount_cents },
    payouts: { count: s.payouts.count, amountCents: s.payouts.amount_cents },
    claims: { count: s.claims.count, amountCents: s.claims.amount_cents },
    netSalesCents: s.net_sales_cents,
    salesCommissionBp: s.commission_rates.sales_bp,
    cashingCommissionBp: s.commission_rates.cashing_bp,
    salesCommissionCents: s.commissions.sales_cents,
    cashingCommissionCents: s.commissions.cashing_cents,
    settledPacks: { count: s.settled_packs.count, amountCents: s.settled_packs.value_cents },
    adjustmentsCents: s.adjustments.amount_cents,
    chargebacks: { count: s.adjustments.chargebacks.count, amountCents: s.adjustments.chargebacks.amount_cents },
    amountDueCents: s.amount_due_cents,
  };
}

/** Manager ('report.x'): the statements from central; `print` prints the current or the previous one. */
export async function statementsAct(t: LotteryTerminal, session: OperatorSession, print: 'current' | 'previous' | undefined, after: AfterCommit): Promise<StatementsDone> {
  authorize(t, session, 'report.x');
  let statements: StatementAnswer;
  try {
    statements = await fetchStatements(t);
  } catch (err) {
    if (err instanceof SyncError && err.code === 'not-enrolled') throw new ServiceError('statement-not-enrolled', 'this terminal is not enrolled with a central: statements come from the lottery');
    if (err instanceof CentralUnreachableError) throw new ServiceError('statement-unreachable', `the lottery's central does not answer: ${err.message}`);
    if (err instanceof CentralAnswerError) throw new ServiceError('statement-refused', `central refused: ${err.message}`, { reason: err.reason });
    throw err;
  }
  const receipt = print ? await printReceipt(t, after, statementReceipt(t, session, statements[print]), { receiptNo: null }) : null;
  return { statements, receipt };
}
