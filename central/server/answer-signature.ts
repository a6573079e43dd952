/**
 * Central signs its answers (common/protocol/signature.ts, "Signed answers"): one onSend hook adds the
 * lottery's signature, bound to the request's nonce, terminal, method and path and to the answer's
 * digest, to every answer of a request that carries a nonce (a signed request's header, or the time's
 * `?nonce=`), refusals included. Streamed outcome files are left unsigned (each is lottery-signed).
 */
import { sign } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ANSWER_NONCE_PARAM,
  HEADER_ANSWER_SIGNATURE,
  HEADER_ANSWER_SIGNER,
  HEADER_NONCE,
  HEADER_TERMINAL,
  NONCE_PATTERN,
  TerminalId,
  answerSigningString,
} from '../../common/protocol/index.js';
import { contentDigest } from '../../node/protocol/content-digest.js';
import type { Central } from '../store/context.js';

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** The nonce an answer is bound to: the signed request's header, else the `nonce` query parameter. */
export function requestNonce(req: FastifyRequest): string | undefined {
  const nonce = headerOf(req, HEADER_NONCE) ?? new URL(req.url, 'http://central.invalid').searchParams.get(ANSWER_NONCE_PARAM) ?? undefined;
  return nonce !== undefined && NONCE_PATTERN.test(nonce) ? nonce : undefined;
}

/** The onSend hook: signs the answer's bytes when the request named a nonce. */
export function answerSignatureHook(c: Central) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const nonce = requestNonce(req);
    if (nonce === undefined) return payload;
    let body: Buffer;
    if (payload === null || payload === undefined) body = Buffer.alloc(0);
    else if (typeof payload === 'string') body = Buffer.from(payload, 'utf8');
    else if (Buffer.isBuffer(payload)) body = payload;
    else return payload; // a stream: an outcome file, lottery-signed itself
    const named = headerOf(req, HEADER_TERMINAL);
    const terminal = named !== undefined && TerminalId.safeParse(named).success ? named : '';
    const text = answerSigningString({ status: reply.statusCode, method: req.method, path: req.url, terminal, nonce, digest: contentDigest(body) });
    reply.header(HEADER_ANSWER_SIGNER, c.lotteryKey.fingerprint);
    reply.header(HEADER_ANSWER_SIGNATURE, sign(null, Buffer.from(text, 'utf8'), c.lotteryKey.privateKey).toString('base64'));
    return body;
  };
}
