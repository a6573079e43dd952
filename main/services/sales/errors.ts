import { ServiceError } from '../../kernel/errors.js';

/**
 * A refused sale or void; nothing changed. Codes: 'empty-cart', 'malformed', 'bad-check-digit',
 * 'unknown-ticket', 'not-inventory', 'not-paper', 'duplicate-in-cart', 'stop-listed', 'pack-not-received',
 * 'pack-not-active', 'already-sold', 'already-paid', 'already-claimed', 'bad-amount', 'insufficient-tender', 'no-such-sale', 'already-voided',
 * 'other-session', 'bad-input'.
 */
export class SaleError extends ServiceError {
  override name = 'SaleError';
}
