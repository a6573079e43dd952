/**
 * Opens the cash drawer after a cash sale, payout or void, once that state change is committed. The
 * opening is journaled ('drawer.open') before the pulse; a drawer that fails never undoes anything:
 * the printer's trouble goes to the status bar.
 */
import { openDrawerFor } from '../services/cash/drawer.js';
import type { DrawerOpenReason } from '../devices/drawer.js';
import type { AppContext } from './context.js';
import { statusOf } from './handlers/core.js';

export async function openDrawerAfter(ctx: AppContext, reason: DrawerOpenReason, receiptNo: number): Promise<void> {
  const drawer = ctx.devices.drawer;
  const session = ctx.session;
  if (!drawer || !session) return;
  const result = await openDrawerFor(ctx.terminal, session, drawer, { reason, note: `receipt ${receiptNo}` });
  if (!result.opened) {
    const status = await statusOf(ctx).catch(() => null);
    if (status?.printer) ctx.emit({ type: 'printer', printer: status.printer });
  }
}
