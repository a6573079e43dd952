/**
 * What happens once an act's state change is committed, the same for every host: the receipt prints,
 * the cash drawer opens after a cash sale, payout or void (journaled before the pulse), and the
 * customer display and status bar are told. A device that fails never undoes anything: the receipt
 * comes back `printed: false` with the reason (so the operator can reprint), the drawer result says
 * `opened: false`, and the printer's trouble goes to the status bar.
 *
 * Hosts hand in an {@link AfterCommit} port: the kiosk its devices and event bus; the CLI the
 * `--printer` it was given (and its drawer port), with no screen to tell.
 */
import type { AppEvent } from '../../../common/api/events.js';
import type { Language, ReceiptView } from '../../../common/api/views.js';
import type { CashDrawer, DrawerOpenReason, DrawerOpenResult } from '../../devices/drawer.js';
import type { LayoutLine } from '../../devices/print-layout.js';
import type { Printer } from '../../devices/printer.js';
import type { OperatorSession } from '../auth/session.js';
import { openDrawerFor } from '../cash/drawer.js';
import { receiptLayout } from './layout.js';
import type { Receipt } from './types.js';
import { printerStatusView } from '../terminal/status.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** The devices and the event sink an act uses after its commit. */
export interface AfterCommit {
  /** The receipt printer; null when the host has none (the receipt is then reported not printed). */
  readonly printer: Printer | null;
  /** The cash drawer (through the printer's drawer port); null when there is none. */
  readonly drawer: CashDrawer | null;
  /** The language receipts are printed in. */
  readonly language: Language;
  /** Customer display, status bar and late-receipt events; absent for a host without a screen (CLI). */
  emit?(event: AppEvent): void;
  /**
   * How long the act waits for the printer before answering `pending: true` (the outcome then follows
   * as a `receipt` event). Default {@link PRINT_WAIT_MS}; `Infinity` waits for the printer (CLI).
   */
  readonly printWaitMs?: number;
}

/** An AfterCommit with no devices and no one to tell (e.g. a CLI command run without `--printer`). */
export const NO_DEVICES: AfterCommit = { printer: null, drawer: null, language: 'fr' };

/** How long a screen waits for the printer before it is told "printing…" and gets on with the next customer. */
export const PRINT_WAIT_MS = 1500;

export interface PrintOptions {
  /** The receipt number shown in the view (null for reports). */
  readonly receiptNo: number | null;
  /** Lines added at the end of the body (before the cut), e.g. a report's cash count. */
  readonly extraLines?: readonly LayoutLine[];
}

/** What a virtual printer keeps of each job (see native/printer/virtual-printer.ts); real printers keep nothing. */
interface KeptJobs {
  readonly receipts?: readonly { readonly png?: Uint8Array }[];
}

function keptJobs(printer: unknown): readonly { readonly png?: Uint8Array }[] | undefined {
  const jobs = (printer as KeptJobs).receipts;
  return Array.isArray(jobs) ? jobs : undefined;
}

/** Tells the status bar what the printer says, when it failed a job or a drawer pulse. */
function reportPrinterTrouble(after: AfterCommit): void {
  if (!after.emit) return;
  void printerStatusView(after.printer).then(
    (printer) => printer && after.emit?.({ type: 'printer', printer }),
    () => undefined,
  );
}

let jobs = 0;

async function printNow(after: AfterCommit, receipt: Receipt, options: PrintOptions, base: Omit<ReceiptView, 'printed'>): Promise<ReceiptView> {
  const printer = after.printer;
  if (!printer) return { ...base, printed: false, error: 'no receipt printer is set up' };
  try {
    const layout = receiptLayout(receipt, { language: after.language });
    const lines = options.extraLines?.length ? [...layout.lines, ...options.extraLines] : layout.lines;
    const before = keptJobs(printer)?.length ?? 0;
    await printer.printLayout({ ...layout, lines });
    const kept = keptJobs(printer);
    const png = kept && kept.length > before ? kept[kept.length - 1]?.png : undefined;
    return { ...base, printed: true, ...(png ? { picture: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } : {}) };
  } catch (err) {
    reportPrinterTrouble(after);
    return { ...base, printed: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Lays out and prints `receipt` in the port's language. Resolves with what happened, never rejects for
 * a device problem; a virtual printer's picture comes back as a PNG data URL. No screen waits on a
 * device: when the printer takes longer than `printWaitMs`, this resolves with `pending: true`, and
 * the outcome follows as a `receipt` event with the same `job`.
 */
export async function printReceipt(t: LotteryTerminal, after: AfterCommit, receipt: Receipt, options: PrintOptions): Promise<ReceiptView> {
  const base = { receipt_no: options.receiptNo, kind: receipt.kind, job: `${t.id}/${Date.now().toString(36)}/${++jobs}` };
  const printing = printNow(after, receipt, options, base);
  const waitMs = after.printWaitMs ?? PRINT_WAIT_MS;
  if (!Number.isFinite(waitMs)) return printing;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const first = await Promise.race([printing, late]);
  clearTimeout(timer);
  if (first) return first;
  void printing.then((done) => after.emit?.({ type: 'receipt', receipt: done }));
  return { ...base, printed: false, pending: true };
}

/**
 * Opens the cash drawer after a committed cash act (sale, payout, void): journaled ('drawer.open'
 * with the receipt number) before the pulse. Null when there is no drawer. A failing pulse resolves
 * `opened: false` and tells the status bar.
 */
export async function openDrawerAfter(
  t: LotteryTerminal,
  session: OperatorSession,
  after: AfterCommit,
  reason: DrawerOpenReason,
  receiptNo: number,
): Promise<DrawerOpenResult | null> {
  if (!after.drawer) return null;
  const result = await openDrawerFor(t, session, after.drawer, { reason, for_receipt: receiptNo });
  if (!result.opened) reportPrinterTrouble(after);
  return result;
}
