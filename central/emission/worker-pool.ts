/**
 * A small pool of worker threads for unit batches, with an in-order pipeline on top: batches run
 * in parallel, results are consumed in batch order, and at most a few batches are in flight so
 * memory stays flat whatever the block size. With 0 workers batches run in the calling thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { auditUnits, sealUnits, type AuditResult, type AuditTask, type SealTask } from './unit-tasks.js';
import type { UnitJob } from './unit-worker.js';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** Workers to use by default: one per core, at most 4. */
export function defaultWorkerCount(): number {
  return Math.min(4, availableParallelism());
}

export class UnitWorkerPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      // From the sources, tsx compiles the worker in memory (unit-worker.mjs); a compiled build starts unit-worker.js itself.
      const worker = new Worker(new URL(import.meta.url.endsWith('.ts') ? './unit-worker.mjs' : './unit-worker.js', import.meta.url));
      const entry = { worker, busy: 0 };
      worker.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
        entry.busy--;
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (!p) return;
        if (msg.error !== undefined) p.reject(new Error(msg.error));
        else p.resolve(msg.result);
      });
      worker.on('error', (err) => this.failAll(err));
      worker.on('exit', (code) => {
        if (code !== 0) this.failAll(new Error(`a unit worker stopped with code ${code}`));
      });
      this.workers.push(entry);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private post<T>(job: Omit<UnitJob, 'id'>, transfer: ArrayBuffer[]): Promise<T> {
    const entry = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    entry.busy++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      entry.worker.postMessage({ ...job, id }, transfer);
    });
  }

  /** Seals a batch (in a worker when the pool has any). */
  async seal(task: SealTask): Promise<Uint8Array> {
    if (this.workers.length === 0) return sealUnits(task);
    return this.post<Uint8Array>({ kind: 'seal', task }, []);
  }

  /** Audits a batch (in a worker when the pool has any). */
  async audit(task: AuditTask): Promise<AuditResult> {
    if (this.workers.length === 0) return auditUnits(task);
    return this.post<AuditResult>({ kind: 'audit', task }, []);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}

/**
 * Runs `count` batches with at most `inFlight` started and not yet consumed, and hands their
 * results to `consume` strictly in batch order.
 */
export async function orderedPipeline<R>(
  count: number,
  inFlight: number,
  start: (batch: number) => Promise<R>,
  consume: (batch: number, result: R) => void | Promise<void>,
): Promise<void> {
  const running = new Map<number, Promise<R>>();
  let next = 0;
  const fill = (): void => {
    while (next < count && running.size < inFlight) {
      const p = start(next);
      p.catch(() => undefined); // observed below, in order
      running.set(next++, p);
    }
  };
  for (let b = 0; b < count; b++) {
    fill();
    const result = await (running.get(b) as Promise<R>);
    running.delete(b);
    await consume(b, result);
  }
}
