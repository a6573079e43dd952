/**
 * The window's idle timer: after `limitMs` without a key, a touch, a click or a wheel turn, `onIdle`
 * runs once (the shell logs out and the login screen comes back). Activity is also reported to the
 * terminal at most every `reportEveryMs`, so the services' own idle limit (the same setting) does not end
 * a session while someone is working in a form without calling anything.
 */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'wheel', 'input'] as const;

export interface IdleOptions {
  readonly limitMs: number;
  onIdle(): void;
  /** Tells the terminal the operator is active (throttled). */
  onActivity?(): void;
  /** Default: a third of the limit. */
  readonly reportEveryMs?: number;
  /** Default: Date.now. */
  readonly now?: () => number;
}

/** Starts watching `target` (the window); returns the function that stops. */
export function watchIdle(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, options: IdleOptions): () => void {
  const now = options.now ?? Date.now;
  const reportEvery = options.reportEveryMs ?? Math.max(1000, Math.floor(options.limitMs / 3));
  let last = now();
  let reported = last;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, last + options.limitMs - now()));
  };
  function check(): void {
    timer = undefined;
    if (done) return;
    if (now() - last >= options.limitMs) {
      done = true;
      stop();
      options.onIdle();
    } else schedule();
  }
  const onEvent = (): void => {
    if (done) return;
    last = now();
    if (options.onActivity && last - reported >= reportEvery) {
      reported = last;
      options.onActivity();
    }
  };
  function stop(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onEvent, true);
  }
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onEvent, true);
  schedule();
  return () => {
    done = true;
    stop();
  };
}
