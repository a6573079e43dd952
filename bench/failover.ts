/**
 * `npm run bench -- failover [--kills 3] [--terminals 40] [--rate 150] [--steady 10] [--rounds 4] [--block 15] [--modes on,local]`
 *
 * Central through failures (#21), measured on this machine: a pg_auto_failover formation (monitor, a
 * primary and two standbys on loopback, synchronous: number_sync_standbys 1, tuned timings), two
 * `guichet central serve` processes on its multi-host URL, and a fleet of simulated terminals pushing
 * the day's mix (bench/load/fleet.ts) and claiming winners (each winner by one terminal only), signing
 * every request live and going to the other central when one does not answer, as terminals do. The
 * primary is killed by SIGKILL `--kills` times, alternately its postgres alone (its keeper restarts it)
 * and its whole node (keeper and postgres: the monitor fails over; the node is started again and
 * rejoins); then one central process is killed. It prints: acknowledged claims lost, acknowledged
 * journal entries lost, double payments, seconds without accepted writes after each kill (p50, max),
 * and claim p99 at steady load, synchronous beside asynchronous (a second formation, replication
 * quorum off); then, on the synchronous formation under the same load, `--rounds` rounds of
 * `--block`-second blocks, the primary's synchronous_commit taking each of `--modes` (on, local) in
 * turn, which measure what waiting for the standby adds to a claim with the machine's drift falling on
 * every mode alike (see `interleaved`). Bounded: every wait has a time-out; the run stops by itself.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { autoFailoverAvailable, startFormation, type Formation, type FormationNode } from '../test/support/local-formation.js';
import { initCentral } from '../central/store/open.js';
import { openPostgres } from '../central/store/postgres.js';
import { spawnCentral, type SpawnedCentral } from '../test/central/support/start-central.js';
import { signHeaders } from '../test/central/support/terminal-client.js';
import { makeFleet, nextBatch, registerFleet, type SimTerminal } from './load/fleet.js';
import { send } from './load/drive.js';
import { CLAIM_PATH, PUSH_PATH } from './load/prepare.js';
import { CLAIM_UNITS, LOAD_EMISSION, publishLoadTickets, type LoadTickets } from './load/tickets.js';

/** Share of the load emission's units that win (433,720 of 2,000,000), less a margin: sizes the claims' tickets. */
const WINNING_SHARE = 0.2;

