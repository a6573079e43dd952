/** Refusals of authentication and authorisation. */
import { ServiceError } from '../../kernel/errors.js';

export type AuthProblem = 'unknown-operator' | 'wrong-pin' | 'malformed-pin' | 'locked' | 'disabled' | 'session-expired';

/** The operator could not be authenticated; nothing changed but, for a wrong PIN, its failure count. */
export class AuthError extends ServiceError {
  override name = 'AuthError';
  constructor(
    override readonly code: AuthProblem,
    message: string,
    /** For 'locked': the UTC ISO time the lock ends (UNTIL_UNLOCKED when only an unlock can lift it). */
    readonly lockedUntil?: string,
    /** What a host shows besides the message: for 'wrong-pin' `{ tries_left, last_try }`, for 'locked' `{ locked_until, until_unlocked }`. */
    details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(code, message, details);
  }
}

/** The operator's role does not allow the action; nothing changed. */
export class PermissionError extends ServiceError {
  override name = 'PermissionError';
  constructor(message: string) {
    super('forbidden', message);
  }
}
