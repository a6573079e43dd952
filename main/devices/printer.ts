// The receipt printer as the terminal's services see it. Drivers in `native/printer/` implement it
// for serial, network (TCP 9100), device-file and virtual printers.
import type { PrintLayout } from './print-layout.js';

/** What the printer says about itself (DLE EOT), or what the link could tell when it cannot answer. */
export interface PrinterStatus {
  /** The printer can print now: reachable and not in its offline state. */
  readonly online: boolean;
  readonly coverOpen: boolean;
  readonly paperOut: boolean;
  /** The roll is near its end: printing still works, the paper should be changed soon. */
  readonly paperLow: boolean;
  /**
   * True when the printer itself answered a status request; false on write-only links
   * (device files) and when it could not be reached, where the flags above are best guesses.
   */
  readonly reported: boolean;
  /** A short technical explanation (English), e.g. "cover open; paper out" or "connection refused". */
  readonly detail?: string;
}

/** Whether a status allows printing a receipt now. */
export function isReady(status: PrinterStatus): boolean {
  return status.online && !status.coverOpen && !status.paperOut;
}

/**
 * - `offline`: the printer cannot be reached (no device, connection refused) or says it is offline
 *   (cover open, paper out); nothing was printed.
 * - `timeout`: no answer in time (connect, write or status request).
 * - `disconnected`: the link went away during the job; part of the receipt may have printed.
 * - `io`: any other failure, including an answer that makes no sense.
 */
export type PrinterErrorCode = 'offline' | 'timeout' | 'disconnected' | 'io';

/** A printing failure. The sale or payout it belongs to is already committed; the receipt can be reprinted. */
export class PrinterError extends Error {
  override readonly name = 'PrinterError';
  constructor(
    readonly code: PrinterErrorCode,
    message: string,
    options?: { cause?: unknown; status?: PrinterStatus },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status;
  }
  /** The printer's status when it refused the job, if it said. */
  readonly status: PrinterStatus | undefined;
}

/** Cash drawer connector of the printer: pin 2 (drawer 1, the usual one) or pin 5 (drawer 2). */
export type DrawerPin = 2 | 5;

/** A receipt printer. Every call opens the link, does its job and closes it; none ever hangs forever. */
export interface Printer {
  /** The device URI it was opened with (`tcp://…`, `serial:…`, `file:…`, `virtual:…`). */
  readonly uri: string;
  /** Sends raw ESC/POS bytes. Rejects with a {@link PrinterError}. */
  print(bytes: Uint8Array): Promise<void>;
  /** Encodes a layout (see `main/services/receipts`) to ESC/POS for this printer's paper and prints it. */
  printLayout(layout: PrintLayout): Promise<void>;
  /** Asks the printer for its status; never rejects for device trouble: it reports it as `online: false`. */
  status(): Promise<PrinterStatus>;
  /** Sends the cash-drawer kick pulse on the given connector pin (default 2). Rejects with a {@link PrinterError}. */
  kickDrawer(pin?: DrawerPin): Promise<void>;
}