const fmt = (n: number, d = 0): string => (Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

interface Answer {
  status: number;
  json: unknown;
}

/** A signed POST to one central; rejects on a network failure. */
function post(base: string, agent: Agent, t: SimTerminal, p: string, body: unknown): Promise<Answer> {
  const bytes = Buffer.from(JSON.stringify(body));
  const headers = signHeaders({ id: t.id, privateKey: t.privateKey, publicKey: t.publicKey, publicKeyPem: t.publicKeyPem }, 'POST', p, bytes);
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(bytes.length);
  return send(new URL(base), agent, { path: p, headers, body: bytes }, 5000);
}

/** Claims per second beside `rate` entries per second: a sixth of it. */
const claimRate = (rate: number): number => Math.max(1, rate / 6);

/** The fleet's load: pushes and claims against a list of centrals, every acknowledgement recorded. */
class Load {
  /** Per terminal: seq → hash central acknowledged. */
  readonly acked = new Map<string, Map<number, string>>();
  /** Claims answered 'claimed': ticket → terminal, and when (performance.now). */
  readonly claimed = new Map<string, { terminal: string; at: number }>();
  /** Completion times (ms, performance.now) of accepted writes, with the time their request was sent. */
  readonly accepted: { sent: number; done: number }[] = [];
  readonly claimLatency: { at: number; ms: number }[] = [];
  errors = 0;
  firstError = '';
  private at = 0;
  private stopped = false;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private nextWinner = 0;
  private running: Promise<void>[] = [];

  constructor(
    private readonly urls: readonly string[],
    private readonly fleet: readonly SimTerminal[],
    private readonly tickets: LoadTickets,
    private readonly rate: number,
  ) {}

  private async send(t: SimTerminal, p: string, body: unknown): Promise<Answer> {
    // Tried at each central in turn until one answers, as a terminal's client does; 5xx too is "try the next".
    for (let tries = 0; ; tries++) {
      const base = this.urls[this.at % this.urls.length] as string;
      const sent = performance.now();
      try {
        const a = await post(base, this.agent, t, p, body);
        if (a.status < 500) {
          if (a.status === 200) this.accepted.push({ sent, done: performance.now() });
          return a;
        }
        this.note(`${p} ${a.status} ${JSON.stringify(a.json).slice(0, 120)}`);
      } catch (err) {
        this.note(`${p} ${base}: ${(err as Error).message}`);
        this.at++;
      }
      if (this.stopped && tries > 50) throw new Error('stopped');
      await sleep(Math.min(500, 50 * 2 ** Math.min(tries, 4)));
    }
  }

  private note(e: string): void {
    this.errors++;
    if (!this.firstError) this.firstError = e;
  }

  private async terminal(t: SimTerminal, pace: number): Promise<void> {
    const mine = new Map<number, string>();
    this.acked.set(t.id, mine);
    while (!this.stopped) {
      const n = 1 + Math.floor(Math.random() * 8);
      const { batch } = nextBatch(t, n);
      // The same batch until central acknowledges it (a retry is idempotent by terminal and seq).
      const a = await this.send(t, PUSH_PATH, batch).catch(() => null);
      if (!a) return;
      if (a.status === 200) {
        const last = batch.entries.at(-1)!;
        for (const e of batch.entries) mine.set(e.seq, e.hash);
        t.seq = last.seq;
        t.lastHash = last.hash;
        t.acked += n;
      } else {
        this.note(`push ${t.id}: ${a.status} ${JSON.stringify(a.json).slice(0, 160)}`);
        return;
      }
      await sleep((n / pace) * 1000 * (0.5 + Math.random()));
    }
  }

  private async claims(perSecond: number): Promise<void> {
    let k = 0;
    while (!this.stopped && this.nextWinner < this.tickets.winners.length) {
      const barcode = this.tickets.winners[this.nextWinner++] as string;
      const t = this.fleet[k++ % this.fleet.length] as SimTerminal;
      const body = { barcode, claim_key: randomBytes(12).toString('base64url') };
      const t0 = performance.now();
      void this.send(t, CLAIM_PATH, body).then(
        (a) => {
          this.claimLatency.push({ at: t0, ms: performance.now() - t0 });
          if (a.status === 200 && (a.json as { verdict?: string }).verdict === 'claimed') this.claimed.set(barcode, { terminal: t.id, at: performance.now() });
        },
        () => undefined,
      );
      await sleep(1000 / perSecond);
    }
  }

  start(): void {
    const pace = this.rate / this.fleet.length;
    this.running = [...this.fleet.map((t) => this.terminal(t, pace)), this.claims(claimRate(this.rate))];
  }

  /** Moves to the next central (after one was killed, the clients find out by themselves too). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
    await sleep(500);
    this.agent.destroy();
  }

  /** Seconds from `killAt` until the first write accepted that was sent after it. */
  gapAfter(killAt: number): number {
    const first = this.accepted.filter((w) => w.sent >= killAt).reduce((m, w) => Math.min(m, w.done), Infinity);
    return (first - killAt) / 1000;
  }
}

/**
 * Acknowledged claims central no longer holds for their terminal, among those acknowledged in the last
 * `withinMs` (a hold is released by its terminal's push an entry later than RELEASE_AFTER_MS, 60 s, after
 * the claim: only younger holds must still be there). Each claim is checked once.
 */
async function lostClaims(url: string, load: Load, checked: Set<string>, withinMs: number): Promise<{ checked: number; lost: number }> {
  const { parseBarcode } = await import('../games/ticket-id.js');
  const { ticketKey } = await import('../central/store/claims.js');
  const db = await openPostgres(url, 1);
  const now = performance.now();
  let n = 0;
  let lost = 0;
  try {
    for (const [barcode, c] of load.claimed) {
      if (checked.has(barcode) || now - c.at > withinMs) continue;
      checked.add(barcode);
      n++;
      const rows = await db.query<{ terminal_id: string }>('SELECT terminal_id FROM ticket_claims WHERE ticket = $1', [ticketKey(parseBarcode(barcode).id)]);
      if (rows[0]?.terminal_id !== c.terminal) lost++;
    }
  } finally {
    await db.close();
  }
  return { checked: n, lost };
}

async function steadyClaimP99(
  formation: Formation,
  dir: string,
  label: string,
  fleetSize: number,
  rate: number,
  seconds: number,
  claimSeconds: number,
): Promise<{ p99: number; p50: number; n: number; load: Load; centrals: SpawnedCentral[] }> {
  const dataDir = path.join(dir, `central-${label}`);
  const { central } = await initCentral({ dataDir, keyFile: path.join(dir, `lottery-${label}.key`), databaseUrl: formation.url });
  // Winners enough for every claim of the formation's life (each is claimed once; the claims stop when they run out).
  const units = Math.max(CLAIM_UNITS, Math.ceil((claimRate(rate) * claimSeconds) / WINNING_SHARE));
  const tickets = await publishLoadTickets(central, path.join(dir, `lottery-${label}.key`), LOAD_EMISSION, units, units);
  const fleet = makeFleet(fleetSize, label.slice(0, 1).toUpperCase());
  await registerFleet(central.db, fleet);
  await central.db.close();
  const copy = `${dataDir}-2`;
  cpSync(dataDir, copy, { recursive: true });
  const centrals = await Promise.all([spawnCentral(dataDir, { databaseUrl: formation.url }), spawnCentral(copy, { databaseUrl: formation.url })]);
  const load = new Load(centrals.map((c) => c.url), fleet, tickets, rate);
  load.start();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  // The first two seconds warm the processes up; their claims are not counted.
  const xs = load.claimLatency.filter((c) => c.at >= t0 + 2000).map((c) => c.ms);
  return { p99: pct(xs, 99), p50: pct(xs, 50), n: xs.length, load, centrals };
}

/** The synchronous_commit values a round of interleaved blocks may take, `local` the asynchronous baseline. */
const COMMIT_MODES = ['on', 'remote_apply', 'remote_write', 'local'] as const;
type CommitMode = (typeof COMMIT_MODES)[number];

/** Sets the primary's synchronous_commit for every session (ALTER SYSTEM, reload) and waits until a new session sees it. */
async function setSynchronousCommit(node: FormationNode, value: CommitMode | null): Promise<void> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${node.port}/postgres`, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(value === null ? 'ALTER SYSTEM RESET synchronous_commit' : `ALTER SYSTEM SET synchronous_commit = '${value}'`);
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
  const want = value ?? 'on';
  for (const until = performance.now() + 5000; ; ) {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${node.port}/postgres`, connectionTimeoutMillis: 3000 });
    await c.connect();
    const seen = (await c.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]?.synchronous_commit;
    await c.end();
    if (seen === want) return;
    if (performance.now() > until) throw new Error(`failover: synchronous_commit is still ${seen}, not ${want}, 5 s after the reload`);
    await sleep(50);
  }
}

