/**
 * `npm run bench -- central-load [--terminals 1000,10000,35000] [--seconds 20] [--rate 700]
 *  [--prefill 200000] [--floor-rows 20000] [--pglite-terminals 1000] [--warmup 10] [--statements]`
 *
 * Central under a national load, measured on this machine: a throwaway PostgreSQL cluster (Unix
 * socket, durability off), `guichet central serve` as its own process on 127.0.0.1, and a fleet of
 * simulated terminals (bench/load/) pushing signed journal batches with their outbox events and
 * making claims; their payouts are paid as a counter pays them (the winner claimed online, then the
 * payout pushed at that prize with its money block), so central credits each against its own claim
 * (#19), and the run counts how many it did not credit. For each fleet size: entries ingested per second sustained at the peak, push and claim
 * latency p50/p99, and the CPU (central + PostgreSQL) per entry; then the same at the largest fleet
 * after growing the tables by `--prefill` rows; the floors (COPY, single-row INSERT) of the same rows
 * into the same tables in the same run; and one fleet on PGlite, the embedded default. Every phase is
 * bounded in time; the run stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { initCentral } from '../central/store/open.js';
import { ensureMonthPartitions, monthStart } from '../central/store/partitions.js';
import type { Db } from '../central/store/db.js';
import { openPostgres, PG_POOL_SIZE } from '../central/store/postgres.js';
import { pgAvailable, startPgCluster } from '../test/support/local-cluster.js';
import { PUSH_CONCURRENCY } from '../central/server/gate.js';
import { spawnCentral, type SpawnedCentral } from '../test/central/support/start-central.js';
import { cpuBetween, treeCpu } from './load/cpu.js';
import { drive, type DriveResult } from './load/drive.js';
import { CLAIM_PATH, PREPARED_SECONDS_MAX } from './load/prepare.js';
import { makeFleet, registerFleet, type SimTerminal } from './load/fleet.js';
import { CLAIM_UNITS, LOAD_EMISSION, PAID_UNITS_END, publishLoadTickets, type LoadTickets } from './load/tickets.js';
import { copyPaidClaims, copyRows, fillerRows, rowsOf, singleRowInserts, tableSize } from './load/floors.js';

interface Row {
  engine: string;
  terminals: number;
  tableRows: number;
  r: DriveResult;
  cpuUsPerEntry: number;
  /** CPU µs per entry of central, of the database, of this load generator (peak window). */
  split: [number, number, number];
  /** Payout entries central did not credit during the phase (uncredited_entries; NaN where the bench cannot read the store). */
  uncredited: number;
}

const fmt = (n: number, d = 0): string => (Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–');

async function stopCentral(s: SpawnedCentral): Promise<void> {
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 10_000);
  await s.exited;
  clearTimeout(timer);
}

