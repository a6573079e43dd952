/**
 * #19's route limits: an unknown game code answers 400 on every route taking a game, never 500; an
 * unsigned route (enrolment, time, health) refuses a large body before parsing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor, ENGINES, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, type TestTerminal } from '../support/terminal-client.js';

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
