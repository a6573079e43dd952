/**
 * The growing PIN lockout. After MAX_FAILURES wrong PINs in a row an operator is locked: 5 minutes the
 * first time, then 15, then an hour, and from the fourth lock on until a manager or a technician unlocks
 * them; except the terminal's last manager (no other active manager able to unlock them), whose 4th and
 * later locks stay an hour each, so that the terminal never loses its last manager for good. The count
 * of locks is read from the signed journal ('operator.locked' entries since the operator's last
 * 'operator.unlock': locksSinceUnlock in db/queries/journal.ts), so only an unlock resets it: neither
 * time nor a good PIN does.
 */

/** Wrong PINs in a row that lock an operator. */
export const MAX_FAILURES = 5;
/** The length of the 1st, 2nd and 3rd lock; the 4th and later last until unlocked (the last manager's: the last step). */
export const LOCK_STEPS_MINUTES: readonly number[] = [5, 15, 60];
/** `locked_until` of an operator locked until a manager or a technician unlocks them (compares after any real time). */
export const UNTIL_UNLOCKED = '9999-12-31T23:59:59.999Z';

/**
 * Minutes of the lock that `priorLocks` earlier locks lead to, or null for "until unlocked". `lastManager`:
 * the operator is the terminal's last manager able to unlock anyone, whose locks always end.
 */
export function lockMinutes(priorLocks: number, lastManager = false): number | null {
  const step = LOCK_STEPS_MINUTES[priorLocks];
  if (step !== undefined) return step;
  return lastManager ? (LOCK_STEPS_MINUTES.at(-1) ?? null) : null;
}

/** `locked_until` for a lock starting now after `priorLocks` earlier ones. */
export function lockUntil(priorLocks: number, nowMs: number, lastManager = false): string {
  const minutes = lockMinutes(priorLocks, lastManager);
  return minutes === null ? UNTIL_UNLOCKED : new Date(nowMs + minutes * 60_000).toISOString();
}

/** How a lock reads: "15-minute lock", "until a manager or a technician unlocks it". */
export function lockLength(priorLocks: number, lastManager = false): string {
  const minutes = lockMinutes(priorLocks, lastManager);
  if (minutes === null) return 'until a manager or a technician unlocks it';
  return minutes >= 60 && minutes % 60 === 0 ? `${minutes / 60}-hour lock` : `${minutes}-minute lock`;
}
