/**
 * The background sync loop: a round now, then every `intervalMs`. Failed rounds wait longer each
 * time, with jitter (cockatiel's exponential backoff), up to `maxDelayMs`. It never throws and never
 * blocks the caller. One round at a time: the next is scheduled only when one is over.
 */
import { ExponentialBackoff, type IBackoff } from 'cockatiel';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { syncOnce, type SyncOptions, type SyncReport } from './sync.js';

export interface SyncLoopOptions extends SyncOptions {
  /** Pause between successful rounds, ms (default 5 s). */
  readonly intervalMs?: number;
  /** Longest pause after failures, ms (default 60 s). */
  readonly maxDelayMs?: number;
  readonly onRound?: (result: { ok: true; report: SyncReport } | { ok: false; error: unknown }) => void;
}

export interface SyncLoop {
  /** Stops after the round in progress; resolves when it is over. */
  stop(): Promise<void>;
}

export function startSyncLoop(t: LotteryTerminal, options: SyncLoopOptions = {}): SyncLoop {
  const interval = options.intervalMs ?? 5_000;
  const factory = new ExponentialBackoff({ initialDelay: 500, maxDelay: options.maxDelayMs ?? 60_000 });
  let backoff: IBackoff<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (ms: number): void => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const round = async (): Promise<void> => {
    try {
      // A round per loop at most: the client's own retries cover short outages.
      const report = await syncOnce(t, { ...options, client: { maxAttempts: 2, ...options.client } });
      backoff = undefined;
      options.onRound?.({ ok: true, report });
      schedule(interval);
    } catch (error) {
      backoff = backoff ? backoff.next(undefined) : factory.next();
      options.onRound?.({ ok: false, error });
      schedule(backoff.duration);
    }
  };

  function run(): void {
    if (stopped) return;
    running = round().finally(() => {
      running = undefined;
    });
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
