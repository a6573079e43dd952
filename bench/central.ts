/**
 * Central: journal entries ingested per second through central's push path (checks of chain, hashes
 * and signatures, then the insert) into PostgreSQL, against the floor of COPY (pg-copy-streams) of the
 * same rows into the same table in the same run; and a terminal offline for a day catching up 10,000
 * entries end to end (signed HTTP requests to a served central, acknowledgements, outbox marked sent).
 *
 * PostgreSQL: a throwaway cluster (test/support/local-cluster.ts) when the server binaries are
 * installed; otherwise only the catch-up runs, on PGlite. Knobs: BENCH_CENTRAL_ENTRIES (20,000),
 * BENCH_CENTRAL_BATCH (1,000), BENCH_CENTRAL_CATCHUP (10,000).
 */
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { WireJournalEntry } from '../common/protocol/index.js';
import { canonicalJson } from '../common/canonical-json.js';
import { initCentral } from '../central/store/open.js';
import { addTerminal, enrolTerminal } from '../central/store/terminals.js';
import { ingestPush } from '../central/store/ingest.js';
import { verifyWorkerCount, warmVerifyPool } from '../central/protocol/verify-pool.js';
import { serveCentral } from '../central/server/serve.js';
import { sealEntry } from '../main/kernel/chain.js';
import { GENESIS_HASH } from '../node/journal/entry-hash.js';
import { publicKeyPemOf } from '../main/kernel/keys.js';
import { enrollTerminal } from '../main/services/sync/enroll.js';
import { enrolNonce, enrolRequest } from '../node/protocol/enrol-code.js';
import { syncOnce } from '../main/services/sync/sync.js';
import { record } from '../main/kernel/record.js';
import { inTransaction } from '../main/kernel/transaction.js';
import { pgAvailable, startPgCluster } from '../test/support/local-cluster.js';

const ENTRIES = Number(process.env.BENCH_CENTRAL_ENTRIES ?? 20_000);
const BATCH = Number(process.env.BENCH_CENTRAL_BATCH ?? 1_000);
const CATCHUP = Number(process.env.BENCH_CENTRAL_CATCHUP ?? 10_000);

const rate = (n: number, ms: number): string => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;

/** A sale-like journal, sealed by `key`, for terminal `id`. */
function journalOf(id: string, n: number, privateKey: KeyObject): WireJournalEntry[] {
  const out: WireJournalEntry[] = [];
  let prev = GENESIS_HASH;
  const t0 = Date.parse('2026-11-30T08:00:00.000Z');
  for (let seq = 1; seq <= n; seq++) {
    const fields = {
      seq,
      at: new Date(t0 + seq * 1000).toISOString(),
      terminal: id,
      type: 'sale',
      operator: 'alice',
      payload: { sale_id: seq, lines: [{ game: 'annee-chance-2013', emission: 1, block: 1, unit: seq % 300, price_cents: 300 }], money: { kind: 'sale', lines: [{ game: 'annee-chance-2013', count: 1, amount_cents: 300 }] } },
    };
    const e = sealEntry(fields, prev, privateKey);
    prev = e.hash;
    out.push(e as WireJournalEntry);
  }
  return out;
}

async function enrolled(c: Parameters<typeof addTerminal>[0], id: string): Promise<KeyObject> {
  const { code } = await addTerminal(c, 'bench', id, `Bench ${id}`);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = publicKeyPemOf(publicKey);
  await enrolTerminal(c, enrolRequest(code, pem, privateKey, enrolNonce()).request);
  return privateKey;
}

