/** Events pushed from the services to every window (cashier screen and customer display). */
import type { ScanView, PrinterView, DisplayView, ReceiptView, StatusView } from './views.js';

export type AppEvent =
  | { readonly type: 'scan'; readonly scan: ScanView }
  | { readonly type: 'printer'; readonly printer: PrinterView }
  | { readonly type: 'status'; readonly status: StatusView }
  /** A receipt that was still printing when its screen moved on: how it ended (same `job`). */
  | { readonly type: 'receipt'; readonly receipt: ReceiptView }
  /** What the customer-facing display shows, sent at the same moment the cashier sees it. */
  | { readonly type: 'display'; readonly display: DisplayView };

export type AppEventType = AppEvent['type'];
