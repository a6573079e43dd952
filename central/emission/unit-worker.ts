/** Runs batches of unit-tasks.ts in a worker thread: `{ id, kind, task }` in, `{ id, result }` or `{ id, error }` out. */
import { parentPort } from 'node:worker_threads';
import { auditUnits, sealUnits, type AuditTask, type SealTask } from './unit-tasks.js';

export type UnitJob = { id: number; kind: 'seal'; task: SealTask } | { id: number; kind: 'audit'; task: AuditTask };

const port = parentPort;
if (!port) throw new Error('unit-worker.ts runs in a worker thread');
port.on('message', (job: UnitJob) => {
  try {
    if (job.kind === 'seal') {
      const result = sealUnits(job.task);
      port.postMessage({ id: job.id, result }, [result.buffer as ArrayBuffer]);
    } else {
      port.postMessage({ id: job.id, result: auditUnits(job.task) });
    }
  } catch (err) {
    port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