/** Bootstrap: the 2.5th and 97.5th percentiles of p99(a) − p99(b) over resamples of each. */
function p99DifferenceInterval(a: number[], b: number[], resamples = 2000): [number, number] {
  const draw = (xs: number[]): number[] => Array.from({ length: xs.length }, () => xs[Math.floor(Math.random() * xs.length)] as number);
  const ds = Array.from({ length: resamples }, () => pct(draw(a), 99) - pct(draw(b), 99)).sort((x, y) => x - y);
  return [ds[Math.floor(0.025 * resamples)] as number, ds[Math.floor(0.975 * resamples)] as number];
}

/**
 * What waiting for the standby adds to a claim, on one formation under one load: `rounds` rounds of
 * `blockSeconds` blocks, one block per mode, the primary's synchronous_commit set to it: 'on' (a commit
 * returns once the quorum standby has flushed it), 'remote_apply' (and applied it), 'remote_write' (and
 * handed it to its system, not yet flushed), 'local' (the primary's own flush only: asynchronous
 * replication, the WAL still streamed, the baseline). Each round starts one mode further on, so that a
 * drift of the machine falls on every mode alike; two separate formations measured one after the other
 * (the first table) differ by more than that from run to run here. A claim counts when sent after its
 * block's first second and answered before the block ends. synchronous_commit is back to the
 * formation's own at the end.
 */
async function interleaved(f: Formation, load: Load, modes: readonly CommitMode[], rounds: number, blockSeconds: number): Promise<Map<CommitMode, number[]>> {
  const out = new Map<CommitMode, number[]>(modes.map((m) => [m, []]));
  const primary = await f.primary();
  try {
    for (let i = 0; i < rounds; i++) {
      for (let j = 0; j < modes.length; j++) {
        const mode = modes[(i + j) % modes.length] as CommitMode;
        await setSynchronousCommit(primary, mode);
        const from = performance.now() + 1000;
        await sleep(blockSeconds * 1000);
        const to = performance.now();
        const xs = out.get(mode)!;
        for (const c of load.claimLatency) if (c.at >= from && c.at + c.ms <= to) xs.push(c.ms);
      }
      process.stderr.write(`  interleaved round ${i + 1}/${rounds}: claims so far ${modes.map((m) => `${m} ${out.get(m)!.length}`).join(', ')}\n`);
    }
  } finally {
    await setSynchronousCommit(primary, null);
  }
  return out;
}

