/**
 * Which lottery keys may speak for central to this terminal: the online keys its root certified and did
 * not revoke. The enrolment answer, every feed entry (and, with signed answers, every answer) must be
 * signed by one of them.
 */
import { certifiedKeys, type CertifiedKey } from '../outcomes/key-chain.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export type TrustedOnlineKey = CertifiedKey;

/** The online keys this terminal trusts now: certified by its root for 'online', not revoked (empty without a root). */
export function trustedOnlineKeys(t: Pick<LotteryTerminal, 'db'>): TrustedOnlineKey[] {
  return certifiedKeys(t.db, 'online');
}

/** The same keys as fingerprint → PEM (what assertLotterySigned takes). */
export function trustedOnlineKeyMap(t: Pick<LotteryTerminal, 'db'>): Map<string, string> {
  return new Map(trustedOnlineKeys(t).map((k) => [k.fingerprint, k.publicKeyPem]));
}
