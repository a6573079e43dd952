/**
 * Terminal side: importing a full block versus the floor of inserting as many raw rows into SQLite,
 * and the latency of `check` lookups with ten million units imported.
 *
 * The blocks are real outcome files (the real writer, signature, chunk hashes and import), but to
 * build ten million units in seconds only the units that the lookups will scan are sealed for real;
 * the other records are random bytes of the same size. Import cost does not depend on the record
 * contents (it copies and hashes bytes), and a lookup touches only its own record and chunk.
 *
 * Knobs: BENCH_TERMINAL_BLOCKS (default 5 blocks of happy-2014 = 10,000,000 units), BENCH_LOOKUPS (100,000).
 */
import { randomBytes, randomFillSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { gameByCode, type Game } from '../games/index.js';
import { validationBarcode, type UnitId } from '../games/ticket-id.js';
import { RECORD_SIZE } from '../node/outcome/format.js';
import { loadOrCreateSigningKey, publicKeyPem } from '../node/outcome/keys.js';
import { sealRecord } from '../node/outcome/seal.js';
import { OutcomeWriter } from '../node/outcome/writer.js';
import { openTerminal } from '../main/kernel/data-folder.js';
import { TicketChecker } from '../main/services/tickets/check.js';
import { importOutcomeFile } from '../main/services/outcomes/import.js';
import { enrolKeyFile } from '../main/services/outcomes/trust.js';

interface Sample {
  readonly id: UnitId;
  readonly code: string;
  readonly prize: number;
}

const BATCH = 65_536;

function hiddenCode(): string {
  let s = '';
  for (const b of randomBytes(24)) if (s.length < 18 && b < 250) s += String(b % 10);
  return s.padEnd(18, '7');
}

/** A prize drawn with the block's own odds (bench only: Math.random is fine here). */
function drawPrize(game: Game): number {
  let r = Math.floor(Math.random() * game.block_size);
  for (const t of game.prizes) {
    if (r < t.count) return t.amount_cents;
    r -= t.count;
  }
  return 0;
}

/** Writes a full signed block where the units of `samples` are sealed for real and the others are random bytes. */
function writeBlock(file: string, key: KeyObject, game: Game, block: number, samples: Map<number, Sample>): void {
  const salt = randomBytes(16);
  const writer = OutcomeWriter.create(
    file,
    {
      game: game.code,
      emission: 1,
      block,
      block_size: game.block_size,
      first_unit: 0,
      unit_count: game.block_size,
      layout_version: game.layout_version,
      ...(game.pack_size === undefined ? {} : { pack_size: game.pack_size }),
      claim_deadline: '2099-01-01T00:00:00.000Z',
      counts: game.prizes.map((t) => ({ amount_cents: t.amount_cents, count: t.count })),
      file_salt: salt.toString('hex'),
      created_at: new Date().toISOString(),
    },
    key,
  );
  const buf = Buffer.alloc(BATCH * RECORD_SIZE);
  for (let start = 0; start < game.block_size; start += BATCH) {
    const n = Math.min(BATCH, game.block_size - start);
    randomFillSync(buf, 0, n * RECORD_SIZE);
    for (let u = start; u < start + n; u++) {
      const s = samples.get(u);
      if (s) sealRecord(s.id, s.code, salt, { prize_cents: s.prize, layout_seed: randomBytes(16), layout_version: game.layout_version }).copy(buf, (u - start) * RECORD_SIZE);
    }
    writer.append(buf.subarray(0, n * RECORD_SIZE));
  }
  writer.finish();
}

/** The floor: `rows` rows of one integer key and a RECORD_SIZE random blob, one transaction, same pragmas as the terminal. */
function rawInsertMs(file: string, rows: number): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE records (unit INTEGER PRIMARY KEY, record BLOB NOT NULL)');
  const insert = db.prepare('INSERT INTO records (unit, record) VALUES (?, ?)');
  const buf = Buffer.alloc(BATCH * RECORD_SIZE);
  const t = performance.now();
  db.transaction(() => {
    for (let start = 0; start < rows; start += BATCH) {
      const n = Math.min(BATCH, rows - start);
      randomFillSync(buf, 0, n * RECORD_SIZE);
      for (let i = 0; i < n; i++) insert.run(start + i, buf.subarray(i * RECORD_SIZE, (i + 1) * RECORD_SIZE));
    }
  })();
  const ms = performance.now() - t;
  db.close();
  return ms;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const fmt = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export async function run(): Promise<void> {
  const game = gameByCode(process.env.BENCH_TERMINAL_GAME ?? 'happy-2014');
  const blocks = Number(process.env.BENCH_TERMINAL_BLOCKS ?? 5);
  const lookups = Number(process.env.BENCH_LOOKUPS ?? 100_000);
  const total = blocks * game.block_size;
  console.log(`\n## Terminal: import and check (${blocks} × ${game.code} blocks = ${total.toLocaleString('en-US')} units, ${lookups.toLocaleString('en-US')} lookups)`);

  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-bench-terminal-'));
  try {
    const { privateKey, publicKey } = loadOrCreateSigningKey(path.join(dir, 'lottery.key'));
    writeFileSync(path.join(dir, 'lottery.pub'), publicKeyPem(publicKey));

    // The units the lookups will check, spread uniformly over every block.
    const perBlock = Array.from({ length: blocks }, () => new Map<number, Sample>());
    const samples: Sample[] = [];
    while (samples.length < lookups) {
      const b = Math.floor(Math.random() * blocks);
      const unit = Math.floor(Math.random() * game.block_size);
      if (perBlock[b]!.has(unit)) continue;
      const s: Sample = { id: { game: game.code, emission: 1, block: b + 1, unit }, code: hiddenCode(), prize: drawPrize(game) };
      perBlock[b]!.set(unit, s);
      samples.push(s);
    }

    let t = performance.now();
    const files: string[] = [];
    for (let b = 0; b < blocks; b++) {
      const file = path.join(dir, `${game.code}-1-${b + 1}.outcome`);
      writeBlock(file, privateKey, game, b + 1, perBlock[b]!);
      files.push(file);
    }
    console.log(`built ${blocks} signed outcome files in ${fmt(performance.now() - t)} (${((game.block_size * RECORD_SIZE) / 1e6).toFixed(0)} MB of records each)`);

    const terminal = openTerminal(path.join(dir, 'data'), { create: true });
    try {
      enrolKeyFile(terminal.db, path.join(dir, 'lottery.pub'));
      const importMs: number[] = [];
      for (const file of files) {
        t = performance.now();
        importOutcomeFile(terminal, file);
        importMs.push(performance.now() - t);
      }
      const floorMs = rawInsertMs(path.join(dir, 'floor.db'), game.block_size);
      const best = Math.min(...importMs);
      console.log(`import of one full block (copy + fsync + signature + every hash + row): best ${fmt(best)}, all ${importMs.map(fmt).join(', ')}`);
      console.log(`floor: raw insertion of ${game.block_size.toLocaleString('en-US')} rows of ${RECORD_SIZE} random bytes into SQLite: ${fmt(floorMs)}`);
      console.log(`import / floor = ${(best / floorMs).toFixed(2)}`);

      // Lookups: the full check path (parse, SQLite block lookup, chunk re-hash, unseal, layout rebuild, prizeOf).
      const barcodes = samples.map((s) => validationBarcode(s.id, s.code));
      for (let i = barcodes.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [barcodes[i], barcodes[j]] = [barcodes[j]!, barcodes[i]!];
      }
      const checker = new TicketChecker(terminal);
      for (let i = 0; i < Math.min(2000, barcodes.length); i++) checker.check(barcodes[i]!); // warm-up
      const times = new Float64Array(barcodes.length);
      // CPU time of the process during each check: what the check costs, whatever else the machine runs.
      const cpu = new Float64Array(barcodes.length);
      let wrong = 0;
      const all = performance.now();
      for (let i = 0; i < barcodes.length; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const v = checker.check(barcodes[i]!);
        times[i] = performance.now() - t0;
        const c = process.cpuUsage(c0);
        cpu[i] = (c.user + c.system) / 1000;
        if (v.verdict !== 'winner' && v.verdict !== 'loser') wrong++;
      }
      const allMs = performance.now() - all;
      checker.close();
      if (wrong > 0) throw new Error(`${wrong} lookups did not give winner/loser`);
      times.sort();
      cpu.sort();
      console.log(
        `check: ${barcodes.length.toLocaleString('en-US')} random lookups over ${total.toLocaleString('en-US')} units: ` +
          `p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms, max ${(times[times.length - 1] as number).toFixed(2)} ms, ` +
          `${Math.round((barcodes.length / allMs) * 1000).toLocaleString('en-US')}/s (files in the OS page cache)`,
      );
      console.log(
        `check CPU time per lookup: p50 ${percentile(cpu, 50).toFixed(3)} ms, p99 ${percentile(cpu, 99).toFixed(3)} ms ` +
          `(load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores: wall-clock tails include time descheduled)`,
      );
    } finally {
      terminal.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
