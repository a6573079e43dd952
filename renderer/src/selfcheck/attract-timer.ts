/** The self-check screen's pure rules: what a result shows, and when the screen goes back to the attract loop. */
import type { SelfCheckKind } from '../../../common/api/methods/selfcheck.js';
import type { Language } from '../../../common/api/views.js';
import type { Translate } from '../i18n/index.js';
import { countKey } from '../i18n/plural.js';

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

/**
 * How long a player must wait, said as a person would: seconds under a minute, then "about N minutes"
 * (rounded up), never "236 s".
 */
export function waitText(t: Translate, language: Language, seconds: number): string {
  if (seconds < 60) return t('selfcheck.waitSub', { seconds });
  const minutes = Math.ceil(seconds / 60);
  return t(countKey('selfcheck.waitSubMinutes', minutes, language), { minutes });
}
