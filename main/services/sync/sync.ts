/**
 * One sync round: measure the clock offset, push the journal and the outbox, pull the feed. Used by
 * `guichet sync --once` and, repeatedly, by the background loop. A round never holds the database
 * while it waits on the network: sales and payouts go on meanwhile.
 */
import { ENDPOINTS, TimeAnswer } from '../../../common/protocol/index.js';
import { syncStateRow, updateSyncState, type SyncStateRow } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import type { CentralClient, CentralClientOptions } from './client.js';
import { SyncError } from './errors.js';
import { pullFeed, type PullReport } from './pull.js';
import { pushJournal, type PushReport } from './push.js';
import { terminalClient } from './terminal-client.js';

export interface SyncOptions {
  readonly batchSize?: number;
  /** Client tuning (timeouts, attempts, backoff). */
  readonly client?: Partial<Omit<CentralClientOptions, 'url' | 'signer' | 'answerKeys'>>;
  /** Skip the feed (push only). */
  readonly pushOnly?: boolean;
}

export interface SyncReport {
  readonly push: PushReport;
  readonly pull: PullReport | null;
  readonly clock_offset_ms: number | null;
}

/** The enrolled state, or a SyncError saying how to enrol. */
export function enrolledState(t: LotteryTerminal): SyncStateRow {
  const state = syncStateRow(t.db);
  if (!state) throw new SyncError('not-enrolled', `terminal ${t.id} is not enrolled with a central: enrol a fresh data folder with guichet enroll --central URL --root FINGERPRINT (it asks for the code)`);
  return state;
}

/** A client for this terminal's central, signing with its key. */
export function clientFor(t: LotteryTerminal, options: SyncOptions = {}): CentralClient {
  const state = enrolledState(t);
  return terminalClient(t, { ...options.client, url: state.central_url });
}

/**
 * Central's clock minus ours, ms, from central's signed time (`GET /v1/time?nonce=…`, the answer bound
 * to a fresh nonce, half the round trip assumed each way): the only source of the offset, which the
 * terminal's signed requests are then timestamped with.
 */
export async function measureClockOffset(t: LotteryTerminal, client: CentralClient): Promise<number> {
  const sent = t.clock().getTime();
  const answer = await client.call('GET', ENDPOINTS.time, undefined, TimeAnswer, { nonceInQuery: true });
  const received = t.clock().getTime();
  const offset = Math.round(Date.parse(answer.now) - (sent + received) / 2);
  const at = t.now();
  updateSyncState(t.db, { clock_offset_ms: offset, last_contact_at: at });
  return offset;
}

/** One round; throws on the first failure (recorded as the last error). */
export async function syncOnce(t: LotteryTerminal, options: SyncOptions = {}, client: CentralClient = clientFor(t, options)): Promise<SyncReport> {
  try {
    const offset = await measureClockOffset(t, client);
    // The feed first: a disabled terminal still hears why (and when it is enabled again), even if its push is refused.
    const pull = options.pushOnly ? null : await pullFeed(t, client);
    const push = await pushJournal(t, client, options.batchSize !== undefined ? { batchSize: options.batchSize } : {});
    return { push, pull, clock_offset_ms: offset };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    updateSyncState(t.db, { last_error: message, last_error_at: t.now() });
    throw err;
  }
}
