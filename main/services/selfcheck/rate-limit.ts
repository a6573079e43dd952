/**
 * A sliding-window limit per scanner: at most `max` checks in any `windowMs`. Beyond it the caller is
 * told how long to wait until the oldest check of the window leaves it. Keys are bounded: past
 * `maxKeys` distinct scanners, the extra ones share one bucket (a page cannot escape the limit by
 * naming a new scanner for each check).
 */
export interface RateLimitOptions {
  readonly max: number;
  readonly windowMs: number;
  readonly maxKeys?: number;
}

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

const OVERFLOW = '\u0000overflow';

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly maxKeys: number;

  constructor(private readonly options: RateLimitOptions) {
    if (!Number.isSafeInteger(options.max) || options.max < 1) throw new RangeError(`the rate limit allows at least 1 check, not ${options.max}`);
    if (!Number.isSafeInteger(options.windowMs) || options.windowMs < 1) throw new RangeError(`the rate-limit window is a positive number of ms, not ${options.windowMs}`);
    this.maxKeys = options.maxKeys ?? 16;
  }

  /** Takes one check for `key` at `nowMs` if the window allows it. */
  take(key: string, nowMs: number): Admission {
    return this.admit(key, nowMs, true);
  }

  /** Whether `key` may go on at `nowMs`, taking nothing (a limit counted on outcomes: see `take` after the fact). */
  peek(key: string, nowMs: number): Admission {
    return this.admit(key, nowMs, false);
  }

  private admit(key: string, nowMs: number, taking: boolean): Admission {
    const bucket = this.hits.has(key) || this.hits.size < this.maxKeys ? key : OVERFLOW;
    const since = nowMs - this.options.windowMs;
    const times = (this.hits.get(bucket) ?? []).filter((t) => t > since);
    if (times.length >= this.options.max) {
      this.hits.set(bucket, times);
      return { ok: false, retryAfterMs: Math.max(1, (times[0] as number) + this.options.windowMs - nowMs) };
    }
    if (taking) times.push(nowMs);
    if (taking || times.length > 0) this.hits.set(bucket, times);
    return { ok: true };
  }
}
