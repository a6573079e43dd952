/**
 * The pin on central's TLS certificate: the authorities it may chain to, set at enrolment and replaced
 * only by a lottery-signed feed item (`central_ca`), inside the feed entry's transaction.
 */
import type { CentralCaItem } from '../../../common/protocol/index.js';
import { updateSyncState } from '../../../db/queries/sync-state.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { certificateFingerprint, checkCentralCa } from './central-url.js';

/** Applies an announced set of authorities; returns what to journal (a refused set changes nothing). */
export function applyCentralCa(t: LotteryTerminal, item: CentralCaItem): Record<string, unknown> {
  let pems: string[];
  try {
    pems = item.certificates.map(checkCentralCa);
  } catch (err) {
    return { status: 'refused', reason: (err as Error).message };
  }
  updateSyncState(t.db, { central_ca_pem: pems.join('\n') });
  return { fingerprints: pems.map(certificateFingerprint), reason: item.reason };
}
