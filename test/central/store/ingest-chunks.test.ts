/**
 * Large pushes are checked in worker threads, chunk by chunk, and each chunk is written while the next
 * is checked: a bad entry in a late chunk still refuses the whole batch, names the first bad entry, and
 * leaves nothing of the batch stored (the chunks already written roll back with the transaction).
 * The chunks' writes go one after the other on the transaction's connection, never two at once.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireJournalEntry } from '../../../common/protocol/index.js';
import { checkEntries, closeVerifyPool, MIN_PARALLEL_ENTRIES } from '../../../central/protocol/verify-pool.js';
import type { Central } from '../../../central/store/context.js';
import type { Db, Queryable } from '../../../central/store/db.js';
import { ingestPush } from '../../../central/store/ingest.js';
import { addTerminal } from '../../../central/store/terminals.js';
import { databaseFor, ENGINES, initTestCentral, releaseDatabase } from '../support/engines.js';
import { TestJournal } from '../support/terminal-client.js';

const N = 600;

describe.each(ENGINES)('chunked ingest on %s', (engine) => {
  let tmp: string;
  let c: Central;
  let next = 0;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-ingest-chunks-'));
    const url = await databaseFor(engine);
    c = (await initTestCentral({ dataDir: join(tmp, 'central'), databaseUrl: url, keyFile: join(tmp, 'lottery.key') })).central;
  }, 180_000);
  afterAll(async () => {
    await c?.db.close();
    await closeVerifyPool();
    rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  async function terminal(): Promise<{ id: string; j: TestJournal; pem: string }> {
    const id = `K${++next}`;
    await addTerminal(c, 'test', id, `Chunks ${id}`);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await c.db.execute("UPDATE terminals SET status = 'active', public_key = $1, enrolled_at = 'x' WHERE terminal_id = $2", [pem, id]);
    return { id, j: new TestJournal({ id, privateKey, publicKey, publicKeyPem: pem }), pem };
  }

  async function held(id: string): Promise<number> {
    return (await c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries WHERE terminal_id = $1', [id]))[0]!.n;
  }

  it('splits a large batch into several chunks and finds exactly the bad entries', async () => {
    const { j, pem } = await terminal();
    const entries = j.appendMany(N);
    const other = generateKeyPairSync('ed25519').privateKey;
    const bad: WireJournalEntry[] = entries.map((e) => e);
    bad[450] = { ...entries[450]!, signature: sign(null, Buffer.from(entries[450]!.hash), other).toString('base64') };
    bad[520] = { ...entries[520]!, payload: { amount_cents: 1 } };
    const chunks = checkEntries(bad, pem);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((ch) => [ch.from, ch.to]).flat()).toEqual([0, ...chunks.slice(1).flatMap((ch) => [ch.from, ch.from]), N]);
    const codes = (await Promise.all(chunks.map((ch) => ch.problems))).flatMap((u) => [...u]);
    expect(codes.length).toBe(N);
    expect(codes.flatMap((code, i) => (code === 0 ? [] : [[i, code]]))).toEqual([
      [450, 2],
      [520, 1],
    ]);
    // Small batches stay in the calling thread: one chunk.
    expect(checkEntries(entries.slice(0, MIN_PARALLEL_ENTRIES - 1), pem)).toHaveLength(1);
  }, 60_000);

  it('stores a large batch whole, once', async () => {
    const { id, j } = await terminal();
    const entries = j.appendMany(N);
    const r = await ingestPush(c, id, { entries, events: entries.map((e) => j.eventOf(e)) });
    expect(r).toMatchObject({ refused: false, last_seq: N, stored_entries: N, stored_events: N });
    const again = await ingestPush(c, id, { entries, events: entries.map((e) => j.eventOf(e)) });
    expect(again).toMatchObject({ refused: false, last_seq: N, stored_entries: 0, skipped_entries: N, stored_events: 0 });
    expect(await held(id)).toBe(N);
  }, 60_000);

  it('refuses the whole batch for a bad signature in a late chunk, keeping nothing of it', async () => {
    const { id, j } = await terminal();
    const entries = j.appendMany(N);
    const other = generateKeyPairSync('ed25519').privateKey;
    const bad = entries.map((e) => (e.seq === 580 ? { ...e, signature: sign(null, Buffer.from(e.hash), other).toString('base64') } : e));
    const r = await ingestPush(c, id, { entries: bad, events: [] });
    expect(r).toMatchObject({ refused: true, reason: 'entry_signature', at_seq: 580, last_seq: 0 });
    expect(await held(id)).toBe(0);
    // The good journal then goes in whole.
    expect(await ingestPush(c, id, { entries, events: [] })).toMatchObject({ refused: false, last_seq: N, stored_entries: N });
  }, 60_000);

  it('reports the first problem in journal order when several chunks hold one', async () => {
    const { id, j } = await terminal();
    const entries = j.appendMany(N);
    const bad = entries.map((e) => (e.seq === 300 ? { ...e, payload: { amount_cents: 1 } } : e.seq === 590 ? { ...e, prev_hash: '1'.repeat(64) } : e));
    const r = await ingestPush(c, id, { entries: bad, events: [] });
    expect(r).toMatchObject({ refused: true, reason: 'entry_hash', at_seq: 300 });
    expect(await held(id)).toBe(0);
  }, 60_000);

  it('never has two statements in flight on the transaction, even when a chunk is checked before the last one is written', async () => {
    const { id, j } = await terminal();
    const entries = j.appendMany(N);
    let inFlight = 0;
    let most = 0;
    let inserts = 0;
    // The push's transaction, watched: every statement counted while it runs; each insert of journal
    // entries held back a while, so the next chunk's check is surely done before it ends.
    const watched = (tx: Queryable): Queryable => {
      const run = async <T>(sql: string, go: () => Promise<T>): Promise<T> => {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          if (/INSERT INTO journal_entries/i.test(sql)) {
            inserts++;
            await new Promise((r) => setTimeout(r, 150));
          }
          return await go();
        } finally {
          inFlight--;
        }
      };
      return {
        query: (sql, params) => run(sql, () => tx.query(sql, params)),
        execute: (sql, params) => run(sql, () => tx.execute(sql, params)),
      };
    };
    const db: Db = Object.create(c.db, { transaction: { value: <T>(fn: (tx: Queryable) => Promise<T>) => c.db.transaction((tx) => fn(watched(tx))) } }) as Db;
    const r = await ingestPush({ ...c, db }, id, { entries, events: entries.map((e) => j.eventOf(e)) });
    expect(r).toMatchObject({ refused: false, last_seq: N, stored_entries: N });
    expect(inserts).toBeGreaterThan(1); // several chunks, each written
    expect(most).toBe(1);
    expect(await held(id)).toBe(N);
  }, 60_000);
});
