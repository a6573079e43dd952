/**
 * The client for a request the counter waits on (a claim, a pack operation): signed by the terminal,
 * one attempt within a short time budget (CLAIM_TIMEOUT_MS by default), so a counter never hangs on
 * central; the background sync loop does the retrying.
 */
import { CLAIM_TIMEOUT_MS } from '../../../common/protocol/index.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { CentralClient } from './client.js';
import { terminalClient } from './terminal-client.js';

export function onlineClient(t: LotteryTerminal, centralUrl: string, timeoutMs: number = CLAIM_TIMEOUT_MS): CentralClient {
  return terminalClient(t, { url: centralUrl, timeoutMs, maxAttempts: 1 });
}
