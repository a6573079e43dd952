import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../../../main/services/selfcheck/rate-limit.js';

describe('the self-check rate limit', () => {
  it('allows max checks per window and key, says how long to wait, and slides', () => {
    const l = new SlidingWindowLimiter({ max: 3, windowMs: 60_000 });
    expect(l.take('wedge', 0)).toEqual({ ok: true });
    expect(l.take('wedge', 10_000)).toEqual({ ok: true });
    expect(l.take('wedge', 20_000)).toEqual({ ok: true });
    expect(l.take('wedge', 30_000)).toEqual({ ok: false, retryAfterMs: 30_000 });
    // Another scanner has its own window.
    expect(l.take('serial:/dev/ttyACM0', 30_000)).toEqual({ ok: true });
    // A refused check does not count: once the first leaves the window, one more goes through.
    expect(l.take('wedge', 60_001)).toEqual({ ok: true });
    expect(l.take('wedge', 60_002)).toEqual({ ok: false, retryAfterMs: 9_998 });
  });

  it('makes scanners past the bound share one window (naming new scanners does not escape it)', () => {
    const l = new SlidingWindowLimiter({ max: 1, windowMs: 1000, maxKeys: 2 });
    expect(l.take('a', 0).ok).toBe(true);
    expect(l.take('b', 0).ok).toBe(true);
    expect(l.take('c', 0).ok).toBe(true);
    expect(l.take('d', 0).ok).toBe(false);
    expect(l.take('e', 0).ok).toBe(false);
  });

  it('refuses a limit of no checks', () => {
    expect(() => new SlidingWindowLimiter({ max: 0, windowMs: 1000 })).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter({ max: 1, windowMs: 0 })).toThrow(RangeError);
  });
});
