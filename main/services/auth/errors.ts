/** Refusals of authentication and authorisation. */
import { ServiceError } from '../terminal/errors.js';

export type AuthProblem = 'unknown-operator' | 'wrong-pin' | 'malformed-pin' | 'locked' | 'disabled';

/** The operator could not be authenticated; nothing changed but, for a wrong PIN, its failure count. */
export class AuthError extends ServiceError {
  override name = 'AuthError';
  constructor(
    override readonly code: AuthProblem,
    message: string,
    /** For 'locked': the UTC ISO time the lock ends. */
    readonly lockedUntil?: string,
  ) {
    super(code, message);
  }
}

/** The operator's role does not allow the action; nothing changed. */
export class PermissionError extends ServiceError {
  override name = 'PermissionError';
  constructor(message: string) {
    super('forbidden', message);
  }
}