async function ingestVsCopy(): Promise<void> {
  if (!pgAvailable()) {
    console.log('central ingest: PostgreSQL server binaries not installed (scripts/setup.sh installs them); skipped');
    return;
  }
  const cluster = await startPgCluster();
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-bench-central-'));
  try {
    const url = await cluster.createDatabase('bench');
    const { central } = await initCentral({ dataDir: path.join(dir, 'central'), keyFile: path.join(dir, 'lottery.key'), databaseUrl: url });
    const key = await enrolled(central, 'B1');
    const entries = journalOf('B1', ENTRIES, key);
    const pub = createPublicKey(key);
    await warmVerifyPool(); // as \`central serve\` does at startup
    const t0 = performance.now();
    for (let i = 0; i < entries.length; i += BATCH) {
      const r = await ingestPush(central, 'B1', { entries: entries.slice(i, i + BATCH), events: [] });
      if (r.refused) throw new Error(`bench push refused: ${JSON.stringify(r)}`);
    }
    const pushMs = performance.now() - t0;
    await central.db.close();

    // The floor: the same rows (another terminal id) straight into the same table with COPY.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const now = new Date().toISOString();
    const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
    const lines = function* (): Generator<string> {
      for (const e of entries) {
        yield `C1\t${e.seq}\t${e.at}\t${e.type}\t${e.operator ?? '\\N'}\t${esc(canonicalJson(e.payload))}\t${e.prev_hash}\t${e.hash}\t${e.signature}\t${now}\n`;
      }
    };
    const t1 = performance.now();
    await pipeline(
      Readable.from(lines()),
      client.query(copyFrom('COPY journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at) FROM STDIN')),
    );
    const copyMs = performance.now() - t1;
    await client.end();
    // What no ingest path can go under: one Ed25519 verification per entry (the hash and insert come on top).
    const t2 = performance.now();
    for (const e of entries) verify(null, Buffer.from(e.hash), pub, Buffer.from(e.signature, 'base64'));
    const verifyMs = performance.now() - t2;
    console.log('central ingest into PostgreSQL (same rows, same table, same run)');
    console.log(`  push path (batches of ${BATCH}, chain + hash + signature checks):  ${ENTRIES.toLocaleString('en')} entries in ${(pushMs / 1000).toFixed(2)} s  = ${rate(ENTRIES, pushMs)}`);
    console.log(`  COPY floor (pg-copy-streams):                                   ${ENTRIES.toLocaleString('en')} entries in ${(copyMs / 1000).toFixed(2)} s  = ${rate(ENTRIES, copyMs)}`);
    console.log(`  push / COPY: ${((copyMs / pushMs) * 100).toFixed(0)} % of the floor`);
    console.log(`  signature floor, one thread (Ed25519 verify only):              ${ENTRIES.toLocaleString('en')} entries in ${(verifyMs / 1000).toFixed(2)} s  = ${rate(ENTRIES, verifyMs)}`);
    console.log(`  verify workers: ${verifyWorkerCount()} (GUICHET_VERIFY_WORKERS), cores: ${availableParallelism()}, load average: ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function catchUp(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-bench-catchup-'));
  try {
    const centralDir = path.join(dir, 'central');
    const { central } = await initCentral({ dataDir: centralDir, keyFile: path.join(dir, 'lottery.key') });
    const { code, root } = await addTerminal(central, 'bench', 'OFF1', 'Offline shop');
    await central.db.close();
    const served = await serveCentral({ dataDir: centralDir, listen: '127.0.0.1:0' });
    try {
      const { terminal: t } = await enrollTerminal(path.join(dir, 'terminal'), { centralUrl: served.url, code, root, managerName: 'alice', pin: '123456' });
      await syncOnce(t);
      // A day offline: entries written as the counter writes them (signed, chained, each with its outbox event).
      inTransaction(t, () => {
        for (let i = 1; i <= CATCHUP; i++) {
          record(t, { type: 'sale', operator: null, payload: { sale_id: i, price_cents: 300 }, outbox: { key: `bench-sale/${i}` } });
        }
      });
      const t0 = performance.now();
      const report = await syncOnce(t); // the terminal's own batch size (MAX_PUSH_ENTRIES)
      const ms = performance.now() - t0;
      console.log('terminal catching up after a day offline (signed HTTP to a served central on PGlite, loopback)');
      console.log(`  ${report.push.entries.toLocaleString('en')} entries and their events in ${report.push.batches} batches: ${(ms / 1000).toFixed(2)} s = ${rate(report.push.entries, ms)} (target: under 5 s)`);
      console.log(`  load average: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
      t.close();
    } finally {
      await served.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  console.log('\n== central ==');
  await ingestVsCopy();
  await catchUp();
}
