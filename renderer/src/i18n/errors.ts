/** Turns an API refusal into a sentence for the counter, in the current language. */
import { isTextKey, type Translate } from './index.js';

/**
 * `error.<code>` from the dictionaries when there is one (with `{message}` available to it),
 * else the service's own message (services write theirs for the person at the counter).
 */
export function errorText(t: Translate, err: unknown): string {
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code) {
    const key = `error.${code}`;
    if (isTextKey(key)) return t(key, { message });
  }
  return message;
}
