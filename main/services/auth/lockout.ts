/**
 * The growing PIN lockout. After MAX_FAILURES wrong PINs in a row an operator is locked: 5 minutes the
 * first time, then 15, then an hour, and from the fourth lock on until a manager unlocks them. The count
 * of locks is read from the signed journal ('operator.locked' entries since the operator's last
 * 'operator.unlock': locksSinceUnlock in db/queries/journal.ts), so only a manager's unlock resets it:
 * neither time nor a good PIN does.
 */

/** Wrong PINs in a row that lock an operator. */
export const MAX_FAILURES = 5;
/** The length of the 1st, 2nd and 3rd lock; the 4th and later last until a manager unlocks. */
export const LOCK_STEPS_MINUTES: readonly number[] = [5, 15, 60];
/** `locked_until` of an operator locked until a manager unlocks them (compares after any real time). */
export const UNTIL_UNLOCKED = '9999-12-31T23:59:59.999Z';

/** Minutes of the lock that `priorLocks` earlier locks lead to, or null for "until a manager unlocks". */
export function lockMinutes(priorLocks: number): number | null {
  return LOCK_STEPS_MINUTES[priorLocks] ?? null;
}

/** `locked_until` for a lock starting now after `priorLocks` earlier ones. */
export function lockUntil(priorLocks: number, nowMs: number): string {
  const minutes = lockMinutes(priorLocks);
  return minutes === null ? UNTIL_UNLOCKED : new Date(nowMs + minutes * 60_000).toISOString();
}

/** How a lock reads: "for 15 minutes", "until a manager unlocks them". */
export function lockLength(priorLocks: number): string {
  const minutes = lockMinutes(priorLocks);
  if (minutes === null) return 'until a manager unlocks it';
  return minutes >= 60 && minutes % 60 === 0 ? `${minutes / 60}-hour lock` : `${minutes}-minute lock`;
}
