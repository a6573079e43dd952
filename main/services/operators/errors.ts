import { ServiceError } from '../../kernel/errors.js';

/** A refused operator change ('bad-name', 'bad-role', 'bad-pin', 'name-taken', 'unknown-operator', 'last-manager', 'self'). */
export class OperatorError extends ServiceError {
  override name = 'OperatorError';
}
