import { ServiceError } from '../../kernel/errors.js';

/** A refused cash operation: 'no-open-session', 'session-open', 'bad-amount', 'insufficient-cash', 'difference-unconfirmed', 'no-z'. */
export class CashError extends ServiceError {
  override name = 'CashError';
}
