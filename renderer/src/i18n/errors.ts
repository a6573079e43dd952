/** Turns an API refusal into a sentence for the counter, in the current language. */
import { isTextKey, type Translate } from './index.js';

/** The dictionary key for a refusal: its code, made precise by its details (the last PIN try, a lock only a manager lifts). */
export function errorKey(code: string, details?: Readonly<Record<string, unknown>>): string {
  if (code === 'wrong-pin' && details?.last_try === true) return 'error.wrong-pin-last-try';
  if (code === 'locked' && details?.until_unlocked === true) return 'error.locked-until-unlock';
  return `error.${code}`;
}

/**
 * `error.<code>` from the dictionaries when there is one (with `{message}` available to it),
 * else the service's own message (services write theirs for the person at the counter).
 */
export function errorText(t: Translate, err: unknown): string {
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code) {
    const details = (err as { details?: unknown }).details;
    const key = errorKey(code, typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined);
    if (isTextKey(key)) return t(key, { message });
  }
  return message;
}
