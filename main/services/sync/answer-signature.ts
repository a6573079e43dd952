/**
 * Checks central's signature on an answer (common/protocol/signature.ts, "Signed answers"): signed by a
 * lottery key this terminal trusts, for the request it sent (nonce, terminal, method, path) and the
 * bytes it received.
 */
import { verify, type KeyObject } from 'node:crypto';
import { HEADER_ANSWER_SIGNATURE, HEADER_ANSWER_SIGNER, answerSigningString } from '../../../common/protocol/index.js';
import { contentDigest } from '../../../node/protocol/content-digest.js';

export interface AnswerToCheck {
  readonly status: number;
  readonly method: string;
  /** The path with its query, as sent. */
  readonly path: string;
  /** The terminal id the request named ('' for an unsigned request). */
  readonly terminal: string;
  readonly nonce: string;
  readonly body: Buffer;
  readonly headers: Headers;
  /** Trusted lottery keys, fingerprint → key. */
  readonly keys: ReadonlyMap<string, KeyObject>;
}

/** Why the answer is not central's signed answer to this request (a phrase), or null when it is. */
export function answerProblem(a: AnswerToCheck): string | null {
  const signer = a.headers.get(HEADER_ANSWER_SIGNER);
  const signature = a.headers.get(HEADER_ANSWER_SIGNATURE);
  if (!signer || !signature) return `the answer (${a.status}) is not signed by the lottery`;
  const key = a.keys.get(signer);
  if (!key) return `the answer is signed by key ${signer.slice(0, 12)}…, which this terminal does not trust`;
  const digest = contentDigest(a.body);
  const text = answerSigningString({ status: a.status, method: a.method, path: a.path, terminal: a.terminal, nonce: a.nonce, digest });
  let ok = false;
  try {
    ok = verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    ok = false;
  }
  return ok ? null : 'the answer\'s signature does not verify for this request (altered or replayed in transit?)';
}
