/**
 * A pack operation at central (POST /v1/packs), within the claim's short time budget and one attempt:
 * the same idempotency key as the outbox event the terminal commits with it, so central counts it
 * once whether it arrives now or queued with the next push. Never throws for network trouble.
 */
import { ENDPOINTS, PackOpAnswer, type PackIdentity, type PackOperation } from '../../../common/protocol/index.js';
import { upsertCentralPack } from '../../../db/queries/central-packs.js';
import { syncStateRow, updateSyncState } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { CentralAnswerError, CentralUnreachableError, type CentralClient } from './client.js';
import { onlineClient } from './online-client.js';

export type CentralPackOp =
  | { readonly kind: 'not-enrolled' }
  | { readonly kind: 'answer'; readonly answer: PackOpAnswer }
  | { readonly kind: 'unreachable'; readonly message: string };

export interface PackOpOptions {
  /** Time budget, ms (default CLAIM_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  readonly client?: CentralClient;
}

/** Sends one operation; `opKey` is the stored outbox key (`<terminal>/pack/…/<action>`). */
export async function packOpAtCentral(t: LotteryTerminal, id: PackIdentity, action: PackOperation, opKey: string, options: PackOpOptions = {}): Promise<CentralPackOp> {
  const state = syncStateRow(t.db);
  if (!state) return { kind: 'not-enrolled' };
  const client = options.client ?? onlineClient(t, state.central_url, options.timeoutMs);
  try {
    const answer = await client.call('POST', ENDPOINTS.packs, { game: id.game, emission: id.emission, block: id.block, pack: id.pack, action, op_key: opKey, at: t.now() }, PackOpAnswer);
    const at = t.now();
    t.db.transaction(() => {
      updateSyncState(t.db, { last_contact_at: at });
      // Central's word now, before the feed brings it.
      if (answer.pack) {
        const { number: _n, terminal, ...rest } = answer.pack;
        upsertCentralPack(t.db, { ...rest, terminal, updated_at: at });
      }
    })();
    return { kind: 'answer', answer };
  } catch (err) {
    // Another retailer's pack (#19): central's refusal, as an answer: nothing changes here.
    if (err instanceof CentralAnswerError && err.status === 403 && err.reason === 'other_retailer') {
      return { kind: 'answer', answer: { outcome: 'refused', reason: 'other_retailer', message: err.message, pack: null } };
    }
    // A refusal of the request itself (disabled terminal, bad signature…) does not block the counter either: queued.
    if (err instanceof CentralUnreachableError || err instanceof CentralAnswerError) return { kind: 'unreachable', message: err.message };
    throw err;
  }
}
