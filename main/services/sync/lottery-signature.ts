/** Checks what central sends on the lottery's behalf: signed by a lottery key this terminal trusts. */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { lotterySigningString, type LotteryDocumentKind } from '../../../common/protocol/index.js';
import { keyFingerprint } from '../../../node/outcome/keys.js';
import { SyncError } from './errors.js';

/** True when `signature` (base64) is the lottery key `key`'s signature of the document. */
export function lotterySigned(kind: LotteryDocumentKind, body: unknown, signature: string, key: KeyObject): boolean {
  return verify(null, Buffer.from(lotterySigningString(kind, body), 'utf8'), key, Buffer.from(signature, 'base64'));
}

/**
 * Verifies a signed document against the keys given (fingerprint → PEM); throws SyncError('bad-feed')
 * naming what failed: an unknown or revoked signer, or a signature that does not verify.
 */
export function assertLotterySigned(kind: LotteryDocumentKind, body: unknown, signer: string, signature: string, keys: ReadonlyMap<string, string>): void {
  const pem = keys.get(signer);
  if (!pem) throw new SyncError('bad-feed', `${kind} signed by key ${signer.slice(0, 12)}…, which this terminal does not trust (unknown or revoked)`);
  const key = createPublicKey(pem);
  if (keyFingerprint(key) !== signer) throw new SyncError('bad-feed', `${kind}: the key named ${signer.slice(0, 12)}… does not match its fingerprint`);
  if (!lotterySigned(kind, body, signature, key)) throw new SyncError('bad-feed', `${kind}: the lottery signature does not verify (altered in transit?)`);
}
