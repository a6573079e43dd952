/**
 * Digital sales as every host does them: the sale (online), then the customer display (the play
 * starts, nothing revealed), the receipt (unit number and validation barcode) and the drawer; each
 * reveal tells the display, so the cashier's screen and the customer's stay in step.
 */
import type { ReceiptView } from '../../../common/api/views.js';
import type { DrawerOpenResult } from '../../devices/drawer.js';
import type { OperatorSession } from '../auth/session.js';
import { digitalDisplay } from './display.js';
import { findDigital, revealDigital, type DigitalPlayView, type RevealInput } from './play.js';
import { sellDigital, type DigitalSaleResult, type DigitalSellInput } from './sell.js';
import { clientFor } from '../sync/sync.js';
import type { CentralClient } from '../sync/client.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { openDrawerAfter, printReceipt, type AfterCommit } from '../receipts/after-commit.js';

/** An interactive sale waits a few seconds for central, not minutes: the customer is at the counter. */
export function counterClient(t: LotteryTerminal): CentralClient {
  return clientFor(t, { client: { maxAttempts: 3, timeoutMs: 5000, initialDelayMs: 200, maxDelayMs: 1000 } });
}

export interface DigitalSaleDone {
  readonly result: DigitalSaleResult;
  readonly play: DigitalPlayView;
  readonly receipt: ReceiptView;
  readonly drawer: DrawerOpenResult | null;
}

export async function sellDigitalAct(t: LotteryTerminal, session: OperatorSession, input: DigitalSellInput, after: AfterCommit, client: CentralClient = counterClient(t)): Promise<DigitalSaleDone> {
  const result = await sellDigital(t, session, input, client);
  const play = findDigital(t, result.sale_key);
  after.emit?.({ type: 'display', display: digitalDisplay(t, play.sale_key, after.language) });
  const receipt = await printReceipt(t, after, result.receipt, { receiptNo: result.receipt_no });
  const drawer = await openDrawerAfter(t, session, after, 'sale', result.receipt_no);
  return { result, play, receipt, drawer };
}

export function revealDigitalAct(t: LotteryTerminal, session: OperatorSession, saleKey: string, input: RevealInput, after: AfterCommit): DigitalPlayView {
  const play = revealDigital(t, session, saleKey, input);
  after.emit?.({ type: 'display', display: digitalDisplay(t, play.sale_key, after.language) });
  return play;
}

/** Shows a sold unit's play again (as far as it went) on the customer display. */
export function replayDigitalAct(t: LotteryTerminal, ref: string, after: AfterCommit): DigitalPlayView {
  const play = findDigital(t, ref);
  after.emit?.({ type: 'display', display: digitalDisplay(t, play.sale_key, after.language) });
  return play;
}
