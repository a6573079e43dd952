/**
 * The one way a terminal makes its client to central: requests signed by its key on the corrected clock
 * (local clock + the offset learnt from central's signed time), answers checked against the lottery keys
 * it trusts (`centralAnswerKeys`), TLS pinned to the authority set at enrolment.
 */
import type { KeyObject } from 'node:crypto';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import { correctedMs } from '../../kernel/corrected-time.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { CENTRAL_URLS_KEY, CentralUrls, splitCentralUrls } from '../../../common/protocol/index.js';
import { centralConfig } from './central-config.js';
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

/**
 * Central's addresses, in the order tried: the signed configuration's `central.urls` when it holds a
 * usable list, then the address list given at enrolment (comma-separated in sync_state.central_url),
 * each once. The enrolled ones stay as the fallback (#39): a configured list that points nowhere cannot
 * cut the terminal off the central that can undo it. Each must pass checkCentralUrl (https, or http on
 * loopback); an unusable configured list is ignored.
 */
export function centralUrls(t: LotteryTerminal, stored: string): string[] {
  const enrolled = splitCentralUrls(stored);
  if (enrolled.length === 0) throw new TypeError(`terminal ${t.id} has no central URL`);
  const configured = CentralUrls.safeParse(centralConfig(t)[CENTRAL_URLS_KEY]);
  if (configured.success) {
    let urls: string[] | null = null;
    try {
      urls = configured.data.map(checkCentralUrl);
    } catch {
      // an address this terminal may not use: keep the enrolled ones
    }
    if (urls) return [...new Set([...urls, ...enrolled.flatMap(usable)])];
  }
  return enrolled.map(checkCentralUrl);
}

/** The address checked, or nothing when this terminal may not use it (plain http to another machine). */
function usable(url: string): string[] {
  try {
    return [checkCentralUrl(url)];
  } catch {
    return [];
  }
}

/** A client of this terminal's central (enrolled URLs and pinned authority unless given); plain http only on loopback. */
export function terminalClient(t: LotteryTerminal, options: Partial<Omit<CentralClientOptions, 'signer' | 'answerKeys'>> = {}): CentralClient {
  const state = syncStateRow(t.db);
  const stored = options.url ?? state?.central_url;
  if (!stored) throw new TypeError(`terminal ${t.id} has no central URL`);
  // A link enrolled before TLS was required, over plain http to another machine, is not used either.
  const urls = options.urls ? options.urls.map(checkCentralUrl) : centralUrls(t, stored);
  const url = urls[0] as string;
  const ca = options.ca ?? state?.central_ca_pem ?? undefined;
  return createCentralClient({
    ...options,
    url,
    urls,
    ...(ca ? { ca } : {}),
    signer: { terminalId: t.id, privateKey: t.privateKey, now: correctedClock(t) },
    answerKeys: () => centralAnswerKeys(t),
  });
}