/** Payout entries central stored without crediting them, so far. */
async function uncreditedPayouts(db: Db | null): Promise<number> {
  if (!db) return Number.NaN;
  return (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM uncredited_entries WHERE type = 'payout'"))[0]?.n ?? 0;
}

async function phase(engine: string, url: string, fleet: SimTerminal[], tickets: LoadTickets, central: SpawnedCentral, pgPid: number | null, rate: number, seconds: number, tableRows: number, db: Db | null): Promise<Row> {
  type Sample = [Map<number, number>, Map<number, number>, number];
  const sample = (): Sample => {
    const u = process.cpuUsage();
    return [treeCpu([central.child.pid!]), treeCpu(pgPid ? [pgPid] : []), (u.user + u.system) / 1000];
  };
  let s0: Sample = [new Map(), new Map(), 0];
  const before = await uncreditedPayouts(db);
  const r = await drive({ url, fleet, tickets, rate, seconds, onPeak: () => (s0 = sample()) });
  const s1 = sample();
  const peakEntries = Math.max(1, r.sustained * r.peakSeconds);
  const split = [cpuBetween(s0[0], s1[0]), cpuBetween(s0[1], s1[1]), s1[2] - s0[2]].map((ms) => (ms * 1000) / peakEntries) as [number, number, number];
  const uncredited = (await uncreditedPayouts(db)) - before;
  const row = { engine, terminals: fleet.length, tableRows, r, cpuUsPerEntry: split[0] + split[1], split, uncredited };
  process.stderr.write(`  ${engine} ${fleet.length} terminals: ${fmt(r.sustained)} entries/s, claim p99 ${fmt(r.claimP99, 1)} ms (${Object.entries(r.verdicts).map(([v, n]) => `${v} ${n}`).join(', ')}), ${fmt(r.payouts)} payouts claimed first (${Object.entries(r.payoutVerdicts).map(([v, n]) => `${v} ${n}`).join(', ')}), ${fmt(uncredited)} not credited, ${r.errors} errors${r.firstError ? ` (${r.firstError.slice(0, 200)})` : ''}; generator's event-loop delay p99 ${fmt(r.lagP99, 1)} ms, max ${fmt(r.lagMax, 1)} ms\n`);
  return row;
}

/**
 * A run at the peak whose figures are not kept: a freshly started central compiles its hot paths and
 * fills its caches (prepared statements per connection, parsed keys, print data) in its first seconds.
 */
async function warm(url: string, fleet: SimTerminal[], tickets: LoadTickets, rate: number, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  const r = await drive({ url, fleet, tickets, rate, seconds });
  process.stderr.write(`  warm-up ${fmt(seconds)} s: ${fmt(r.sustained)} entries/s, ${r.errors} errors\n`);
}

/** The statements PostgreSQL spent the most time on during the phase (pg_stat_statements), to stderr. */
async function printStatements(db: Db): Promise<void> {
  const top = await db.query<{ calls: number; total: number; mean: number; query: string }>(
    `SELECT calls::int AS calls, total_exec_time AS total, mean_exec_time AS mean, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 12`,
  );
  for (const t of top) process.stderr.write(`    ${fmt(t.total)} ms  ${fmt(t.calls)} calls  ${fmt(t.mean, 3)} ms  ${t.query.slice(0, 150)}\n`);
}

export async function run(argv: string[] = []): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      terminals: { type: 'string', default: '1000,10000,35000' },
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '10' },
      rate: { type: 'string', default: '700' },
      prefill: { type: 'string', default: '200000' },
      'floor-rows': { type: 'string', default: '20000' },
      'pglite-terminals': { type: 'string', default: '1000' },
      statements: { type: 'boolean', default: false },
    },
  });
  const sizes = values.terminals.split(',').map(Number).sort((a, b) => a - b);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  const rate = Number(values.rate);
  const prefill = Number(values.prefill);
  const floorRows = Number(values['floor-rows']);
  const pgliteTerminals = Number(values['pglite-terminals']);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !(seconds > 0 && seconds <= PREPARED_SECONDS_MAX) || !(warmup >= 0 && warmup <= PREPARED_SECONDS_MAX) || !(rate > 0)) {
    throw new Error(`central-load: --terminals N[,N…] (positive integers), --seconds 1…${PREPARED_SECONDS_MAX} (requests are signed before each phase, within central's clock window), --warmup 0…${PREPARED_SECONDS_MAX}, --rate > 0`);
  }
  console.log('\n== central-load ==');
  console.log(`offered peak ${fmt(rate)} entries/s, about a quarter of them payouts, each claimed online first (+ claims at a sixth of it: POST ${CLAIM_PATH} of real tickets presented, half winners), ${seconds} s per phase (first fifth at a tenth of the peak), pg pool ${PG_POOL_SIZE}, pushes stored at once ${PUSH_CONCURRENCY}, prepared statements ${process.env.GUICHET_PG_PREPARE === '0' ? 'off' : 'on'}`);
  const rows: Row[] = [];
  const floors: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-load-'));
  try {
    if (pgAvailable()) {
      // --statements: PostgreSQL's own account of where its time goes (pg_stat_statements), printed per phase.
      const tracking: Record<string, string> = values.statements ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {};
      const cluster = await startPgCluster({ settings: { max_connections: '100', shared_buffers: '256MB', ...tracking } });
      try {
        const url = await cluster.createDatabase('load');
        const dataDir = path.join(dir, 'pg');
        const { central } = await initCentral({ dataDir, keyFile: path.join(dir, 'lottery.key'), databaseUrl: url });
        const tickets = await publishLoadTickets(central, path.join(dir, 'lottery.key'), LOAD_EMISSION, PAID_UNITS_END, CLAIM_UNITS);
        await central.db.close();
        const t0 = performance.now();
        const fleet = makeFleet(sizes.at(-1)!);
        process.stderr.write(`  ${fleet.length} terminal keys made in ${fmt((performance.now() - t0) / 1000, 1)} s\n`);
        const served = await spawnCentral(dataDir, { databaseUrl: url });
        const db = await openPostgres(url, 2);
        if (values.statements) await db.execute('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        try {
          let registered = 0;
          for (const n of sizes) {
            await registerFleet(db, fleet.slice(registered, n));
            // As a real table would be long after its terminals enrolled: visibility and statistics settled.
            await db.execute('VACUUM ANALYZE terminals');
            if (registered === 0) await warm(served.url, fleet.slice(0, n), tickets, rate, warmup);
            registered = n;
            if (values.statements) await db.execute('SELECT pg_stat_statements_reset()');
            rows.push(await phase('PostgreSQL', served.url, fleet.slice(0, n), tickets, served, cluster.pid, rate, seconds, (await tableSize(url)).rows, db));
            if (values.statements) await printStatements(db);
          }
          if (prefill > 0) {
            const t1 = performance.now();
            // A year of events in miniature: the rows spread over the 12 months before now, each month in
            // its own partition (created here as the store would have, month by month).
            const months = await ensureMonthPartitions(db, monthStart(new Date().toISOString(), -12), 14);
            const grown = fillerRows(prefill, 'P', 1000, 12);
            await copyRows(url, grown);
            // And a year of paid winners in the claims (every claim and payout looks its ticket up there).
            await copyPaidClaims(url, prefill);
            const parts = await db.query<{ n: number; def: number }>(
              `SELECT count(*)::int AS n, (SELECT count(*)::int FROM journal_entries_default) AS def FROM pg_partition_tree('journal_entries') WHERE isleaf`,
            );
            process.stderr.write(`  ${months.created.length} month partitions created; journal leaves ${parts[0]?.n}, rows in its default partition ${parts[0]?.def}\n`);
            process.stderr.write(`  tables grown by ${fmt(prefill)} entries (with their events) and ${fmt(prefill)} paid claims in ${fmt((performance.now() - t1) / 1000, 1)} s\n`);
            // Grown in one go, unlike a year of pushes: let them settle as autovacuum would have meanwhile.
            await db.execute('VACUUM ANALYZE journal_entries');
            await db.execute('VACUUM ANALYZE outbox_events');
            await db.execute('VACUUM ANALYZE ticket_claims');
            rows.push(await phase('PostgreSQL', served.url, fleet, tickets, served, cluster.pid, rate, seconds, (await tableSize(url)).rows, db));
          }
        } finally {
          await db.close();
          await stopCentral(served);
        }
        const copyData = rowsOf(floorRows, 'C');
        const copyMs = await copyRows(url, copyData);
        const single = rowsOf(Math.max(1, Math.floor(floorRows / 4)), 'S');
        const singleMs = await singleRowInserts(url, single);
        const size = await tableSize(url);
        floors.push(`  COPY floor (entries + their events, same tables, ${fmt(floorRows)} entries):    ${fmt((floorRows / copyMs) * 1000)} entries/s`);
        floors.push(`  single-row INSERT floor (autocommit, one connection, ${fmt(single.entries.length)} entries): ${fmt((single.entries.length / singleMs) * 1000)} entries/s`);
        floors.push(`  tables at the end: ${fmt(size.rows)} journal rows, ${fmt(size.mb)} MB (journal + events, with indexes); ${fmt(size.claims)} ticket claims`);
      } finally {
        await cluster.stop();
      }
    } else {
      console.log('PostgreSQL server binaries not installed (scripts/setup.sh installs them): PGlite only');
    }
    if (pgliteTerminals > 0) {
      const dataDir = path.join(dir, 'pglite');
      const { central } = await initCentral({ dataDir, keyFile: path.join(dir, 'lottery-pglite.key') });
      const tickets = await publishLoadTickets(central, path.join(dir, 'lottery-pglite.key'), LOAD_EMISSION, PAID_UNITS_END, CLAIM_UNITS);
      const fleet = makeFleet(pgliteTerminals, 'G');
      await registerFleet(central.db, fleet);
      await central.db.close();
      const served = await spawnCentral(dataDir);
      try {
        await warm(served.url, fleet, tickets, rate, warmup);
        rows.push(await phase('PGlite', served.url, fleet, tickets, served, null, rate, seconds, Number.NaN, null));
      } finally {
        await stopCentral(served);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log('');
  console.log('| engine | terminals | journal rows before | entries/s sustained (offered) | push p50 / p99 ms | claims/s | claim p50 / p99 ms | payouts (claimed, then pushed) / not credited | CPU µs per entry: central + db (load generator) | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const x of rows) {
    console.log(
      `| ${x.engine} | ${fmt(x.terminals)} | ${fmt(x.tableRows)} | ${fmt(x.r.sustained)} (${fmt(x.r.offered)}) | ${fmt(x.r.pushP50, 1)} / ${fmt(x.r.pushP99, 1)} | ${fmt(x.r.claimRate)} | ${fmt(x.r.claimP50, 1)} / ${fmt(x.r.claimP99, 1)} | ${fmt(x.r.payouts)} / ${fmt(x.uncredited)} | ${fmt(x.split[0])} + ${fmt(x.split[1])} = ${fmt(x.cpuUsPerEntry)} (${fmt(x.split[2])}) | ${x.r.errors} |`,
    );
  }
  for (const f of floors) console.log(f);
  const pg = rows.filter((x) => x.engine === 'PostgreSQL');
  if (pg.length >= 2) {
    const first = pg[0]!;
    const biggest = Math.max(...pg.map((x) => x.terminals));
    const most = pg.find((x) => x.terminals === biggest)!;
    const last = pg.at(-1)!;
    console.log(`  cost per entry: ${fmt(first.terminals)} → ${fmt(most.terminals)} terminals ×${fmt(most.cpuUsPerEntry / first.cpuUsPerEntry, 2)}; with ${fmt(last.tableRows)} rows in the tables ×${fmt(last.cpuUsPerEntry / first.cpuUsPerEntry, 2)}`);
  }
}
