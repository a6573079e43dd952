/**
 * The one way a terminal makes its client to central: requests signed by its key on the corrected clock
 * (local clock + the offset learnt from central's signed time), answers checked against the lottery keys
 * it trusts (`centralAnswerKeys`), TLS pinned to the authority set at enrolment.
 */
import type { KeyObject } from 'node:crypto';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { correctedMs } from '../../kernel/corrected-time.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { checkCentralUrl } from './central-url.js';
import { createCentralClient, type CentralClient, type CentralClientOptions } from './client.js';
import { trustedOnlineKeys } from './lottery-keys.js';

/**
 * The lottery keys central's answers must be signed by: the online keys the terminal's root certified
 * and did not revoke (fingerprint → key), the same as for the feed.
 */
export function centralAnswerKeys(t: LotteryTerminal): Map<string, KeyObject> {
  return new Map(trustedOnlineKeys(t).map((k) => [k.fingerprint, k.key]));
}

/** The terminal's clock corrected by central's signed time: local clock + the measured offset. */
export function correctedClock(t: LotteryTerminal): () => Date {
  return () => new Date(correctedMs(t));
}

/** A client of this terminal's central (enrolled URL and pinned authority unless given); plain http only on loopback. */
export function terminalClient(t: LotteryTerminal, options: Partial<Omit<CentralClientOptions, 'signer' | 'answerKeys'>> = {}): CentralClient {
  const state = syncStateRow(t.db);
  const stored = options.url ?? state?.central_url;
  if (!stored) throw new TypeError(`terminal ${t.id} has no central URL`);
  // A link enrolled before TLS was required, over plain http to another machine, is not used either.
  const url = checkCentralUrl(stored);
  const ca = options.ca ?? state?.central_ca_pem ?? undefined;
  return createCentralClient({
    ...options,
    url,
    ...(ca ? { ca } : {}),
    signer: { terminalId: t.id, privateKey: t.privateKey, now: correctedClock(t) },
    answerKeys: () => centralAnswerKeys(t),
  });
}
