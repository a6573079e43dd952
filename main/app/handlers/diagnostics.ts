/** Diagnostics: report, printer status and test page, integrity check, support bundle. Technicians and managers. */
import { hostname } from 'node:os';
import type { IntegrityView } from '../../../common/api/methods/diagnostics.js';
import { authorize } from '../../services/auth/authorize.js';
import { writeSupportBundle } from '../../services/diagnostics/bundle.js';
import { IntegrityCheck } from '../../services/diagnostics/integrity.js';
import { diagnosticsReport, printerView } from '../../services/diagnostics/report.js';
import type { TestPage } from '../../services/receipts/types.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';
import { printReceipt } from '../../services/receipts/after-commit.js';
import { afterCommitOf } from '../after-commit.js';

/** The integrity check of each application (one at a time), kept to be polled and put in the bundle. */
const checks = new WeakMap<AppContext, IntegrityCheck>();

function reportContext(ctx: AppContext) {
  return { terminal: ctx.terminal, devices: ctx.devices, host: ctx.host, version: ctx.version };
}

function lastIntegrity(ctx: AppContext): IntegrityView | null {
  return checks.get(ctx)?.view() ?? null;
}

export const diagnosticsHandlers: Handlers = {
  'diagnostics.report': (ctx) => diagnosticsReport(reportContext(ctx), requireSession(ctx)),
  'diagnostics.printer-status': async (ctx) => {
    authorize(ctx.terminal, requireSession(ctx), 'diagnostics.run');
    const view = await printerView(ctx.devices.printer);
    if (view) ctx.emit({ type: 'printer', printer: view });
    return view;
  },
  'diagnostics.test-page': async (ctx) => {
    const session = requireSession(ctx);
    authorize(ctx.terminal, session, 'diagnostics.run');
    const printer = ctx.devices.printer;
    const status = printer ? await printerView(printer) : null;
    const time = ctx.terminal.now();
    const page: TestPage = {
      kind: 'test-page',
      terminalId: ctx.terminal.id || hostname(),
      operator: session.name,
      time,
      receiptNumber: `TEST-${time.replace(/\D/g, '').slice(0, 14)}`,
      duplicate: false,
      reprintCount: 0,
      printerUri: printer?.uri ?? '-',
      printerStatus: status && (status.reported || status.online) ? status : null,
      softwareVersion: ctx.version,
    };
    return printReceipt(ctx.terminal, afterCommitOf(ctx), page, { receiptNo: null });
  },
  'diagnostics.integrity-start': (ctx) => {
    const running = checks.get(ctx);
    if (running?.running) return running.view();
    const check = IntegrityCheck.start(ctx.terminal, requireSession(ctx));
    checks.set(ctx, check);
    return check.view();
  },
  'diagnostics.integrity': (ctx) => {
    authorize(ctx.terminal, requireSession(ctx), 'diagnostics.run');
    return lastIntegrity(ctx);
  },
  'diagnostics.bundle': async (ctx) => {
    const { report: _report, ...bundle } = await writeSupportBundle({ ...reportContext(ctx), integrity: lastIntegrity(ctx) }, requireSession(ctx));
    return bundle;
  },
};
