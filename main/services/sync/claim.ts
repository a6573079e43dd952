/**
 * The payout's first step when the terminal is enrolled: claim the ticket at central with the full
 * validation barcode, within CLAIM_TIMEOUT_MS (one attempt: a claim retried later carries the same
 * key, so it can never pay twice). When central does not answer, the payout may still go ahead offline,
 * but only within the limits central's signed configuration sets (offline-limits.ts).
 */
import { randomBytes } from 'node:crypto';
import { ClaimAnswer, CLAIM_TIMEOUT_MS, ENDPOINTS } from '../../../common/protocol/index.js';
import { syncStateRow, updateSyncState } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../terminal/terminal.js';
import { CentralAnswerError, CentralUnreachableError, createCentralClient, type CentralClient } from './client.js';

export type CentralClaim =
  | { readonly kind: 'not-enrolled' }
  | { readonly kind: 'answer'; readonly answer: ClaimAnswer; readonly claim_key: string }
  | { readonly kind: 'unreachable'; readonly message: string; readonly claim_key: string }
  | { readonly kind: 'refused'; readonly reason: string; readonly message: string };

export interface ClaimOptions {
  /** Per-claim time budget, ms (default CLAIM_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  readonly client?: CentralClient;
}

/** Claims a validation barcode at central; never throws for network trouble. */
export async function claimAtCentral(t: LotteryTerminal, barcode: string, options: ClaimOptions = {}): Promise<CentralClaim> {
  const state = syncStateRow(t.db);
  if (!state) return { kind: 'not-enrolled' };
  const claim_key = randomBytes(18).toString('base64url');
  const client =
    options.client ??
    createCentralClient({
      url: state.central_url,
      signer: { terminalId: t.id, privateKey: t.privateKey, now: () => t.clock() },
      timeoutMs: options.timeoutMs ?? CLAIM_TIMEOUT_MS,
      maxAttempts: 1,
    });
  try {
    const answer = await client.call('POST', ENDPOINTS.claim, { barcode: barcode.trim(), claim_key }, ClaimAnswer);
    updateSyncState(t.db, { last_contact_at: t.now() });
    return { kind: 'answer', answer, claim_key };
  } catch (err) {
    if (err instanceof CentralUnreachableError) return { kind: 'unreachable', message: err.message, claim_key };
    if (err instanceof CentralAnswerError) return { kind: 'refused', reason: err.reason, message: err.message };
    throw err;
  }
}
