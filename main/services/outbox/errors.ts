import { ServiceError } from '../terminal/errors.js';

/** An outbox refusal, e.g. the same event recorded twice ('duplicate-event'). */
export class OutboxError extends ServiceError {
  override name = 'OutboxError';
}
