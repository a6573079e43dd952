/**
 * #19's quotas at central, on both engines: claims and pack receipts per terminal, enrolment attempts
 * per address, each configurable; beyond the limit 429 `quota_exceeded` naming it. The terminal's
 * client surfaces that refusal at once (attempts counted at central), never retrying it as an overload.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_CACHE_TTL_MS } from '../../../central/store/config-cache.js';
import { setConfig } from '../../../central/store/feed.js';
import { ClaimAnswer } from '../../../common/protocol/index.js';
import { CentralAnswerError, createCentralClient } from '../../../main/services/sync/client.js';
import { databaseFor, ENGINES } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, type TestTerminal } from '../support/terminal-client.js';

describe.each(ENGINES)('quotas at central on %s', (engine) => {
  let c: StartedCentral;
  let t: TestTerminal;
  let other: TestTerminal;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['L1', 'L2', 'L3'], ...(databaseUrl ? { databaseUrl } : {}) });
    t = newTerminalKey();
    other = newTerminalKey();
    expect((await enrol(c.url, c.codes.L1!, t)).status).toBe(200);
    expect((await enrol(c.url, c.codes.L2!, other)).status).toBe(200);
  }, 180_000);
  afterAll(() => c?.close(), 60_000);

  const claim = (who: TestTerminal, i: number) =>
    signedRequest<{ reason?: string; error?: string; verdict?: string }>(c.url, who, 'POST', '/v1/claim', { barcode: `2130010100${String(i).padStart(3, '0')}0000000000000000000000`.slice(0, 34), claim_key: `quota-claim-${String(i).padStart(4, '0')}` });
  const claimCount = async (who: TestTerminal) =>
    (await c.central.db.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM quota_counters WHERE subject = $1 AND counter = 'claim'`, [`terminal:${who.id}`]))[0]!.n;

  it('answers 429 after N claims of a terminal in the minute; another terminal still claims', async () => {
    await setConfig(c.central, 'test', 'quota_claims_per_minute', 3);
    for (let i = 0; i < 3; i++) expect((await claim(t, i)).status).not.toBe(429);
    const over = await claim(t, 3);
    expect(over).toMatchObject({ status: 429, json: { reason: 'quota_exceeded' } });
    expect(over.json.error).toMatch(/quota_claims_per_minute/);
    expect((await claim(other, 10)).status).not.toBe(429);
  });

  it("is surfaced by the terminal's client at once, not retried", async () => {
    // Refused whatever the minute: a limit of 0 (the limit above, 3 used, holds only until the minute turns).
    await setConfig(c.central, 'test', 'quota_claims_per_minute', 0);
    const client = createCentralClient({ url: c.url, signer: { terminalId: t.id, privateKey: t.privateKey, now: () => new Date() }, maxAttempts: 6, initialDelayMs: 1, maxDelayMs: 2, answerKeys: () => new Map([[c.central.lotteryKey.fingerprint, c.central.lotteryKey.publicKey]]) });
    const before = await claimCount(t);
    const err = await client.call('POST', '/v1/claim', { barcode: '2'.repeat(34), claim_key: 'quota-client-0001' }, ClaimAnswer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CentralAnswerError);
    expect(err).toMatchObject({ status: 429, reason: 'quota_exceeded' });
    expect(await claimCount(t)).toBe(before + 1);
  });

  it('answers 429 after N pack receipts of a terminal in the hour (other pack operations not counted)', async () => {
    await setConfig(c.central, 'test', 'quota_pack_receipts_per_hour', 1);
    const op = (pack: number, action: string) =>
      signedRequest<{ reason?: string }>(c.url, t, 'POST', '/v1/packs', { game: 'annee-chance-2013', emission: 1, block: 1, pack, action, op_key: `${t.id}/pack/q/${pack}/${action}`, at: new Date().toISOString() });
    expect((await op(1, 'receive')).status).not.toBe(429);
    expect((await op(1, 'activate')).status).not.toBe(429);
    expect(await op(2, 'receive')).toMatchObject({ status: 429, json: { reason: 'quota_exceeded' } });
  });

  it('answers 429 after N failed enrolment attempts from one address in the hour (successes not counted)', async () => {
    await setConfig(c.central, 'test', 'quota_enrolments_per_hour', 2);
    const attempt = () => enrol(c.url, 'WRONG-CODE-0000', newTerminalKey());
    // The two enrolments above came from this address too, and succeeded: not counted.
    expect((await attempt()).status).toBe(403);
    expect((await attempt()).status).toBe(403);
    const a = await attempt();
    expect(a.status).toBe(429);
    expect(a.json).toMatchObject({ reason: 'quota_exceeded' });
    expect(a.json.error).toMatch(/quota_enrolments_per_hour/);
  });

  it("issue 39 #13: after a stranger's made-up attempts from the same address, the technician's real code still enrols", async () => {
    await setConfig(c.central, 'test', 'quota_enrolments_per_hour', 2);
    for (let i = 0; i < 4; i++) await enrol(c.url, `MADE-UP-CODE-${i}`, newTerminalKey());
    expect((await enrol(c.url, 'MADE-UP-CODE-X', newTerminalKey())).status).toBe(429);
    expect((await enrol(c.url, c.codes.L3!, newTerminalKey())).status).toBe(200);
  });

  it('counts claims per address too: every terminal behind a used-up address is refused, naming that limit', async () => {
    await setConfig(c.central, 'test', 'quota_claims_per_minute', 600);
    expect((await claim(other, 20)).status).not.toBe(429);
    await setConfig(c.central, 'test', 'quota_address_claims_per_minute', 0);
    for (const [who, i] of [[t, 21], [other, 22]] as const) {
      const over = await claim(who, i);
      expect(over).toMatchObject({ status: 429, json: { reason: 'quota_exceeded' } });
      expect(over.json.error).toMatch(/quota_address_claims_per_minute/);
    }
    await setConfig(c.central, 'test', 'quota_address_claims_per_minute', 3000);
    expect((await claim(other, 23)).status).not.toBe(429);
  });

  it('reads its configuration from a per-process cache: renewed at once by a write here, within the time-to-live for a write by another process', async () => {
    await setConfig(c.central, 'test', 'quota_claims_per_minute', 600);
    await setConfig(c.central, 'test', 'quota_address_claims_per_minute', 3000);
    // The monotonic clock held still, then moved on past the time-to-live: no waiting, nothing timed.
    const t0 = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(t0);
    try {
      expect((await claim(other, 30)).status).not.toBe(429);
      // Another central process sharing the database (the CLI's `central config set`) writes the row, not through this process.
      await c.central.db.execute(`UPDATE config SET value = '0'::jsonb WHERE key = 'quota_claims_per_minute'`);
      // This process still holds what it read (no read of the whole configuration per claim)...
      expect((await claim(other, 31)).status).not.toBe(429);
      // ...until its time-to-live has passed.
      clock.mockReturnValue(t0 + CONFIG_CACHE_TTL_MS + 1);
      const over = await claim(other, 32);
      expect(over).toMatchObject({ status: 429, json: { reason: 'quota_exceeded' } });
      expect(over.json.error).toMatch(/quota_claims_per_minute/);
    } finally {
      clock.mockRestore();
    }
    // A write through this process renews it at once.
    await setConfig(c.central, 'test', 'quota_claims_per_minute', 600);
    expect((await claim(other, 33)).status).not.toBe(429);
  });
});
