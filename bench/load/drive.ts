/**
 * Drives a served central with a fleet: pushes of journal batches (1 to 8 entries, the sync loop's
 * pace) at an offered rate of entries per second, and claims at a sixth of that rate, for a bounded
 * time. The first fifth of the run is at the day's average (a tenth of the peak); the rest at the
 * peak, which is what "sustained" measures. Loopback only; stops by itself.
 *
 * Claims are the real online claim, `POST /v1/claim`, of the validation barcode of a real ticket of a
 * published emission (bench/load/tickets.ts): winners and losers, a winner now and then presented
 * again at another terminal; central answers 'claimed', 'already_paid' or 'not_winner'.
 */
import { randomBytes } from 'node:crypto';
import { signHeaders } from '../../test/central/support/terminal-client.js';
import { nextBatch, type SimTerminal } from './fleet.js';
import { presentedBarcode, type LoadTickets } from './tickets.js';

export const CLAIM_PATH = '/v1/claim';

/** A claim's body: the presented barcode and a fresh idempotency key. */
export function claimBody(tickets: LoadTickets): { barcode: string; claim_key: string } {
  return { barcode: presentedBarcode(tickets), claim_key: randomBytes(12).toString('base64url') };
}

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
  errors: number;
  firstError: string | null;
  pushP50: number;
  pushP99: number;
  claimP50: number;
  claimP99: number;
  peakSeconds: number;
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

async function send(url: string, t: SimTerminal, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
  const headers = signHeaders({ id: t.id, privateKey: t.privateKey, publicKey: t.publicKey, publicKeyPem: t.publicKeyPem }, method, path, bytes);
  if (method === 'POST') headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, ...(method === 'POST' ? { body: new Uint8Array(bytes) } : {}) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export async function drive(o: DriveOptions): Promise<DriveResult> {
  const maxInflight = o.inflight ?? 16;
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
  const r: DriveResult = { sustained: 0, claimRate: 0, offered: o.rate, entries: 0, events: 0, pushes: 0, claims: 0, verdicts: {}, errors: 0, firstError: null, pushP50: 0, pushP99: 0, claimP50: 0, claimP99: 0, peakSeconds: 0 };
  const pushLat: number[] = [];
  const claimLat: number[] = [];
  const fail = (msg: string): void => {
    r.errors++;
    r.firstError ??= msg;
  };
  const idle = (): SimTerminal | null => {
    for (let k = 0; k < 8; k++) {
      const t = o.fleet[Math.floor(Math.random() * o.fleet.length)] as SimTerminal;
      if (!t.busy) return t;
    }
    return null;
  };

  const push = async (t: SimTerminal, n: number): Promise<void> => {
    t.busy = true;
    pushing++;
    const batch = nextBatch(t, n);
    const t0 = performance.now();
    try {
      const a = await send(o.url, t, 'POST', '/v1/push', batch);
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
  const claim = async (t: SimTerminal): Promise<void> => {
    claiming++;
    const t0 = performance.now();
    try {
      const a = await send(o.url, t, 'POST', CLAIM_PATH, claimBody(o.tickets));
      if (a.status !== 200) return fail(`claim ${t.id}: ${a.status} ${JSON.stringify(a.json)}`);
      const verdict = (a.json as { verdict: string }).verdict;
      r.verdicts[verdict] = (r.verdicts[verdict] ?? 0) + 1;
      r.claims++;
      const done = performance.now();
      if (peakStarted && done <= end) {
        claimLat.push(done - t0);
        peakClaims++;
      }
    } catch (err) {
      fail(`claim ${t.id}: ${(err as Error).message}`);
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
    while (dueClaims >= 1 && claiming < maxInflight) {
      const t = o.fleet[Math.floor(Math.random() * o.fleet.length)] as SimTerminal;
      track(claim(t));
      dueClaims -= 1;
    }
    while (dueEntries >= 1 && pushing < maxInflight) {
      const t = idle();
      if (!t) break;
      const n = Math.max(1, Math.min(Math.floor(dueEntries), 1 + Math.floor(Math.random() * 8)));
      track(push(t, n));
      dueEntries -= n;
    }
    // Backlog beyond a second of load is dropped: the offered rate is what the fleet would send, not a queue.
    dueEntries = Math.min(dueEntries, rate);
    dueClaims = Math.min(dueClaims, rate / 6);
    await new Promise((res) => setTimeout(res, 5));
  }
  const peakMs = end - peakStart;
  await Promise.all(pending);
  r.peakSeconds = peakMs / 1000;
  r.sustained = peakEntries / r.peakSeconds;
  r.claimRate = peakClaims / r.peakSeconds;
  r.pushP50 = pct(pushLat, 50);
  r.pushP99 = pct(pushLat, 99);
  r.claimP50 = pct(claimLat, 50);
  r.claimP99 = pct(claimLat, 99);
  return r;
}
