import { ServiceError } from '../../kernel/errors.js';

/**
 * A refused pack or stop-list operation; nothing changed. Codes: 'bad-reference', 'not-paper',
 * 'unknown-pack', 'stop-listed', 'already-received', 'not-received', 'wrong-state', 'already-stop-listed', 'bad-input',
 * 'central-only' (an enrolled terminal: central settles and stop-lists), 'held-elsewhere', 'central-pack-refused'.
 */
export class PackError extends ServiceError {
  override name = 'PackError';
}
