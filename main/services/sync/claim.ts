/**
 * The payout's first step when the terminal is enrolled: claim the ticket at central with the full
 * validation barcode, within CLAIM_TIMEOUT_MS (one attempt: a claim retried later carries the same
 * key, so it can never pay twice). When central does not answer, the payout may still go ahead offline,
 * but only within the limits central's signed configuration sets (offline-limits.ts). A "pack not
 * active" answer while pack operations wait in this terminal's outbox pushes them once, then claims again.
 */
import { randomBytes } from 'node:crypto';
import { ClaimAnswer, ENDPOINTS } from '../../../common/protocol/index.js';
import { pendingPackEventCount } from '../../../db/queries/outbox.js';
import { syncStateRow, updateSyncState } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { CentralAnswerError, CentralUnreachableError, type CentralClient } from './client.js';
import { onlineClient } from './online-client.js';
import { pushJournal } from './push.js';

/** Most push requests a payout waits for before claiming again (each within the claim's time budget). */
const PACK_PUSH_MAX_BATCHES = 3;

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

function claimClient(t: LotteryTerminal, centralUrl: string, options: ClaimOptions): CentralClient {
  return options.client ?? onlineClient(t, centralUrl, options.timeoutMs);
}

/**
 * Claims a validation barcode at central; never throws for network trouble. When central answers
 * "pack not active" while this terminal still holds pack operations it could not send (a pack received
 * or activated during an outage, queued in the outbox), the journal and outbox are pushed once, with
 * the claim's short time budget, and the ticket is claimed once more: a pack activated during a brief
 * outage pays as soon as central is back, without waiting for the next sync round.
 */
export async function claimAtCentral(t: LotteryTerminal, barcode: string, options: ClaimOptions = {}): Promise<CentralClaim> {
  const state = syncStateRow(t.db);
  if (!state) return { kind: 'not-enrolled' };
  const client = claimClient(t, state.central_url, options);
  const first = await claimOnce(t, client, barcode);
  if (first.kind !== 'answer' || first.answer.verdict !== 'pack_not_active' || pendingPackEventCount(t.db) === 0) return first;
  try {
    await pushJournal(t, client, { maxBatches: PACK_PUSH_MAX_BATCHES });
  } catch {
    return first; // recorded by the push as the sync's last error; central's answer stands
  }
  return claimOnce(t, client, barcode);
}

async function claimOnce(t: LotteryTerminal, client: CentralClient, barcode: string): Promise<CentralClaim> {
  const claim_key = randomBytes(18).toString('base64url');
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
