import { ServiceError } from '../terminal/errors.js';

/**
 * A refused pack or stop-list operation; nothing changed. Codes: 'bad-reference', 'not-paper',
 * 'unknown-pack', 'stop-listed', 'already-received', 'not-received', 'wrong-state', 'already-stop-listed', 'bad-input'.
 */
export class PackError extends ServiceError {
  override name = 'PackError';
}
