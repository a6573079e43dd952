/**
 * Opening the cash drawer for an operator: the opening is journaled ('drawer.open': who, why, note)
 * and committed before the pulse goes to the drawer, so a failing drawer never loses the record.
 */
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { openCashDrawer, type CashDrawer, type DrawerOpenReason, type DrawerOpenResult } from '../../devices/drawer.js';
import { record } from '../../kernel/record.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export interface OpenDrawerInput {
  readonly reason: DrawerOpenReason;
  /** Words the operator gave. */
  readonly note?: string;
  /** The receipt number of the sale, payout or void the drawer opens for (journaled as `for_receipt`). */
  readonly for_receipt?: number;
}

/** Permission 'drawer.open' (cashier, manager); a technician never opens the drawer. */
export async function openDrawerFor(t: LotteryTerminal, session: OperatorSession, drawer: CashDrawer, input: OpenDrawerInput): Promise<DrawerOpenResult> {
  authorize(t, session, 'drawer.open');
  return openCashDrawer(
    drawer,
    {
      record: (opening) =>
        inTransaction(t, () => {
          authorize(t, session, 'drawer.open');
          record(t, {
            type: 'drawer.open',
            operator: session,
            payload: { reason: opening.reason, ...(opening.note !== undefined ? { note: opening.note } : {}), ...(input.for_receipt !== undefined ? { for_receipt: input.for_receipt } : {}) },
          });
        }),
    },
    { terminalId: t.id, operator: session.name, reason: input.reason, time: t.now(), ...(input.note !== undefined ? { note: input.note } : {}) },
  );
}
