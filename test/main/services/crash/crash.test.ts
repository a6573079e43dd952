/**
 * Crash test: a child process sells, pays and voids in a loop while this test kills it with SIGKILL
 * at random moments, 200+ times. After each kill the database must pass `PRAGMA integrity_check`, the
 * journal must verify, no ticket is paid twice, every committed sale, void, payout and claim has
 * exactly one outbox event, and receipt numbers run 1…n with none reused or skipped — and a receipt
 * number committed before a crash still names the same event after it.
 */
import { spawn } from 'node:child_process';
import { verify } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryBarcode } from '../../../../games/ticket-id.js';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { counterValue } from '../../../../db/queries/counters.js';
import { iterateJournal } from '../../../../db/queries/journal.js';
import { entryHash, GENESIS_HASH } from '../../../../node/journal/entry-hash.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { importOutcomeFile } from '../../../../main/services/outcomes/import.js';
import { enrolKeyFile } from '../../../../main/services/outcomes/trust.js';
import { activatePack, receivePack } from '../../../../main/services/packs/packs.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { lotteryKey, writeFixture } from '../outcomes/fixture.js';
import { makeTerminal, type Fixture } from '../terminal/fixture.js';
import { soakSize } from '../../../support/soak.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
// 1,000 kills under `npm run soak`; 60 in `npm test` (every invariant is checked after each kill).
const KILLS = Number(process.env.GUICHET_CRASH_KILLS ?? soakSize(60, 1000));

let fx: Fixture;
let workerFile: string;
let planFile: string;

/** Table amounts of 2013 Année de la chance: 6 €, 100 € (payable), 1 000 € (a claim), others lose. */
function prizeOf(u: number): number {
  if (u % 100 === 7) return 100_000;
  if (u % 50 === 1) return 10_000;
  if (u % 4 === 0) return 600;
  return 0;
}

