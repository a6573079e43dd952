/**
 * The pin on central's TLS certificate: the authorities it may chain to, set at enrolment and replaced
 * only by an announcement the lottery root signed (#39: never on the word of central's online key or of
 * one operator), newer than the last one applied, carried by the feed (`central_ca`) and applied inside
 * the feed entry's transaction. Anything else is refused, journaled, and the pin kept.
 */
import type { CentralCaItem } from '../../../common/protocol/index.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { checkCaAnnouncement, KeyChainError } from '../../../node/outcome/certificates.js';
import { updateSyncState } from '../../../db/queries/sync-state.js';
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { trustRootKey } from '../outcomes/key-chain.js';
import { certificateFingerprint, checkCentralCa } from './central-url.js';

/** When the root signed the announcement the pin came from last (a setting; none before the first). */
const ANNOUNCED_AT_SETTING = 'central_ca_issued_at';

/** Applies an announced set of authorities; returns what to journal (a refused set changes nothing). */
export function applyCentralCa(t: LotteryTerminal, item: CentralCaItem): Record<string, unknown> {
  const refused = (reason: string): Record<string, unknown> => ({ status: 'refused', reason, fingerprints: fingerprintsOf(item.certificates) });
  if (!item.announcement) return refused("not signed by the lottery root: the pin on central's certificate is kept");
  const root = trustRootKey(t.db);
  if (!root) return refused('this terminal has no lottery root: it takes no announcement');
  let issuedAt: string;
  let pems: string[];
  try {
    const body = checkCaAnnouncement(item.announcement, root);
    issuedAt = body.issued_at;
    pems = body.certificates.map(checkCentralCa);
  } catch (err) {
    if (err instanceof KeyChainError) return refused(err.message);
    return refused((err as Error).message);
  }
  const last = readSettings(t.db)[ANNOUNCED_AT_SETTING];
  // An older announcement played again would bring back an authority the lottery retired.
  if (typeof last === 'string' && Date.parse(issuedAt) <= Date.parse(last)) return refused(`signed ${issuedAt}, not after the announcement applied last (${last})`);
  updateSyncState(t.db, { central_ca_pem: pems.join('\n') });
  writeSetting(t.db, ANNOUNCED_AT_SETTING, canonicalJson(issuedAt), t.now());
  return { fingerprints: pems.map(certificateFingerprint), issued_at: issuedAt, reason: item.reason };
}

/** The fingerprints of what was offered, for the journal (a certificate that does not parse is named so). */
function fingerprintsOf(pems: readonly string[]): string[] {
  return pems.map((pem) => {
    try {
      return certificateFingerprint(pem);
    } catch {
      return 'not a certificate';
    }
  });
}
