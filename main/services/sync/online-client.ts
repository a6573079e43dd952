/**
 * The client for a request the counter waits on (a claim, a pack operation): signed by the terminal,
 * one attempt within a short time budget (CLAIM_TIMEOUT_MS by default), so a counter never hangs on
 * central; the background sync loop does the retrying.
 */
import { CLAIM_TIMEOUT_MS } from '../../../common/protocol/index.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { createCentralClient, type CentralClient } from './client.js';

export function onlineClient(t: LotteryTerminal, centralUrl: string, timeoutMs: number = CLAIM_TIMEOUT_MS): CentralClient {
  return createCentralClient({ url: centralUrl, signer: { terminalId: t.id, privateKey: t.privateKey, now: () => t.clock() }, timeoutMs, maxAttempts: 1 });
}