beforeAll(async () => {
  // Bundle the worker once: a cold tsx start per kill would take most of the time budget.
  const outDir = path.join(ROOT, 'node_modules', '.cache', 'guichet-crash');
  mkdirSync(outDir, { recursive: true });
  workerFile = path.join(outDir, `worker-${process.pid}.mjs`);
  await build({ entryPoints: [path.join(import.meta.dirname, 'worker.ts')], outfile: workerFile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' });

  fx = await makeTerminal();
  const key = lotteryKey(fx.dir);
  const file = writeFixture(path.join(fx.dir, 'crash.outcome'), key, {
    game: 'annee-chance-2013',
    emission: 1,
    block: 3,
    units: 400,
    chunkUnits: 50,
    seal: (i, o) => ({ ...o, prize_cents: prizeOf(i) }),
  });
  enrolKeyFile(fx.t.db, key.pubFile);
  importOutcomeFile(fx.t, file.path);
  openCashSession(fx.t, fx.alice, { float_cents: 1_000_000 });
  for (const p of [0, 1, 2, 3]) {
    receivePack(fx.t, fx.bob, `213-001-03-0000${p}`);
    activatePack(fx.t, fx.bob, `213-001-03-0000${p}`);
  }
  fx.t.close();
  planFile = path.join(fx.dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify({ inventory: file.units.map((u) => inventoryBarcode(u.id)), validation: file.winners.map((u) => u.barcode) }));
});

afterAll(() => {
  fx?.cleanup();
  if (workerFile) rmSync(workerFile, { force: true });
});

/** Starts the worker, waits for `ready`, lets it run a random short while, kills it with SIGKILL. */
function runAndKill(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [workerFile, fx.dir, planFile, '--no-pin'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let killed = false;
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (!killed && d.includes('ready')) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 60));
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the worker stopped by itself (code ${code}): ${err}`));
    });
  });
}

type Row = Record<string, number | string | null>;

/** The last journal entry verified so far. */
let verified = { seq: 0, hash: GENESIS_HASH };

/**
 * Verifies the entries written since the last check exactly as `verifyJournal` does (sequence, link to
 * the previous hash, content hash, terminal signature, length against the journal counter), so that the
 * whole journal need not be re-read after every kill; `verifyJournal` itself runs every few kills and at the end.
 */
function verifyNewEntries(t: LotteryTerminal): void {
  const anchor = t.db.prepare('SELECT hash FROM journal WHERE seq = ?').get(verified.seq) as { hash: string } | undefined;
  if (verified.seq > 0) expect(anchor?.hash, 'a verified entry changed').toBe(verified.hash);
  for (const row of iterateJournal(t.db, verified.seq)) {
    expect(row.seq).toBe(verified.seq + 1);
    expect(row.prev_hash).toBe(verified.hash);
    expect(entryHash({ ...row, payload: JSON.parse(row.payload) as unknown }, verified.hash)).toBe(row.hash);
    expect(verify(null, Buffer.from(row.hash, 'utf8'), t.publicKey, Buffer.from(row.signature, 'base64'))).toBe(true);
    verified = { seq: row.seq, hash: row.hash };
  }
  expect(counterValue(t.db, 'journal')).toBe(verified.seq);
}

/** Every invariant the issue asks for; returns receipt number → the event it names. */
function checkInvariants(t: LotteryTerminal, full: boolean): Map<number, string> {
  const all = (sql: string): Row[] => t.db.prepare(sql).all() as Row[];
  expect(t.db.pragma('integrity_check', { simple: true })).toBe('ok');
  if (full) {
    const journal = verifyJournal(t);
    expect(journal.ok, journal.first_break?.detail).toBe(true);
    verified = { seq: journal.entries, hash: journal.last_hash };
  } else {
    verifyNewEntries(t);
  }

  // No ticket paid twice: neither in the table nor in the journal.
  expect(all('SELECT game, emission, block, unit FROM payouts GROUP BY game, emission, block, unit HAVING count(*) > 1')).toEqual([]);
  const paidInJournal = all("SELECT json_extract(payload, '$.unit') AS unit, count(*) AS n FROM journal WHERE type = 'payout' GROUP BY unit HAVING n > 1");
  expect(paidInJournal).toEqual([]);
  // No ticket sold twice among sales not voided.
  expect(all('SELECT unit FROM sale_lines WHERE voided = 0 GROUP BY game, emission, block, unit HAVING count(*) > 1')).toEqual([]);

  // Exactly one outbox event per committed sale, void, payout and claim, pointing at its journal entry.
  const expected = [
    ...all('SELECT id, journal_seq AS seq FROM sales').map((r) => [`T-001/sale/${r.id}`, r.seq]),
    ...all('SELECT id, void_seq AS seq FROM sales WHERE voided_at IS NOT NULL').map((r) => [`T-001/void/sale/${r.id}`, r.seq]),
    ...all('SELECT game, emission, block, unit, journal_seq AS seq FROM payouts').map((r) => [`T-001/payout/${r.game}/${r.emission}/${r.block}/${r.unit}`, r.seq]),
    ...all('SELECT game, emission, block, unit, journal_seq AS seq FROM claims').map((r) => [`T-001/claim/${r.game}/${r.emission}/${r.block}/${r.unit}`, r.seq]),
  ].sort();
  const outbox = all("SELECT idempotency_key AS k, journal_seq AS seq FROM outbox WHERE type IN ('sale', 'void', 'payout', 'claim')").map((r) => [r.k, r.seq]);
  expect(outbox.sort()).toEqual(expected);

  // Receipt numbers: 1…n, each naming exactly one event, the same in the tables and the journal.
  const receipts = new Map<number, string>();
  const add = (n: number | string | null | undefined, what: string) => {
    expect(n, `${what} has no receipt number`).not.toBeNull();
    expect(receipts.has(n as number), `receipt ${n} used twice`).toBe(false);
    receipts.set(n as number, what);
  };
  for (const r of all('SELECT id, receipt_no FROM sales')) add(r.receipt_no, `sale ${r.id}`);
  for (const r of all('SELECT id, void_receipt_no FROM sales WHERE voided_at IS NOT NULL')) add(r.void_receipt_no, `void ${r.id}`);
  for (const r of all('SELECT unit, receipt_no FROM payouts')) add(r.receipt_no, `payout ${r.unit}`);
  for (const r of all('SELECT unit, receipt_no FROM claims')) add(r.receipt_no, `claim ${r.unit}`);
  const counter = (t.db.prepare("SELECT value FROM counters WHERE name = 'receipt'").get() as { value: number }).value;
  expect([...receipts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: counter }, (_, i) => i + 1));
  const inJournal = all("SELECT json_extract(payload, '$.receipt_no') AS n FROM journal WHERE json_extract(payload, '$.receipt_no') IS NOT NULL ORDER BY seq").map((r) => r.n);
  expect(inJournal).toEqual(Array.from({ length: counter }, (_, i) => i + 1));
  return receipts;
}

/** How much work the loop committed so far: it must have really sold, paid and voided between the kills. */
function workDone(t: LotteryTerminal): { sales: number; payouts: number; voids: number } {
  const n = (sql: string) => (t.db.prepare(sql).get() as { n: number }).n;
  return {
    sales: n('SELECT count(*) AS n FROM sales'),
    payouts: n('SELECT count(*) AS n FROM payouts'),
    voids: n('SELECT count(*) AS n FROM sales WHERE voided_at IS NOT NULL'),
  };
}
const ENOUGH = { sales: 20, payouts: 5, voids: 2 };
const enough = (w: ReturnType<typeof workDone>) => w.sales > ENOUGH.sales && w.payouts > ENOUGH.payouts && w.voids > ENOUGH.voids;

describe('crash safety', () => {
  it(`survives ${KILLS} SIGKILLs at random moments with every invariant intact`, async () => {
    let before = new Map<number, string>();
    // At least KILLS kills; on a slow machine a kill may land before much work, so the loop goes on
    // (up to three times as many kills) until it has really sold, paid and voided.
    let work = { sales: 0, payouts: 0, voids: 0 };
    for (let i = 0; i < KILLS || (!enough(work) && i < 3 * KILLS); i++) {
      await runAndKill();
      const t = openLotteryTerminal(fx.dir);
      try {
        const now = checkInvariants(t, i % 25 === 24 || i === KILLS - 1);
        // A receipt number committed before a crash names the same event after it (never reused).
        for (const [n, what] of before) expect(now.get(n), `receipt ${n} changed after kill ${i + 1}`).toBe(what);
        before = now;
        work = workDone(t);
      } finally {
        t.close();
      }
    }
    const t = openLotteryTerminal(fx.dir);
    try {
      checkInvariants(t, true);
      // The loop really worked between the kills.
      const w = workDone(t);
      expect(w.sales).toBeGreaterThan(ENOUGH.sales);
      expect(w.payouts).toBeGreaterThan(ENOUGH.payouts);
      expect(w.voids).toBeGreaterThan(ENOUGH.voids);
    } finally {
      t.close();
    }
  }, 300_000);
});
