/** The window's idle timer (renderer/src/shell/idle.ts): logs out after the limit without activity, reports activity throttled. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIdle } from '../../renderer/src/shell/idle.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-30T09:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

const MIN = 60_000;

describe('watchIdle', () => {
  it('runs onIdle once after the limit without activity, on any screen (the window is the target)', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    watchIdle(target, { limitMs: 5 * MIN, onIdle });
    vi.advanceTimersByTime(5 * MIN - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MIN);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(60 * MIN);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts again at each key, touch or click, and reports activity at most every third of the limit', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const onActivity = vi.fn();
    watchIdle(target, { limitMs: 5 * MIN, onIdle, onActivity });
    for (const type of ['keydown', 'pointerdown', 'touchstart', 'wheel']) {
      vi.advanceTimersByTime(4 * MIN);
      target.dispatchEvent(new Event(type));
    }
    expect(onIdle).not.toHaveBeenCalled();
    expect(onActivity).toHaveBeenCalledTimes(4);
    target.dispatchEvent(new Event('keydown'));
    expect(onActivity).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(5 * MIN);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops when asked (logout, switch)', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = watchIdle(target, { limitMs: MIN, onIdle });
    stop();
    vi.advanceTimersByTime(10 * MIN);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
