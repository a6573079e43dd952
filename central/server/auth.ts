/**
 * The signature check on every terminal request (common/protocol/signature.ts): a refusal answers 401
 * or 403 with {error, reason} and stores nothing; an accepted request carries its terminal id.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DIGEST_PATTERN,
  HEADER_DIGEST,
  HEADER_NONCE,
  HEADER_SIGNATURE,
  HEADER_TERMINAL,
  HEADER_TIMESTAMP,
  IsoUtc,
  MAX_CLOCK_SKEW_MS,
  NONCE_PATTERN,
  TerminalId,
  type AuthRefusal,
} from '../../common/protocol/index.js';
import { contentDigest } from '../../node/protocol/content-digest.js';
import { parseEd25519PublicKey, verifyRequestSignature } from '../protocol/verify.js';
import type { Central } from '../store/context.js';
import { acceptNonce, getTerminal } from '../store/terminals.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw body bytes (for the content digest). */
    rawBody?: Buffer;
    /** The terminal whose signature was checked. */
    terminalId?: string;
  }
  interface FastifyContextConfig {
    /** The route takes signed terminal requests; 'allow-disabled' also admits a disabled terminal (the feed, to learn why; the push, so central keeps its journal). */
    signed?: true | 'allow-disabled';
  }
}

export class AuthError extends Error {
  constructor(
    readonly reason: AuthRefusal,
    message: string,
    readonly status: 401 | 403 = 401,
  ) {
    super(message);
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** Checks a request's signature headers and signature (not yet its body, nor its nonce: digestHook); throws AuthError. */
export async function authenticate(c: Central, req: FastifyRequest, allowDisabled: boolean): Promise<string> {
  const terminal = header(req, HEADER_TERMINAL);
  const timestamp = header(req, HEADER_TIMESTAMP);
  const nonce = header(req, HEADER_NONCE);
  const digest = header(req, HEADER_DIGEST);
  const signature = header(req, HEADER_SIGNATURE);
  const missing = [
    [HEADER_TERMINAL, terminal],
    [HEADER_TIMESTAMP, timestamp],
    [HEADER_NONCE, nonce],
    [HEADER_DIGEST, digest],
    [HEADER_SIGNATURE, signature],
  ].filter(([, v]) => v === undefined);
  if (missing.length > 0) throw new AuthError('missing_header', `unsigned request: missing ${missing.map(([n]) => n).join(', ')}`);
  if (!TerminalId.safeParse(terminal).success) throw new AuthError('missing_header', `malformed ${HEADER_TERMINAL}`);
  if (!IsoUtc.safeParse(timestamp).success) throw new AuthError('missing_header', `malformed ${HEADER_TIMESTAMP}: a UTC ISO time`);
  if (!NONCE_PATTERN.test(nonce!)) throw new AuthError('missing_header', `malformed ${HEADER_NONCE}: 16 to 64 base64url characters`);
  if (!DIGEST_PATTERN.test(digest!)) throw new AuthError('missing_header', `malformed ${HEADER_DIGEST}: sha-256=:<base64>:`);
  const skew = Date.parse(timestamp!) - Date.parse(c.now());
  if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
    throw new AuthError('clock_skew', `the request is timestamped ${Math.round(skew / 1000)} s from central's clock (at most ${MAX_CLOCK_SKEW_MS / 1000} s): set the terminal's clock`);
  }
  const t = await getTerminal(c, terminal!);
  const key = t?.public_key ? parseEd25519PublicKey(t.public_key) : null;
  if (!t || !key) throw new AuthError('unknown_terminal', `terminal ${terminal!} is not enrolled at central`);
  const parts = { method: req.method, path: req.url, digest: digest!, timestamp: timestamp!, nonce: nonce!, terminal: terminal! };
  if (!verifyRequestSignature(parts, signature!, key)) throw new AuthError('bad_signature', `the request is not signed by terminal ${terminal!}'s enrolled key`);
  if (t.status === 'disabled' && !allowDisabled) {
    throw new AuthError('terminal_disabled', `terminal ${terminal!} is disabled at central${t.status_reason ? `: ${t.status_reason}` : ''}`, 403);
  }
  return terminal!;
}

/** Remembers the nonce of an authenticated request whose body matched; throws AuthError on a replay. */
async function useRequestNonce(c: Central, terminal: string, nonce: string): Promise<void> {
  const expires = new Date(Date.parse(c.now()) + 2 * MAX_CLOCK_SKEW_MS).toISOString();
  if (!(await acceptNonce(c, terminal, nonce, expires))) throw new AuthError('replayed_nonce', `nonce ${nonce} was already used: a replayed request`);
}

/**
 * An onRequest hook: a signed route's headers and signature are checked before its body is read (the
 * signature covers the content-digest header, not the bytes), so an unsigned or garbage-signed request
 * is answered without central reading or parsing what it sends.
 */
export function signatureHook(c: Central) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const signed = req.routeOptions.config.signed;
    if (!signed) return;
    try {
      req.terminalId = await authenticate(c, req, signed === 'allow-disabled');
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      await reply.code(err.status).send({ error: err.message, reason: err.reason });
    }
  };
}

/**
 * A preValidation hook: once the body is read, its bytes must match the signed content-digest; only
 * then is the nonce spent (a refused request stores nothing, its nonce included).
 */
export function digestHook(c: Central) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!req.routeOptions.config.signed || !req.terminalId) return;
    try {
      if (contentDigest(req.rawBody ?? Buffer.alloc(0)) !== header(req, HEADER_DIGEST)) throw new AuthError('bad_digest', `${HEADER_DIGEST} does not match the body`);
      await useRequestNonce(c, req.terminalId, header(req, HEADER_NONCE)!);
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      await reply.code(err.status).send({ error: err.message, reason: err.reason });
    }
  };
}
