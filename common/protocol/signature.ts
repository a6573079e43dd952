/**
 * Signed requests, an equivalent of HTTP Message Signatures (RFC 9421) reduced to one fixed set of
 * components. Each request from a terminal carries:
 *
 *   x-guichet-terminal   the terminal id
 *   x-guichet-timestamp  UTC ISO time of signing (refused when more than 5 minutes off central's clock)
 *   x-guichet-nonce      16–64 characters of base64url, never reused by that terminal
 *   content-digest       `sha-256=:<base64 SHA-256 of the body bytes>:` (RFC 9530; empty body for GET)
 *   x-guichet-signature  base64 Ed25519 signature, by the terminal's key, of the UTF-8 bytes of
 *                        requestSigningString(...) below
 *
 * Pure: the digest both sides compute is node/protocol/content-digest.ts; each side signs and checks with
 * its own keys (main/services/sync/sign.ts, central/protocol/verify.ts).
 */

export const HEADER_TERMINAL = 'x-guichet-terminal';
export const HEADER_TIMESTAMP = 'x-guichet-timestamp';
export const HEADER_NONCE = 'x-guichet-nonce';
export const HEADER_DIGEST = 'content-digest';
export const HEADER_SIGNATURE = 'x-guichet-signature';

/** The headers a signed request must carry, in the order of the signing string after method and path. */
export const SIGNED_HEADERS = [HEADER_TERMINAL, HEADER_TIMESTAMP, HEADER_NONCE, HEADER_DIGEST, HEADER_SIGNATURE] as const;

/** How far a request's timestamp may be from central's clock. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const DIGEST_PATTERN = /^sha-256=:([A-Za-z0-9+/]{43}=):$/;

export interface SignedRequestParts {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Path with its query string, exactly as sent: `/v1/feed?cursor=12`. */
  readonly path: string;
  /** The content-digest header value. */
  readonly digest: string;
  readonly timestamp: string;
  readonly nonce: string;
  readonly terminal: string;
}

/** `method\npath\ndigest\ntimestamp\nnonce\nterminal`: the text whose UTF-8 bytes are signed. */
export function requestSigningString(p: SignedRequestParts): string {
  for (const [name, value] of Object.entries(p)) {
    if (typeof value !== 'string' || /[\r\n]/.test(value)) throw new TypeError(`signed request ${name} may not hold a line break`);
  }
  return [p.method.toUpperCase(), p.path, p.digest, p.timestamp, p.nonce, p.terminal].join('\n');
}

/** The content-digest header value for a base64 SHA-256 of the body. */
export function contentDigestHeader(sha256Base64: string): string {
  return `sha-256=:${sha256Base64}:`;
}

/** HKDF-SHA256 salt of the keys derived from a one-time enrolment code. */
export const ENROL_CODE_SALT = 'guichet-enrol/2';
/** HKDF info of the code's identifier (what central looks the code up by). */
export const ENROL_CODE_ID_INFO = 'guichet-enrol-code-id';
/** HKDF info of the code's MAC key (binds the request and the answer to the code). */
export const ENROL_MAC_INFO = 'guichet-enrol-mac';

/** A one-time code as compared and derived: upper case, without spaces or dashes. */
export function normaliseEnrolCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * What a terminal signs to prove it holds the key it enrols with:
 * `guichet-enrol/2\ncode_id\nnonce\npublic key PEM`.
 */
export function enrolProofString(codeId: string, publicKeyPem: string, nonce: string): string {
  return `guichet-enrol/2\n${codeId}\n${nonce}\n${publicKeyPem}`;
}

/** What the request's MAC covers: `guichet-enrol-request/2\ncode_id\nnonce\npublic key PEM`. */
export function enrolRequestMacString(codeId: string, publicKeyPem: string, nonce: string): string {
  return `guichet-enrol-request/2\n${codeId}\n${nonce}\n${publicKeyPem}`;
}

/**
 * Signed answers. Central signs every answer to a request that carries a nonce — each signed route's
 * answer, refusals (4xx) included, and `GET /v1/time?nonce=…` — with its online lottery key, bound to
 * that request:
 *
 *   x-guichet-answer-signer     hex fingerprint of the signing lottery key (keyFingerprint)
 *   x-guichet-answer-signature  base64 Ed25519 signature of the UTF-8 bytes of answerSigningString(...)
 *
 * The terminal verifies it against the lottery keys it trusts, with the nonce, terminal, method and
 * path it sent and the digest of the bytes it received; an answer unsigned, or signed for another
 * request, is no answer (a transient failure, retried), never data. Outcome files (`/v1/files/`) are
 * streamed unsigned: each is lottery-signed itself and checked on import.
 */
export const HEADER_ANSWER_SIGNER = 'x-guichet-answer-signer';
export const HEADER_ANSWER_SIGNATURE = 'x-guichet-answer-signature';

/** The query parameter that carries the nonce of an unsigned request whose answer is signed (the time). */
export const ANSWER_NONCE_PARAM = 'nonce';

export interface SignedAnswerParts {
  /** The HTTP status, e.g. 200, 409. */
  readonly status: number;
  /** Upper-case method of the request answered. */
  readonly method: string;
  /** The request's path with its query string, exactly as sent. */
  readonly path: string;
  /** The terminal id the request named (empty for an unsigned request). */
  readonly terminal: string;
  /** The request's nonce. */
  readonly nonce: string;
  /** content-digest of the answer's body bytes (`sha-256=:…:`). */
  readonly digest: string;
}

/** `guichet-answer/1\nstatus\nmethod\npath\nterminal\nnonce\ndigest`: the text whose UTF-8 bytes central signs. */
export function answerSigningString(p: SignedAnswerParts): string {
  const texts = [p.method.toUpperCase(), p.path, p.terminal, p.nonce, p.digest];
  if (!Number.isInteger(p.status) || texts.some((v) => typeof v !== 'string' || /[\r\n]/.test(v))) {
    throw new TypeError('a signed answer part may not hold a line break');
  }
  return ['guichet-answer/1', String(p.status), ...texts].join('\n');
}