export async function run(argv: string[] = []): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      kills: { type: 'string', default: '3' },
      terminals: { type: 'string', default: '40' },
      rate: { type: 'string', default: '150' },
      steady: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '4' },
      block: { type: 'string', default: '15' },
      modes: { type: 'string', default: 'on,local' },
    },
  });
  const kills = Number(values.kills);
  const terminals = Number(values.terminals);
  const rate = Number(values.rate);
  const steady = Number(values.steady);
  const rounds = Number(values.rounds);
  const block = Number(values.block);
  const modes = values.modes.split(',').map((m) => m.trim()) as CommitMode[];
  if (!(Number.isInteger(kills) && kills >= 1 && kills <= 100) || !(terminals >= 1) || !(rate > 0) || !(steady >= 3) || !(Number.isInteger(rounds) && rounds >= 0) || !(block >= 3)) {
    throw new Error('failover: --kills 1…100, --terminals ≥ 1, --rate > 0 (entries/s), --steady ≥ 3 (seconds), --rounds ≥ 0, --block ≥ 3 (seconds)');
  }
  if (modes.some((m) => !COMMIT_MODES.includes(m)) || new Set(modes).size !== modes.length || !modes.includes('local') || modes.length < 2) {
    throw new Error(`failover: --modes is a comma-separated list of ${COMMIT_MODES.join(', ')}, each once, local among them (the baseline), not ${values.modes}`);
  }
  // The synchronous formation's claims: steady phase, interleaved blocks, about 30 s a kill, the central's kill.
  const syncClaimSeconds = steady + modes.length * rounds * block + 30 * kills + 60;
  console.log('\n== failover ==');
  if (!autoFailoverAvailable()) {
    console.log('pg_auto_failover is not installed (scripts/setup.sh installs postgresql-15-auto-failover): skipped');
    return;
  }
  console.log(`pg_auto_failover: monitor + primary + 2 standbys on loopback (fsync on), ${terminals} terminals, ${fmt(rate)} entries/s offered + claims at a sixth of it, 2 central processes`);
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-failover-'));
  try {
    // Asynchronous first: the same load on a formation whose standbys are outside the write quorum.
    let asyncP99: { p99: number; p50: number; n: number };
    {
      const f = await startFormation({ standbys: 2, sync: false });
      let s: Awaited<ReturnType<typeof steadyClaimP99>> | undefined;
      try {
        s = await steadyClaimP99(f, dir, 'async', terminals, rate, steady, steady + 10);
        asyncP99 = s;
      } finally {
        await s?.load.stop();
        for (const c of s?.centrals ?? []) c.child.kill('SIGKILL');
        await f.stop();
      }
      process.stderr.write(`  asynchronous: claim p50 ${fmt(asyncP99.p50, 1)} ms, p99 ${fmt(asyncP99.p99, 1)} ms over ${asyncP99.n} claims\n`);
    }
    const t0 = performance.now();
    const f = await startFormation({ standbys: 2, sync: true });
    process.stderr.write(`  synchronous formation formed in ${fmt((performance.now() - t0) / 1000, 1)} s\n`);
    let s: Awaited<ReturnType<typeof steadyClaimP99>> | undefined;
    const gaps: { kind: string; seconds: number }[] = [];
    let claimsLost = 0;
    let claimsChecked = 0;
    const checked = new Set<string>();
    const checkClaims = async (): Promise<void> => {
      const r = await lostClaims(f.url, s!.load, checked, 45_000);
      claimsChecked += r.checked;
      claimsLost += r.lost;
    };
    let lostEntries = 0;
    let acknowledgedEntries = 0;
    let doublePayments = 0;
    try {
      s = await steadyClaimP99(f, dir, 'sync', terminals, rate, steady, syncClaimSeconds);
      process.stderr.write(`  synchronous: claim p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms over ${s.n} claims\n`);
      const load = s.load;
      const ab = rounds > 0 ? await interleaved(f, load, modes, rounds, block) : null;
      for (let k = 0; k < kills; k++) {
        await f.settled(120_000);
        await sleep(2000);
        const victim = await f.primary();
        const kind = k % 2 === 0 ? 'postgres' : 'node';
        const at = performance.now();
        if (kind === 'postgres') await f.killPostgres(victim);
        else await f.killNode(victim);
        // Writes again: wait for one accepted after the kill (bounded).
        while (!Number.isFinite(load.gapAfter(at)) && performance.now() - at < 120_000) await sleep(100);
        gaps.push({ kind, seconds: load.gapAfter(at) });
        process.stderr.write(`  kill ${k + 1} (${kind} of ${victim.name}): writes accepted again after ${fmt(load.gapAfter(at), 1)} s\n`);
        // The holds acknowledged around the kill (all younger than central's release delay).
        await sleep(1000);
        await checkClaims();
        if (kind === 'node') {
          await f.primary(60_000);
          await f.restart(victim);
        }
      }
      await f.settled(120_000);
      // A central process killed: the fleet goes to the other one.
      const at = performance.now();
      s.centrals[0]!.child.kill('SIGKILL');
      while (!Number.isFinite(load.gapAfter(at)) && performance.now() - at < 60_000) await sleep(50);
      gaps.push({ kind: 'central', seconds: load.gapAfter(at) });
      process.stderr.write(`  central process killed: writes accepted again after ${fmt(load.gapAfter(at), 2)} s\n`);
      await sleep(3000);
      await load.stop();
      await checkClaims();
      // What central holds now, against every acknowledgement the fleet received.
      const db = await openPostgres(f.url, 2);
      try {
        for (const [terminal, mine] of load.acked) {
          acknowledgedEntries += mine.size;
          const held = new Map((await db.query<{ seq: number; hash: string }>('SELECT seq, hash FROM journal_entries WHERE terminal_id = $1', [terminal])).map((r) => [r.seq, r.hash]));
          for (const [seq, hash] of mine) if (held.get(seq) !== hash) lostEntries++;
        }
        doublePayments = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_exceptions'))[0]?.n ?? 0;
      } finally {
        await db.close();
      }
      console.log('');
      console.log(`| kills of the primary | acknowledged claims checked, younger than 45 s (lost) | acknowledged journal entries (lost) | double payments | s without accepted writes, postgres SIGKILL p50 / max | s, node SIGKILL (failover) p50 / max | s, central process SIGKILL | claim p50 / p99 ms sync | claim p50 / p99 ms async | errors seen by the fleet (retried) |`);
      console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
      const of = (kind: string): number[] => gaps.filter((g) => g.kind === kind).map((g) => g.seconds);
      const pair = (xs: number[]): string => (xs.length ? `${fmt(pct(xs, 50), 1)} / ${fmt(Math.max(...xs), 1)}` : '–');
      console.log(
        `| ${kills} | ${fmt(claimsChecked)} of ${fmt(load.claimed.size)} (${claimsLost}) | ${fmt(acknowledgedEntries)} (${lostEntries}) | ${doublePayments} | ${pair(of('postgres'))} | ${pair(of('node'))} | ${fmt(of('central')[0] ?? NaN, 2)} | ${fmt(s.p50, 1)} / ${fmt(s.p99, 1)} | ${fmt(asyncP99.p50, 1)} / ${fmt(asyncP99.p99, 1)} | ${load.errors} |`,
      );
      if (ab) {
        const base = ab.get('local')!;
        console.log('');
        console.log(`| synchronous_commit (${rounds} rounds of ${block}-s blocks, one formation) | claims | claim p50 ms | claim p99 ms | p99 − local's, ms (95 % bootstrap interval) |`);
        console.log('|---|---:|---:|---:|---:|');
        for (const [mode, xs] of ab) {
          const [lo, hi] = mode === 'local' ? [NaN, NaN] : p99DifferenceInterval(xs, base);
          const d = mode === 'local' ? '–' : `${fmt(pct(xs, 99) - pct(base, 99), 1)} (${fmt(lo, 1)} to ${fmt(hi, 1)})`;
          console.log(`| ${mode} | ${fmt(xs.length)} | ${fmt(pct(xs, 50), 1)} | ${fmt(pct(xs, 99), 1)} | ${d} |`);
        }
      }
      if (load.firstError) process.stderr.write(`  first error the fleet retried: ${load.firstError.slice(0, 200)}\n`);
    } finally {
      if (s) await s.load.stop().catch(() => undefined);
      for (const c of s?.centrals ?? []) c.child.kill('SIGKILL');
      await f.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
