/** The one error shape that crosses from the services to the renderer, whichever host carries it. */
export interface ApiErrorBody {
  /** Machine-readable: `wrong-pin`, `forbidden`, `pack-not-active`, `invalid-input`, `internal` … */
  readonly code: string;
  /** For the person at the counter. */
  readonly message: string;
  /** Facts a screen may use besides the message, e.g. `{ tries_left: 1, last_try: true }` for `wrong-pin`. */
  readonly details?: Readonly<Record<string, string | number | boolean>>;
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiErrorBody };

export class ApiError extends Error implements ApiErrorBody {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(message);
  }
}
