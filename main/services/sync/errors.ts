import { ServiceError } from '../../kernel/errors.js';

export type SyncProblem = 'not-enrolled' | 'refused' | 'diverged' | 'bad-feed' | 'enrol-refused' | 'bad-input';

/** Why a sync step stopped (a refusal: a screen says it by its code, e.g. a digital sale on a terminal not enrolled). */
export class SyncError extends ServiceError {
  override name = 'SyncError';
  constructor(
    override readonly code: SyncProblem,
    message: string,
  ) {
    super(code, message);
  }
}
