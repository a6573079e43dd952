/** The terminal's clock, injectable so that tests (and lockout, reports) can move time. */

/** Returns the current time. */
export type Clock = () => Date;

/** The machine's clock. */
export const systemClock: Clock = () => new Date();

/** A clock for tests: starts at `iso`, moves only when told. */
export interface FixedClock extends Clock {
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock that stays at `iso` until `set` or `advance` moves it. */
export function fixedClock(iso: string): FixedClock {
  let ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`fixedClock: '${iso}' is not an ISO time`);
  const clock = (() => new Date(ms)) as FixedClock;
  clock.set = (next: string) => {
    const parsed = Date.parse(next);
    if (Number.isNaN(parsed)) throw new RangeError(`fixedClock: '${next}' is not an ISO time`);
    ms = parsed;
  };
  clock.advance = (delta: number) => {
    ms += delta;
  };
  return clock;
}
