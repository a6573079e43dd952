/** The self-check screen's pure rules: what a result shows, and when the screen goes back to the attract loop. */
import type { SelfCheckKind } from '../../../common/api/methods/selfcheck.js';

export type SelfCheckTone = 'win' | 'lose' | 'info' | 'warn';

export function toneOf(kind: SelfCheckKind): SelfCheckTone {
  if (kind === 'winner' || kind === 'above-limit') return 'win';
  if (kind === 'loser') return 'lose';
  if (kind === 'already-paid' || kind === 'claimed' || kind === 'scratch-first') return 'info';
  return 'warn';
}

/** Seconds left, rounded up, until `untilMs` (never below 0). */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}
