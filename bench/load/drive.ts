/**
 * Drives a served central with a fleet: pushes of journal batches (1 to 8 entries, the sync loop's
 * pace) at an offered rate of entries per second, and claims at a sixth of that rate, for a bounded
 * time. The first fifth of the run is at the day's average (a tenth of the peak); the rest at the
 * peak, which is what "sustained" measures. Loopback only; stops by itself.
 *
 * Claims are the real online claim, `POST /v1/claim`, of the validation barcode of a real ticket of a
 * published emission (bench/load/tickets.ts): winners and losers, a winner now and then presented
 * again at another terminal; central answers 'claimed', 'held_elsewhere' (held by another terminal), 'already_paid' or 'not_winner'.
 *
 * Payouts are paid as a counter pays them (#19): the terminal claims the winner online, then its push
 * carries the payout at the claimed prize with its money block, which central credits against its own
 * claim. A push with payouts therefore first sends their claims (at once), then the batch.
 *
 * Every request is sealed and signed before the run (bench/load/prepare.ts) and sent over kept-alive
 * HTTP connections, so the generator's own CPU during the measured window is only sending and reading.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SimTerminal } from './fleet.js';
import { HEADER_TERMINAL } from '../../common/protocol/index.js';
import { PREPARED_SECONDS_MAX, prepareLoad, type PreparedPush, type PreparedRequest } from './prepare.js';
import type { LoadTickets } from './tickets.js';


export interface DriveOptions {
  url: string;
  fleet: SimTerminal[];
  /** The tickets claims present. */
  tickets: LoadTickets;
  /** Peak offered rate, journal entries per second. */
  rate: number;
  seconds: number;
  /** Pushes and claims in flight at most, each (a real fleet has more, but the server's pool bounds the work anyway). */
  inflight?: number;
  /** Called when the peak window starts (CPU sampling). */
  onPeak?: () => void;
}

export interface DriveResult {
  /** Entries acknowledged per second during the peak window. */
  sustained: number;
  /** Claims answered per second during the peak window (offered: a sixth of the entry rate). */
  claimRate: number;
  offered: number;
  entries: number;
  events: number;
  pushes: number;
  claims: number;
  /** Claims by central's verdict. */
  verdicts: Record<string, number>;
  /** Payouts sent (each claimed online first), and their claims by central's verdict ('claimed' for each, when all goes well). */
  payouts: number;
  payoutVerdicts: Record<string, number>;
  errors: number;
  firstError: string | null;
  pushP50: number;
  pushP99: number;
  claimP50: number;
  claimP99: number;
  peakSeconds: number;
  /** This generator's own event-loop delay p99 and max during the run, ms (a late generator adds to every latency it measures). */
  lagP99: number;
  lagMax: number;
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

/** Sends a prepared request; answers its status and parsed JSON (a request past `timeoutMs`, when given, fails). */
export function send(url: URL, agent: Agent, req: PreparedRequest, timeoutMs?: number): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const r = request({ host: url.hostname, port: url.port, path: req.path, method: 'POST', headers: req.headers, agent, ...(timeoutMs ? { timeout: timeoutMs } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
        } catch (err) {
          reject(err as Error);
        }
      });
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', reject);
    r.end(req.body);
  });
}

