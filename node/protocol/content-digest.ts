/**
 * The `content-digest` of a body (common/protocol/signature.ts): what a terminal signs into its request
 * and central checks, and what central signs into its answer and the terminal checks.
 */
import { createHash } from 'node:crypto';
import { contentDigestHeader } from '../../common/protocol/signature.js';

/** The content-digest header value of `body`'s bytes (`sha-256=:<base64>:`). */
export function contentDigest(body: Buffer | string): string {
  return contentDigestHeader(createHash('sha256').update(body).digest('base64'));
}
