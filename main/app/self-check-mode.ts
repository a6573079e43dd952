/**
 * What a host in self-check mode answers: the self-check API and nothing else. The dispatcher refuses
 * every other method (login, pay, sell, settings, diagnostics, the virtual scanner feed …) with
 * `self-check-mode`, whatever the page asks: the screen is not the only guard.
 */
import type { MethodName } from '../../common/api/contract.js';

export const SELF_CHECK_METHODS: ReadonlySet<MethodName> = new Set<MethodName>(['selfcheck.status', 'selfcheck.check', 'selfcheck.language']);

/** The refusal of a counter method on a self-check kiosk (null when allowed). */
export function selfCheckRefusal(method: MethodName): { code: string; message: string } | null {
  if (SELF_CHECK_METHODS.has(method)) return null;
  return { code: 'self-check-mode', message: `${method} is not available on a self-check kiosk: only ticket checks are` };
}