export async function drive(o: DriveOptions): Promise<DriveResult> {
  if (o.seconds > PREPARED_SECONDS_MAX) throw new Error(`a phase is at most ${PREPARED_SECONDS_MAX} s: its requests are signed beforehand, within central's clock window`);
  const maxInflight = o.inflight ?? 16;
  // What the run offers at most (a fifth at a tenth of the peak, the rest at the peak), and a margin.
  const offeredEntries = Math.ceil(o.rate * o.seconds * (0.2 / 10 + 0.8) * 1.1) + 16;
  const load = prepareLoad(o.fleet, o.tickets, offeredEntries, Math.ceil(offeredEntries / 6) + 16);
  const url = new URL(o.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 2 * maxInflight });
  /** Terminals with prepared batches left. */
  const ready = [...load.pushes.keys()];
  let nextClaim = 0;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const start = performance.now();
  const peakAt = start + o.seconds * 200;
  const end = start + o.seconds * 1000;
  let pushing = 0;
  let claiming = 0;
  let dueEntries = 0;
  let dueClaims = 0;
  let last = start;
  let peakEntries = 0;
  let peakClaims = 0;
  let peakStarted = false;
  const r: DriveResult = { sustained: 0, claimRate: 0, offered: o.rate, entries: 0, events: 0, pushes: 0, claims: 0, verdicts: {}, payouts: 0, payoutVerdicts: {}, errors: 0, firstError: null, pushP50: 0, pushP99: 0, claimP50: 0, claimP99: 0, peakSeconds: 0, lagP99: 0, lagMax: 0 };
  const pushLat: number[] = [];
  const claimLat: number[] = [];
  const fail = (msg: string): void => {
    r.errors++;
    r.firstError ??= msg;
  };
  /** A terminal with a prepared batch and none in flight (one batch at a time, as the sync loop sends). */
  const idle = (): SimTerminal | null => {
    for (let k = 0; k < 8 && ready.length > 0; k++) {
      const i = Math.floor(Math.random() * ready.length);
      const t = ready[i] as SimTerminal;
      if ((load.pushes.get(t)?.length ?? 0) === 0) {
        ready.splice(i, 1);
        continue;
      }
      if (!t.busy) return t;
    }
    return null;
  };

  const push = async (t: SimTerminal, prepared: PreparedPush): Promise<void> => {
    t.busy = true;
    pushing++;
    try {
      // The payouts' claims first, as the counter claims each winner before it pays it.
      const claimed = await Promise.all(prepared.claims.map((c) => send(url, agent, c)));
      for (const a of claimed) {
        const verdict = a.status === 200 ? (a.json as { verdict: string }).verdict : `http ${a.status}`;
        r.payoutVerdicts[verdict] = (r.payoutVerdicts[verdict] ?? 0) + 1;
      }
      r.payouts += prepared.claims.length;
      const t0 = performance.now();
      const a = await send(url, agent, prepared);
      const now = performance.now();
      if (a.status !== 200) return fail(`push ${t.id}: ${a.status} ${JSON.stringify(a.json)}`);
      const ans = a.json as { last_seq: number; last_hash: string; stored_entries: number; stored_events: number };
      t.seq = ans.last_seq;
      t.lastHash = ans.last_hash;
      t.acked += ans.stored_entries;
      r.entries += ans.stored_entries;
      r.events += ans.stored_events;
      r.pushes++;
      if (peakStarted && now <= end) {
        peakEntries += ans.stored_entries;
        pushLat.push(now - t0);
      }
    } catch (err) {
      fail(`push ${t.id}: ${(err as Error).message}`);
    } finally {
      t.busy = false;
      pushing--;
    }
  };
  const claim = async (prepared: PreparedRequest): Promise<void> => {
    claiming++;
    const t0 = performance.now();
    try {
      const a = await send(url, agent, prepared);
      if (a.status !== 200) return fail(`claim ${prepared.headers[HEADER_TERMINAL]}: ${a.status} ${JSON.stringify(a.json)}`);
      const verdict = (a.json as { verdict: string }).verdict;
      r.verdicts[verdict] = (r.verdicts[verdict] ?? 0) + 1;
      r.claims++;
      const done = performance.now();
      if (peakStarted && done <= end) {
        claimLat.push(done - t0);
        peakClaims++;
      }
    } catch (err) {
      fail(`claim ${prepared.headers[HEADER_TERMINAL]}: ${(err as Error).message}`);
    } finally {
      claiming--;
    }
  };

  const pending = new Set<Promise<void>>();
  const track = (p: Promise<void>): void => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  let peakStart = 0;
  for (;;) {
    const now = performance.now();
    if (now >= end) break;
    if (!peakStarted && now >= peakAt) {
      peakStarted = true;
      peakStart = now;
      o.onPeak?.();
    }
    const rate = peakStarted ? o.rate : o.rate / 10;
    dueEntries += ((now - last) / 1000) * rate;
    dueClaims += ((now - last) / 1000) * (rate / 6);
    last = now;
    while (dueClaims >= 1 && claiming < maxInflight && nextClaim < load.claims.length) {
      track(claim(load.claims[nextClaim++] as PreparedRequest));
      dueClaims -= 1;
    }
    while (dueEntries >= 1 && pushing < maxInflight) {
      const t = idle();
      if (!t) break;
      const prepared = load.pushes.get(t)!.shift()!;
      track(push(t, prepared));
      dueEntries -= prepared.entries;
    }
    // Backlog beyond a second of load is dropped: the offered rate is what the fleet would send, not a queue.
    dueEntries = Math.min(dueEntries, rate);
    dueClaims = Math.min(dueClaims, rate / 6);
    await new Promise((res) => setTimeout(res, 5));
  }
  const peakMs = end - peakStart;
  await Promise.all(pending);
  agent.destroy();
  lag.disable();
  r.lagP99 = lag.percentile(99) / 1e6;
  r.lagMax = lag.max / 1e6;
  r.peakSeconds = peakMs / 1000;
  r.sustained = peakEntries / r.peakSeconds;
  r.claimRate = peakClaims / r.peakSeconds;
  r.pushP50 = pct(pushLat, 50);
  r.pushP99 = pct(pushLat, 99);
  r.claimP50 = pct(claimLat, 50);
  r.claimP99 = pct(claimLat, 99);
  return r;
}
