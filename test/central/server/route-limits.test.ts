/**
 * #19's route limits: an unknown game code answers 400 on every route taking a game, never 500; an
 * unsigned route (enrolment, time, health) refuses a large body before parsing it; a signed route checks
 * its signature headers before reading its body.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor, ENGINES, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, signHeaders, type TestTerminal } from '../support/terminal-client.js';

describe.each(ENGINES)('central route limits on %s', (engine) => {
  let c: StartedCentral;
  let t: TestTerminal;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['R1'], ...(databaseUrl ? { databaseUrl } : {}) });
    t = newTerminalKey();
    expect((await enrol(c.url, c.codes.R1 as string, t)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await releaseDatabase(engine);
  }, 60_000);

  it.each(['receive', 'activate', 'return'])('answers 400 for a pack operation (%s) on an unknown game', async (action) => {
    const a = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/packs', {
      game: 'no-such-game',
      emission: 1,
      block: 1,
      pack: 0,
      action,
      op_key: `${t.id}/pack/no-such-game/1/1/0/${action}`,
      at: new Date().toISOString(),
    });
    expect([a.status, a.json.reason]).toEqual([400, 'unknown_game']);
  });

  it('answers 400 for a digital sale of an unknown game', async () => {
    const a = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/digital/sell', { sale_key: `${t.id}-sale-0001`, game: 'no-such-game' });
    expect(a.status).toBe(400);
  });

  it('answers 4xx, never 500, for a claim or a file of an unknown game', async () => {
    const claim = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/claim', { barcode: '9'.repeat(24), claim_key: 'claim-key-0001' });
    expect(claim.status).toBeLessThan(500);
    const file = await signedRequest<{ reason: string }>(c.url, t, 'GET', '/v1/files/no-such-game-1-1.outcome');
    expect(file.status).toBe(404);
  });

  it('refuses a large body on the unsigned routes before parsing it', async () => {
    const big = JSON.stringify({ code: 'x'.repeat(16), public_key: 'x', proof: 'y'.repeat(20_000) });
    const a = await fetch(`${c.url}/v1/enrol`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect([a.status, ((await a.json()) as { reason: string }).reason]).toEqual([413, 'too_large']);
    // A normal enrolment body still fits (the refusal above is the size, not the content).
    const small = await fetch(`${c.url}/v1/enrol`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(small.status).toBe(400);
  });
});

/**
 * #19: a signed route checks its signature headers before it reads the body. A request whose body
 * never ends is answered all the same when its signature is garbage (central did not wait for the
 * body), and a garbage-signed body that is not JSON is refused as unsigned, not parsed.
 */
describe.each(ENGINES)('signed routes check their headers before the body on %s', (engine) => {
  let c: StartedCentral;
  let t: TestTerminal;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['H1'], ...(databaseUrl ? { databaseUrl } : {}) });
    t = newTerminalKey();
    expect((await enrol(c.url, c.codes.H1 as string, t)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await releaseDatabase(engine);
  }, 60_000);

  /** Sends the headers and the first KiB of a body announced at `length` bytes, never the rest; answers the status line. */
  async function answerBeforeBody(headers: Record<string, string>, length: number): Promise<string> {
    const { host, hostname, port } = new URL(c.url);
    const socket = connect({ host: hostname, port: Number(port) });
    await once(socket, 'connect');
    const head = [`POST /v1/push HTTP/1.1`, `host: ${host}`, 'content-type: application/json', `content-length: ${length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${head.join('\r\n')}\r\n\r\n{"entries":[${'0,'.repeat(512)}`);
    let text = '';
    for await (const chunk of socket) {
      text += String(chunk);
      if (text.includes('\r\n')) break;
    }
    socket.destroy();
    return text.split('\r\n')[0] ?? '';
  }

  it('answers an unsigned or garbage-signed request with a huge body before reading it', async () => {
    expect(await answerBeforeBody({}, 3_000_000)).toMatch(/^HTTP\/1\.1 401/);
    const garbage = signHeaders(t, 'POST', '/v1/push', Buffer.from('{}'), { signature: Buffer.alloc(64, 7).toString('base64') });
    expect(await answerBeforeBody(garbage, 3_000_000)).toMatch(/^HTTP\/1\.1 401/);
    // Over the body limit too: refused for its signature, not for its size.
    expect(await answerBeforeBody(garbage, 40_000_000)).toMatch(/^HTTP\/1\.1 401/);
  });

  it('refuses a garbage-signed body that is not JSON as unsigned, never parsing it', async () => {
    const a = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/push', {}, { signature: Buffer.alloc(64, 7).toString('base64'), rawBody: '{not json' });
    expect([a.status, a.json.reason]).toEqual([401, 'bad_signature']);
    // A well-signed request whose body is not the signed one: the digest, checked once the body is read.
    const b = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/push', { entries: [], events: [] }, { rawBody: '{"entries":[],"events":[] }' });
    expect([b.status, b.json.reason]).toEqual([401, 'bad_digest']);
  });
});
