/**
 * The base of every refusal a counter service makes. `code` is stable (for hosts and tests), `message`
 * is written for the person at the counter and printed as is by the CLI. A service that throws one
 * has changed nothing.
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly code: string,
    message: string,
    /** What a screen needs besides the code, in data (a pack's number, an amount in cents…), never words: screens say it in their language. */
    readonly details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(message);
  }
}

/** The data folder is not (or not properly) a lottery terminal. */
export class TerminalError extends ServiceError {
  override name = 'TerminalError';
  constructor(
    code: 'not-initialised' | 'already-initialised' | 'key-missing' | 'key-mismatch' | 'bad-input' | 'permissions' | 'corrupt-database' | 'old-database',
    message: string,
  ) {
    super(code, message);
  }
}

/** An outbox refusal, e.g. the same event recorded twice ('duplicate-event'). */
export class OutboxError extends ServiceError {
  override name = 'OutboxError';
}
