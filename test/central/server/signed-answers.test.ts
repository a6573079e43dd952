/**
 * Central signs its answers (common/protocol/signature.ts, "Signed answers"), on PGlite and PostgreSQL:
 * every answer to a request with a nonce — a signed route's answer, its refusals, a route that does not
 * exist, the time asked with ?nonce= — carries the lottery's signature bound to the request's nonce,
 * terminal, method, path and the body's digest; an answer read for another request does not verify.
 */
import { createHash, randomBytes, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSigningString, contentDigestHeader, HEADER_ANSWER_SIGNATURE, HEADER_ANSWER_SIGNER, type SignedAnswerParts } from '../../../common/protocol/index.js';
import { databaseFor, ENGINES, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signHeaders, type TestTerminal } from '../support/terminal-client.js';

interface Seen {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
}

describe.each(ENGINES)('signed answers from central on %s', (engine) => {
  let c: StartedCentral;
  let t: TestTerminal;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1'], ...(databaseUrl ? { databaseUrl } : {}) });
    t = newTerminalKey('T1');
    expect((await enrol(c.url, c.codes.T1!, t)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await releaseDatabase(engine);
  });

  const verifies = (seen: Seen, parts: Omit<SignedAnswerParts, 'status' | 'digest'>): boolean => {
    if (seen.headers.get(HEADER_ANSWER_SIGNER) !== c.lotteryKey.fingerprint) return false;
    const digest = contentDigestHeader(createHash('sha256').update(seen.body).digest('base64'));
    const text = answerSigningString({ ...parts, status: seen.status, digest });
    return verify(null, Buffer.from(text, 'utf8'), c.lotteryKey.publicKey, Buffer.from(seen.headers.get(HEADER_ANSWER_SIGNATURE) ?? '', 'base64'));
  };
  const get = async (path: string, headers: Record<string, string> = {}): Promise<Seen> => {
    const res = await fetch(`${c.url}${path}`, { headers });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  const signedGet = async (path: string, nonce: string, o: Parameters<typeof signHeaders>[4] = {}): Promise<Seen> => get(path, signHeaders(t, 'GET', path, Buffer.alloc(0), { nonce, ...o }));
  const nonce = (): string => randomBytes(18).toString('base64url');

  it('a signed route\'s answer is signed for that request and no other', async () => {
    const n = nonce();
    const path = '/v1/feed?cursor=0&limit=5';
    const seen = await signedGet(path, n);
    expect(seen.status).toBe(200);
    expect(verifies(seen, { method: 'GET', path, terminal: 'T1', nonce: n })).toBe(true);
    expect(verifies(seen, { method: 'GET', path, terminal: 'T1', nonce: nonce() })).toBe(false);
    expect(verifies(seen, { method: 'GET', path: '/v1/feed?cursor=1&limit=5', terminal: 'T1', nonce: n })).toBe(false);
    expect(verifies(seen, { method: 'GET', path, terminal: 'T2', nonce: n })).toBe(false);
    expect(verifies({ ...seen, status: 409 }, { method: 'GET', path, terminal: 'T1', nonce: n })).toBe(false);
    expect(verifies({ ...seen, body: Buffer.concat([seen.body, Buffer.from(' ')]) }, { method: 'GET', path, terminal: 'T1', nonce: n })).toBe(false);
  });

  it('refusals are signed: a bad signature (401), a replayed nonce, a route that does not exist (404)', async () => {
    const path = '/v1/statement?week=2026-W01';
    const n = nonce();
    const bad = await signedGet(path, n, { signature: Buffer.alloc(64).toString('base64') });
    expect(bad.status).toBe(401);
    expect(verifies(bad, { method: 'GET', path, terminal: 'T1', nonce: n })).toBe(true);
    const m = nonce();
    expect((await signedGet('/v1/feed?cursor=0', m)).status).toBe(200);
    const replayed = await signedGet('/v1/feed?cursor=0', m);
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body.toString()).reason).toBe('replayed_nonce');
    expect(verifies(replayed, { method: 'GET', path: '/v1/feed?cursor=0', terminal: 'T1', nonce: m })).toBe(true);
    const k = nonce();
    const missing = await signedGet('/v1/nowhere', k);
    expect(missing.status).toBe(404);
    expect(verifies(missing, { method: 'GET', path: '/v1/nowhere', terminal: 'T1', nonce: k })).toBe(true);
  });

  it('the time asked with ?nonce= is signed and bound to it; asked without, it is not signed', async () => {
    const n = nonce();
    const path = `/v1/time?nonce=${n}`;
    const seen = await get(path);
    expect(seen.status).toBe(200);
    expect(verifies(seen, { method: 'GET', path, terminal: '', nonce: n })).toBe(true);
    expect(verifies(seen, { method: 'GET', path: `/v1/time?nonce=${nonce()}`, terminal: '', nonce: n })).toBe(false);
    const plain = await get('/v1/time');
    expect(plain.status).toBe(200);
    expect(plain.headers.get(HEADER_ANSWER_SIGNATURE)).toBeNull();
    expect((await get('/v1/time?nonce=short')).status).toBe(400);
  });
});
