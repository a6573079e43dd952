/**
 * The retailer's account as central computes it: the terminal asks for the current and the last ISO
 * week's statements (GET /v1/statement, signed like the feed). Read-only; permission 'cash.report'
 * is checked by the caller's handler. A short time budget: the cash screen must not hang on it.
 */
import { ENDPOINTS, StatementAnswer } from '../../../common/protocol/index.js';
import { updateSyncState } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { CentralClient } from './client.js';
import { clientFor } from './sync.js';

/** How long the cash screen waits for central's statements. */
export const STATEMENT_TIMEOUT_MS = 5_000;

/** The statements of this terminal's retailer (`week`: central's current week by default). Throws CentralUnreachableError / CentralAnswerError / SyncError. */
export async function fetchStatements(t: LotteryTerminal, week?: string, client?: CentralClient): Promise<StatementAnswer> {
  const c = client ?? clientFor(t, { client: { timeoutMs: STATEMENT_TIMEOUT_MS, maxAttempts: 1 } });
  const answer = await c.call('GET', `${ENDPOINTS.statement}${week ? `?week=${encodeURIComponent(week)}` : ''}`, undefined, StatementAnswer);
  updateSyncState(t.db, { last_contact_at: t.now() });
  return answer;
}
