/** Central's protocol end to end over loopback HTTP, on PGlite and on a real PostgreSQL. */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotterySigningString, MAX_BODY_BYTES, type FeedAnswer, type PushAnswer } from '../../../common/protocol/index.js';
import { databaseFor, ENGINES, releaseDatabase } from '../support/engines.js';
import { startCentral, type StartedCentral } from '../support/start-central.js';
import { enrol, newTerminalKey, signedRequest, TestJournal, type TestTerminal } from '../support/terminal-client.js';

const TERMINALS = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9'];

describe.each(ENGINES)('central protocol on %s', (engine) => {
  let c: StartedCentral;

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: TERMINALS, ...(databaseUrl ? { databaseUrl } : {}) });
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await releaseDatabase(engine);
  }, 60_000);

  async function enrolled(id: string): Promise<TestTerminal> {
    const t = newTerminalKey();
    const a = await enrol(c.url, c.codes[id] as string, t);
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    return t;
  }
  const held = async (id: string) =>
    c.central.db.query<{ seq: number; hash: string }>('SELECT seq, hash FROM journal_entries WHERE terminal_id = $1 ORDER BY seq', [id]);
  const count = async (table: string, id: string) =>
    (await c.central.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE terminal_id = $1`, [id]))[0]?.n;
  const push = (t: TestTerminal, entries: unknown[], events: unknown[] = []) => signedRequest<PushAnswer & { reason?: string; at_seq?: number }>(c.url, t, 'POST', '/v1/push', { entries, events });

  it('enrols a terminal once with its code, answering a lottery-signed enrolment', async () => {
    const t = newTerminalKey();
    const a = await enrol(c.url, c.codes.T1 as string, t);
    expect(a.status).toBe(200);
    const { enrolment, signer, signature } = a.json;
    expect(enrolment.terminal_id).toBe('T1');
    expect(signer).toBe(c.lotteryKey.fingerprint);
    // The answer carries the root and its certificates: central's online key and the emission key.
    expect(enrolment.root.fingerprint).toBe(c.root);
    expect(enrolment.certificates.map((k) => [k.body.role, k.body.fingerprint])).toContainEqual(['online', c.lotteryKey.fingerprint]);
    expect(enrolment.certificates.map((k) => k.body.role).sort()).toEqual(['emission', 'online']);
    const key = createPublicKey(enrolment.certificates.find((k) => k.body.role === 'online')!.body.public_key);
    expect(verify(null, Buffer.from(lotterySigningString('enrolment', enrolment)), key, Buffer.from(signature, 'base64'))).toBe(true);
    // The code is spent: another key cannot take the terminal.
    const again = await enrol(c.url, c.codes.T1 as string, newTerminalKey());
    expect(again.status).toBe(403);
    expect(again.json.reason).toBe('code_used');
    const unknown = await enrol(c.url, 'AAAA-BBBB-CCCC-DDDD', newTerminalKey());
    expect(unknown.json.reason).toBe('bad_code');
    // A proof signed by another key than the one enrolled is refused.
    const t9 = newTerminalKey();
    const badProof = await enrol(c.url, c.codes.T9 as string, t9, newTerminalKey().privateKey);
    expect([badProof.status, badProof.json.reason]).toEqual([400, 'bad_proof']);
  });

  it('refuses an expired enrolment code', async () => {
    c.setClockOffset(25 * 3600 * 1000);
    try {
      const a = await enrol(c.url, c.codes.T8 as string, newTerminalKey());
      expect([a.status, a.json.reason]).toEqual([403, 'code_expired']);
    } finally {
      c.setClockOffset(0);
    }
    expect((await c.central.db.query<{ status: string }>("SELECT status FROM terminals WHERE terminal_id = 'T8'"))[0]?.status).toBe('pending');
  });

  it('stores pushes exactly once: retried, duplicated and reordered batches change nothing', async () => {
    const t = await enrolled('T2');
    const j = new TestJournal(t);
    const all = j.appendMany(30);
    const [b1, b2, b3] = [all.slice(0, 10), all.slice(10, 20), all.slice(20)];
    const r1 = await push(t, b1, b1.map((e) => j.eventOf(e)));
    expect(r1.status).toBe(200);
    expect(r1.json).toMatchObject({ last_seq: 10, last_hash: all[9]!.hash, stored_entries: 10, stored_events: 10 });
    // Retry of the same batch: everything skipped.
    const retry = await push(t, b1, b1.map((e) => j.eventOf(e)));
    expect(retry.json).toMatchObject({ last_seq: 10, stored_entries: 0, skipped_entries: 10, stored_events: 0, skipped_events: 10 });
    // The third batch overtakes the second: refused as out of order (no alert), nothing stored.
    const early = await push(t, b3, b3.map((e) => j.eventOf(e)));
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ reason: 'out_of_order', at_seq: 11, last_seq: 10 });
    expect(await count('outbox_events', 'T2')).toBe(10);
    // Second batch shuffled and with a duplicate inside, overlapping the first.
    const shuffled = [...b2].reverse().concat([b2[3]!, b1[9]!]);
    const r2 = await push(t, shuffled, b2.map((e) => j.eventOf(e)));
    expect(r2.status, JSON.stringify(r2.json)).toBe(200);
    expect(r2.json.last_seq).toBe(20);
    const r3 = await push(t, b3, [...b3, ...b2].map((e) => j.eventOf(e)));
    expect(r3.json).toMatchObject({ last_seq: 30, last_hash: all[29]!.hash, stored_entries: 10, stored_events: 10, skipped_events: 10 });
    expect((await held('T2')).map((r) => r.hash)).toEqual(all.map((e) => e.hash));
    expect(await count('outbox_events', 'T2')).toBe(30);
    expect(await count('integrity_alerts', 'T2')).toBe(0);
  });

  it('refuses a broken chain with 409 and records an integrity alert', async () => {
    const t = await enrolled('T3');
    const j = new TestJournal(t);
    const es = j.appendMany(5);
    expect((await push(t, es.slice(0, 3))).status).toBe(200);
    // Entry 4 pointing to another previous hash (an entry inserted/deleted before it).
    const forged = { ...es[3]!, prev_hash: 'f'.repeat(64) };
    const r = await push(t, [forged, es[4]!]);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ reason: 'chain_broken', at_seq: 4, last_seq: 3, last_hash: es[2]!.hash });
    // An entry whose contents no longer match its hash.
    const edited = { ...es[3]!, payload: { amount_cents: 1 } };
    expect((await push(t, [edited])).json).toMatchObject({ reason: 'entry_hash', at_seq: 4 });
    // An entry sealed by another key.
    const stranger = new TestJournal({ ...newTerminalKey(), id: 'T3' });
    stranger.entries.push(...es.slice(0, 3));
    const alien = stranger.append();
    expect((await push(t, [alien])).json).toMatchObject({ reason: 'entry_signature', at_seq: 4 });
    expect(await held('T3')).toHaveLength(3);
    expect(await count('integrity_alerts', 'T3')).toBe(3);
    expect(await count('refused_pushes', 'T3')).toBe(3);
    // The honest continuation still goes in.
    expect((await push(t, es.slice(3))).json.last_seq).toBe(5);
  });

  it('refuses a journal rewritten and re-signed with the terminal key after central saw it', async () => {
    const t = await enrolled('T4');
    const j = new TestJournal(t);
    j.appendMany(6);
    expect((await push(t, j.entries)).json.last_seq).toBe(6);
    const before = j.entries.map((e) => e.hash);
    // Someone with the data folder lowers payout 3 and re-seals 3…6 with terminal.key: `journal verify` passes.
    j.rewrite(3, { amount_cents: 1 });
    j.append();
    expect(j.entries[2]!.hash).not.toBe(before[2]);
    // Sending only the new entry: it does not continue central's chain.
    const onlyNew = await push(t, [j.entries[6]!]);
    expect(onlyNew.status).toBe(409);
    expect(onlyNew.json).toMatchObject({ reason: 'chain_broken', at_seq: 7 });
    // Sending the rewritten entries too: entry 3 differs from the one acknowledged.
    const all = await push(t, j.entries);
    expect(all.json).toMatchObject({ reason: 'chain_broken', at_seq: 3 });
    expect((await held('T4')).map((r) => r.hash)).toEqual(before);
    const alerts = await c.central.db.query<{ reason: string; at_seq: number; held_hash: string }>('SELECT reason, at_seq, held_hash FROM integrity_alerts WHERE terminal_id = $1 ORDER BY alert_id', ['T4']);
    expect(alerts.map((a) => [a.reason, a.at_seq])).toEqual([
      ['chain_broken', 7],
      ['chain_broken', 3],
    ]);
    expect(alerts[1]!.held_hash).toBe(before[2]);
  });

  it('refuses bad signatures, skewed clocks, replays, unknown, disabled and impostor terminals, storing nothing', async () => {
    const t = await enrolled('T5');
    const other = await enrolled('T6');
    const j = new TestJournal(t);
    const [e1] = j.appendMany(1);
    const body = { entries: [e1], events: [j.eventOf(e1!)] };
    const nonces = async () => (await c.central.db.query<{ n: number }>("SELECT count(*)::int AS n FROM nonces WHERE terminal_id = 'T5'"))[0]?.n;
    const noncesBefore = await nonces();
    const cases: [string, Promise<{ status: number; json: unknown }>, number, string][] = [
      ['no signature', signedRequest(c.url, t, 'POST', '/v1/push', body, { omit: ['x-guichet-signature'] }), 401, 'missing_header'],
      ['signed by another key', signedRequest(c.url, t, 'POST', '/v1/push', body, { key: newTerminalKey().privateKey }), 401, 'bad_signature'],
      ['another terminal id', signedRequest(c.url, t, 'POST', '/v1/push', body, { terminal: 'T6' }), 401, 'bad_signature'],
      ['signed for another path', signedRequest(c.url, t, 'POST', '/v1/push', body, { signedPath: '/v1/feed' }), 401, 'bad_signature'],
      ['body changed after signing', signedRequest(c.url, t, 'POST', '/v1/push', body, { rawBody: JSON.stringify({ entries: [], events: [] }) }), 401, 'bad_digest'],
      ['timestamp 6 minutes late', signedRequest(c.url, t, 'POST', '/v1/push', body, { timestamp: new Date(Date.now() - 6 * 60_000).toISOString() }), 401, 'clock_skew'],
      ['timestamp 6 minutes ahead', signedRequest(c.url, t, 'POST', '/v1/push', body, { timestamp: new Date(Date.now() + 6 * 60_000).toISOString() }), 401, 'clock_skew'],
      ['unknown terminal', signedRequest(c.url, { ...t, id: 'NOPE' }, 'POST', '/v1/push', body), 401, 'unknown_terminal'],
      ['registered, not enrolled', signedRequest(c.url, { ...t, id: 'T7' }, 'POST', '/v1/push', body), 401, 'unknown_terminal'],
      ['entries of another terminal', signedRequest(c.url, other, 'POST', '/v1/push', body), 403, 'wrong_terminal'],
    ];
    for (const [what, req, status, reason] of cases) {
      const a = await req;
      expect([what, a.status, (a.json as { reason: string }).reason]).toEqual([what, status, reason]);
    }
    expect(await held('T5')).toHaveLength(0);
    expect(await count('outbox_events', 'T5')).toBe(0);
    expect(await count('journal_entries', 'T6')).toBe(0);
    expect(await nonces()).toBe(noncesBefore);

    // A replayed request (same nonce) is refused even though its signature is valid.
    const nonce = 'replay-nonce-0123456789';
    expect((await signedRequest(c.url, t, 'POST', '/v1/push', body, { nonce })).status).toBe(200);
    const replay = await signedRequest(c.url, t, 'POST', '/v1/push', body, { nonce });
    expect([replay.status, (replay.json as { reason: string }).reason]).toEqual([401, 'replayed_nonce']);

    // Disabled: claims refused (403); pushes still stored, central keeps collecting the journal (#19: its
    // new money is not credited, test/central/server/payout-checks.test.ts); the feed still answers so the
    // terminal learns why, signed.
    await c.central.db.query("UPDATE terminals SET status = 'disabled', status_reason = 'audit' WHERE terminal_id = 'T5'");
    const [e2] = j.appendMany(1);
    const stored = await signedRequest(c.url, t, 'POST', '/v1/push', { entries: [e2], events: [] });
    expect(stored.status).toBe(200);
    expect(await held('T5')).toHaveLength(2);
    const claim = await signedRequest(c.url, t, 'POST', '/v1/claim', { barcode: '1'.repeat(34), claim_key: 'disabled-claim-1' });
    expect([claim.status, (claim.json as { reason: string }).reason]).toEqual([403, 'terminal_disabled']);
    expect((await signedRequest(c.url, t, 'GET', '/v1/feed?cursor=0')).status).toBe(200);
  });

  it('answers malformed JSON, schema violations and oversize bodies with a clear 4xx, storing nothing', async () => {
    const t = await enrolled('T7');
    const raw = (body: string) => signedRequest<{ reason: string; error: string }>(c.url, t, 'POST', '/v1/push', undefined, { rawBody: body, digest: `sha-256=:${createHash('sha256').update(body).digest('base64')}:` });
    const bad = await raw('{"entries": [');
    expect([bad.status, bad.json.reason]).toEqual([400, 'malformed_json']);
    const schema = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/push', { entries: [{ seq: -1 }], events: [] });
    expect([schema.status, schema.json.reason]).toEqual([400, 'bad_request']);
    const big = await raw(JSON.stringify({ entries: [], events: [], pad: 'x'.repeat(MAX_BODY_BYTES) }));
    expect([big.status, big.json.reason]).toEqual([413, 'too_large']);
    const enrolJunk = await fetch(`${c.url}/v1/enrol`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[[[' });
    expect(enrolJunk.status).toBe(400);
    expect(await count('journal_entries', 'T7')).toBe(0);
    // Text PostgreSQL cannot hold (a NUL) in an event: no longer a 400 that blocks the terminal's sync
    // for good (#19): the event is quarantined, the entry stored (push-checks.test.ts).
    const j = new TestJournal(t);
    const [e1] = j.appendMany(1);
    const nul = await signedRequest<{ reason: string }>(c.url, t, 'POST', '/v1/push', { entries: [e1], events: [{ ...j.eventOf(e1!), payload: { note: 'a\u0000b' } }] });
    expect(nul.status).toBe(200);
    expect(await count('journal_entries', 'T7')).toBe(1);
    expect(await count('quarantined_events', 'T7')).toBe(1);
    expect((await fetch(`${c.url}/v1/health`)).status).toBe(200);
  });

  it('serves the feed from a cursor, every entry signed by the lottery key', async () => {
    const t = await enrolled('T9');
    const key = createPublicKey(c.lotteryKey.publicKeyPem);
    const { setConfig, stopListChange } = await import('../../../central/store/feed.js');
    const { setTerminalEnabled } = await import('../../../central/store/terminals.js');
    const base = (await signedRequest<FeedAnswer>(c.url, t, 'GET', '/v1/feed?cursor=0&limit=500')).json.next_cursor;
    await setConfig(c.central, 'test', 'payout_limit_max_cents', 150000);
    await stopListChange(c.central, 'test', '0001234', 'add', 'stolen');
    await setTerminalEnabled(c.central, 'test', 'T6', false, 'not this one'); // for T6 only
    await setConfig(c.central, 'test', 'receipt_footer', 'Merci');
    const page1 = await signedRequest<FeedAnswer>(c.url, t, 'GET', `/v1/feed?cursor=${base}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.json.entries.map((e) => e.body.item.kind)).toEqual(['config', 'stop_list']);
    expect(page1.json.more).toBe(true);
    const page2 = await signedRequest<FeedAnswer>(c.url, t, 'GET', `/v1/feed?cursor=${page1.json.next_cursor}&limit=2`);
    expect(page2.json.entries.map((e) => e.body.item)).toEqual([{ kind: 'config', key: 'receipt_footer', value: 'Merci' }]);
    expect(page2.json.more).toBe(false);
    for (const e of [...page1.json.entries, ...page2.json.entries]) {
      expect(e.signer).toBe(c.lotteryKey.fingerprint);
      expect(verify(null, Buffer.from(lotterySigningString('feed', e.body)), key, Buffer.from(e.signature, 'base64'))).toBe(true);
    }
    // A tampered item fails the check the terminal makes.
    const tampered = { ...page1.json.entries[0]!.body, item: { kind: 'config', key: 'payout_limit_max_cents', value: 99999999 } };
    expect(verify(null, Buffer.from(lotterySigningString('feed', tampered)), key, Buffer.from(page1.json.entries[0]!.signature, 'base64'))).toBe(false);
    const end = await signedRequest<FeedAnswer>(c.url, t, 'GET', `/v1/feed?cursor=${page2.json.next_cursor}`);
    expect(end.json).toEqual({ entries: [], next_cursor: page2.json.next_cursor, more: false, epoch: expect.stringMatching(/^[0-9a-f-]{36}$/), epoch_floor: expect.any(Number) });
    const badCursor = await signedRequest<{ reason: string }>(c.url, t, 'GET', '/v1/feed?cursor=-3');
    expect([badCursor.status, badCursor.json.reason]).toEqual([400, 'bad_request']);
  });

  it('gives the time and a Date header for the clock offset', async () => {
    const res = await fetch(`${c.url}/v1/time`);
    const { now } = (await res.json()) as { now: string };
    expect(Number.isNaN(Date.parse(now))).toBe(false);
    expect(res.headers.get('date')).toMatch(/GMT$/);
  });
});
