/**
 * Printing a receipt document after its state change committed. A printer failure never undoes
 * anything: it comes back in the ReceiptView (`printed: false`, `error`) so the screen offers a reprint.
 */
import type { LayoutLine } from '../../devices/print-layout.js';
import { receiptLayout } from '../../services/receipts/layout.js';
import type { Receipt } from '../../services/receipts/types.js';
import type { ReceiptView } from '../../api/views.js';
import type { AppContext } from '../context.js';
import { statusOf } from './core.js';

/** What a virtual printer keeps of each job (see native/printer/virtual-printer.ts); real printers keep nothing. */
interface KeptJobs {
  readonly receipts?: readonly { readonly png?: Uint8Array }[];
}

function keptJobs(printer: unknown): readonly { readonly png?: Uint8Array }[] | undefined {
  const jobs = (printer as KeptJobs).receipts;
  return Array.isArray(jobs) ? jobs : undefined;
}

export interface PrintOptions {
  /** The receipt number shown in the view (null for reports). */
  readonly receiptNo: number | null;
  /** Lines added at the end of the body (before the cut), e.g. a report's cash count. */
  readonly extraLines?: readonly LayoutLine[];
}

/** How long a screen waits for the printer before it is told "printing…" and gets on with the next customer. */
export const PRINT_WAIT_MS = 1500;

let jobs = 0;

async function printNow(ctx: AppContext, receipt: Receipt, options: PrintOptions, base: Omit<ReceiptView, 'printed'>): Promise<ReceiptView> {
  const printer = ctx.devices.printer;
  if (!printer) return { ...base, printed: false, error: 'no receipt printer is set up' };
  try {
    const layout = receiptLayout(receipt, { language: ctx.language });
    const lines = options.extraLines?.length ? [...layout.lines, ...options.extraLines] : layout.lines;
    const before = keptJobs(printer)?.length ?? 0;
    await printer.printLayout({ ...layout, lines });
    const kept = keptJobs(printer);
    const png = kept && kept.length > before ? kept[kept.length - 1]?.png : undefined;
    return { ...base, printed: true, ...(png ? { picture: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } : {}) };
  } catch (err) {
    // The status bar shows the printer's trouble at once.
    void statusOf(ctx).then(
      (status) => status.printer && ctx.emit({ type: 'printer', printer: status.printer }),
      () => undefined,
    );
    return { ...base, printed: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Lays out and prints `receipt` on the terminal's printer in the operator's language. Resolves with
 * what happened, never rejects for a device problem; the virtual printer's picture comes back as a PNG
 * data URL so the screen can show the receipt. No screen waits on a device: when the printer takes
 * longer than PRINT_WAIT_MS, this resolves with `pending: true`, and the outcome follows as a
 * `receipt` event with the same `job`.
 */
export async function printReceipt(ctx: AppContext, receipt: Receipt, options: PrintOptions, waitMs = PRINT_WAIT_MS): Promise<ReceiptView> {
  const base = { receipt_no: options.receiptNo, kind: receipt.kind, job: `${ctx.terminal.id}/${Date.now().toString(36)}/${++jobs}` };
  const printing = printNow(ctx, receipt, options, base);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const first = await Promise.race([printing, late]);
  clearTimeout(timer);
  if (first) return first;
  void printing.then((done) => ctx.emit({ type: 'receipt', receipt: done }));
  return { ...base, printed: false, pending: true };
}
