import { ServiceError } from '../../kernel/errors.js';
import type { CounterVerdict } from './verdict-types.js';

/**
 * A refused payout; nothing was paid and nothing changed (but, for a wrong code, its 'ticket.code-refused' journal entry). `code` is the counter verdict that forbids
 * paying ('loser', 'already-paid', 'pack-not-active', 'wrong-code', 'expired', 'stop-listed', 'tampered',
 * 'unknown-ticket', 'bad-check-digit', 'malformed') or 'already-claimed'; `verdict` carries the details.
 */
export class PayoutError extends ServiceError {
  override name = 'PayoutError';
  constructor(
    code: string,
    message: string,
    readonly verdict: CounterVerdict | null,
    /** What a screen shows besides the code, in its own words (e.g. which terminal paid it). */
    details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(code, message, details);
  }
}
