/**
 * Checks journal entries' hashes and signatures in a worker thread (verify-pool.ts):
 * `{ id, pem, entries }` in, `{ id, problems }` out (one code per entry, see verify-pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { WireJournalEntry } from '../../common/protocol/index.js';
import { entryProblemCodes } from './verify.js';

export interface VerifyJob {
  readonly id: number;
  readonly pem: string;
  readonly entries: readonly WireJournalEntry[];
}

const port = parentPort;
if (!port) throw new Error('verify-worker.ts runs in a worker thread');
port.on('message', (job: VerifyJob) => {
  try {
    const problems = entryProblemCodes(job.entries, job.pem);
    port.postMessage({ id: job.id, problems }, [problems.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
