/**
 * Journal entries' hash and signature checks spread over worker threads. An Ed25519 verification costs
 * about 100 µs of CPU here, more than COPY takes to store the row, so a push of 1,000 entries checked in
 * the request's thread spent most of its time there (docs/contributing/benchmarks.md). The pool checks a batch in
 * chunks, in parallel, and hands the verdicts back chunk by chunk, in order, so central can store the
 * first chunks while the next are still being checked (ingest.ts).
 *
 * Workers: GUICHET_VERIFY_WORKERS, else one per core, at most 4; 0 checks in the calling thread. Small
 * batches are checked in the calling thread too (a message costs more than a few verifications). The
 * workers are started on first use and do not keep the process alive when idle. A worker that cannot
 * start or dies (e.g. a build without the worker file) makes the pool fall back to the calling thread:
 * the checks are the same, only slower.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WireJournalEntry } from '../../common/protocol/index.js';
import { entryProblemCodes } from './verify.js';
import type { VerifyJob } from './verify-worker.js';

/** Below this many entries, a batch is checked in the calling thread. */
export const MIN_PARALLEL_ENTRIES = 100;

export function verifyWorkerCount(): number {
  const env = process.env.GUICHET_VERIFY_WORKERS;
  if (env !== undefined && env.trim() !== '' && Number.isInteger(Number(env)) && Number(env) >= 0) return Number(env);
  return Math.min(4, availableParallelism());
}

type Pending = { resolve: (codes: Uint8Array) => void; reject: (err: Error) => void };

class VerifyPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  broken = false;

  constructor(size: number) {
    // From the TypeScript sources (tsx), the .mjs entry registers tsx in the worker; a compiled build has verify-worker.js.
    const entry = new URL(import.meta.url.endsWith('.ts') ? './verify-worker.mjs' : './verify-worker.js', import.meta.url);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(entry);
      worker.unref();
      const slot = { worker, busy: 0 };
      worker.on('message', (msg: { id: number; problems?: Uint8Array; error?: string }) => {
        slot.busy--;
        if (slot.busy === 0) worker.unref();
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (!p) return;
        if (msg.problems) p.resolve(msg.problems);
        else p.reject(new Error(msg.error ?? 'verify worker: no answer'));
      });
      const fail = (err: Error): void => {
        this.broken = true;
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`a verify worker stopped (code ${code})`)));
      this.workers.push(slot);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  check(pem: string, entries: readonly WireJournalEntry[]): Promise<Uint8Array> {
    const slot = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    if (slot.busy++ === 0) slot.worker.ref();
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const job: VerifyJob = { id, pem, entries };
      slot.worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    const ws = this.workers.splice(0);
    for (const w of ws) w.worker.removeAllListeners('exit');
    await Promise.all(ws.map((w) => w.worker.terminate()));
  }
}

let pool: VerifyPool | null = null;

function activePool(): VerifyPool | null {
  if (pool?.broken) {
    void pool.close();
    pool = new VerifyPool(0);
  }
  pool ??= new VerifyPool(verifyWorkerCount());
  return pool.size > 0 ? pool : null;
}

/**
 * Starts the workers now and waits until each answers (a worker compiles its sources when run from
 * TypeScript, which takes a while): `central serve` calls it at startup so the first push does not pay for it.
 */
export async function warmVerifyPool(): Promise<number> {
  const p = activePool();
  if (!p) return 0;
  await Promise.all(Array.from({ length: p.size }, () => p.check('', []).catch(() => undefined)));
  return p.size;
}

/** One chunk of a batch: entries [from, to) and their problem codes (verify.ts ENTRY_PROBLEMS). */
export interface CheckedChunk {
  readonly from: number;
  readonly to: number;
  readonly problems: Promise<Uint8Array>;
}

/**
 * Starts checking each entry's hash and signature with the key in `pem` (on its own: the chain links
 * are the caller's) and returns the chunks in order; every chunk's promise resolves (never rejects).
 */
export function checkEntries(entries: readonly WireJournalEntry[], pem: string): CheckedChunk[] {
  const p = entries.length >= MIN_PARALLEL_ENTRIES ? activePool() : null;
  if (!p) return [{ from: 0, to: entries.length, problems: Promise.resolve(entryProblemCodes(entries, pem)) }];
  // About four chunks a worker: the first verdicts come back early, and the last chunk is small.
  const size = Math.max(25, Math.ceil(entries.length / (p.size * 4)));
  const chunks: CheckedChunk[] = [];
  for (let from = 0; from < entries.length; from += size) {
    const slice = entries.slice(from, from + size);
    chunks.push({ from, to: from + slice.length, problems: p.check(pem, slice).catch(() => entryProblemCodes(slice, pem)) });
  }
  return chunks;
}

/** Stops the workers (tests; the process may also just exit). */
export async function closeVerifyPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
