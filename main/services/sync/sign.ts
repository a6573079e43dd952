/** Signs a request to central with the terminal's key (common/protocol/signature.ts says how). */
import { randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  HEADER_DIGEST,
  HEADER_NONCE,
  HEADER_SIGNATURE,
  HEADER_TERMINAL,
  HEADER_TIMESTAMP,
  requestSigningString,
} from '../../../common/protocol/signature.js';
import { contentDigest } from '../../../node/protocol/content-digest.js';

export interface Signer {
  readonly terminalId: string;
  readonly privateKey: KeyObject;
  /** Clock for the timestamp (corrected by the measured offset when known). */
  readonly now: () => Date;
}

/** The headers of one signed request; `body` is the exact bytes sent (empty for GET). */
export function signedHeaders(signer: Signer, method: string, pathWithQuery: string, body: Buffer): Record<string, string> {
  const digest = contentDigest(body);
  const timestamp = signer.now().toISOString();
  const nonce = randomBytes(18).toString('base64url');
  const text = requestSigningString({ method, path: pathWithQuery, digest, timestamp, nonce, terminal: signer.terminalId });
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey).toString('base64');
  return {
    [HEADER_TERMINAL]: signer.terminalId,
    [HEADER_TIMESTAMP]: timestamp,
    [HEADER_NONCE]: nonce,
    [HEADER_DIGEST]: digest,
    [HEADER_SIGNATURE]: signature,
  };
}
