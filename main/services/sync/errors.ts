/** Why a sync step stopped. */
export class SyncError extends Error {
  override readonly name = 'SyncError';
  constructor(
    readonly code: 'not-enrolled' | 'refused' | 'diverged' | 'bad-feed' | 'enrol-refused' | 'bad-input',
    message: string,
  ) {
    super(message);
  }
}
