/**
 * Cash sessions as every host does them: the status, the X report (on paper if asked), the closing
 * (its Z report printed after the commit) and the Z reprint.
 */
import { closedSessionRow } from '../../../db/queries/sessions.js';
import { operatorById } from '../../../db/queries/operators.js';
import type { CashStatusView } from '../../../common/api/methods/cash.js';
import type { ReceiptView } from '../../../common/api/views.js';
import type { OperatorSession } from '../auth/session.js';
import type { CashReport } from './report.js';
import { cashLines, reportReceipt } from './report-receipt.js';
import { closeCashSession, currentCashSession, xReport, zReport, type CloseInput } from './sessions.js';
import { asReprint } from '../receipts/reprint.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { printReceipt, type AfterCommit } from '../receipts/after-commit.js';

/** The open cash session (who opened it, the float) and the last Z number; no amounts taken in. */
export function cashStatus(t: LotteryTerminal): CashStatusView {
  const open = currentCashSession(t);
  return {
    open: open
      ? { id: open.id, opened_at: open.opened_at, opened_by: operatorById(t.db, open.opened_by)?.name ?? `#${open.opened_by}`, float_cents: open.float_cents }
      : null,
    last_z: closedSessionRow(t.db)?.z_number ?? null,
  };
}

export interface ReportDone {
  readonly report: CashReport;
  /** Null when it was not asked to print. */
  readonly receipt: ReceiptView | null;
}

function printReport(t: LotteryTerminal, after: AfterCommit, r: CashReport, reprint = false): Promise<ReceiptView> {
  const doc = reportReceipt(r);
  return printReceipt(t, after, reprint ? asReprint(doc) : doc, { receiptNo: null, extraLines: cashLines(r, after.language) });
}

/** The X report of the open session; printed when asked. */
export async function xReportAct(t: LotteryTerminal, session: OperatorSession, print: boolean, after: AfterCommit): Promise<ReportDone> {
  const report = xReport(t, session);
  return { report, receipt: print ? await printReport(t, after, report) : null };
}

/** Closes the cash session with the counted cash; the Z report prints after the commit. */
export async function closeSession(t: LotteryTerminal, session: OperatorSession, input: CloseInput, after: AfterCommit): Promise<ReportDone & { readonly receipt: ReceiptView }> {
  const report = closeCashSession(t, session, input);
  return { report, receipt: await printReport(t, after, report) };
}

/** A stored Z report (the last, or number `number`), reprinted as a duplicate when asked. */
export async function zReportAct(t: LotteryTerminal, session: OperatorSession, options: { number?: number; print: boolean }, after: AfterCommit): Promise<ReportDone> {
  const report = zReport(t, session, options.number === undefined ? {} : { number: options.number });
  return { report, receipt: options.print ? await printReport(t, after, report, true) : null };
}
