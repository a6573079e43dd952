// The cash drawer. It opens with a pulse sent through the receipt printer; every opening is
// logged (who, why, when) before the pulse is sent, so a failing drawer never loses the record.

/** A cash drawer that can be told to open. Implemented in `native/drawer/`. */
export interface CashDrawer {
  /** Sends the opening pulse. Rejects (e.g. with a `PrinterError`) when the pulse could not be sent. */
  open(): Promise<void>;
}

/** Why the drawer was opened. */
export const DRAWER_OPEN_REASONS = ['sale', 'payout', 'void', 'float', 'count', 'change', 'no-sale', 'maintenance'] as const;
export type DrawerOpenReason = (typeof DRAWER_OPEN_REASONS)[number];

/** One logged opening of the drawer. */
export interface DrawerOpening {
  /** UTC ISO time of the request. */
  readonly time: string;
  readonly terminalId: string;
  readonly operator: string;
  readonly reason: DrawerOpenReason;
  /** Free text, e.g. the receipt number of the sale or payout. */
  readonly note?: string;
}

/** Where openings are recorded (the journal); `record` must be durable when it returns. */
export interface DrawerOpeningLog {
  record(opening: DrawerOpening): void | Promise<void>;
}

export interface DrawerOpenRequest {
  readonly terminalId: string;
  readonly operator: string;
  readonly reason: DrawerOpenReason;
  readonly note?: string;
  /** UTC ISO time; the current time when left out. */
  readonly time?: string;
}

export interface DrawerOpenResult {
  readonly opening: DrawerOpening;
  /** Whether the pulse went out; false when the printer or drawer failed (the opening is logged anyway). */
  readonly opened: boolean;
  /** Why the pulse failed, for the cashier. */
  readonly error?: string;
}

/** A drawer request that cannot be logged as given. */
export class DrawerRequestError extends Error {
  override readonly name = 'DrawerRequestError';
}

/**
 * Logs the opening, then kicks the drawer. A bad request throws a {@link DrawerRequestError} and
 * neither logs nor kicks; a failing log throws and does not kick; a failing drawer does not throw:
 * the result says `opened: false` with the reason, and the counter goes on.
 */
export async function openCashDrawer(
  drawer: CashDrawer,
  log: DrawerOpeningLog,
  request: DrawerOpenRequest,
): Promise<DrawerOpenResult> {
  const operator = request.operator.trim();
  const terminalId = request.terminalId.trim();
  if (operator === '') throw new DrawerRequestError('a drawer opening needs the operator who asks for it');
  if (terminalId === '') throw new DrawerRequestError('a drawer opening needs the terminal id');
  if (!(DRAWER_OPEN_REASONS as readonly string[]).includes(request.reason)) {
    throw new DrawerRequestError(`unknown drawer opening reason '${request.reason}' (known: ${DRAWER_OPEN_REASONS.join(', ')})`);
  }
  const time = request.time ?? new Date().toISOString();
  if (Number.isNaN(Date.parse(time)) || !time.endsWith('Z')) {
    throw new DrawerRequestError(`drawer opening time '${time}' is not a UTC ISO time`);
  }
  const opening: DrawerOpening = {
    time,
    terminalId,
    operator,
    reason: request.reason,
    ...(request.note !== undefined ? { note: request.note } : {}),
  };
  await log.record(opening);
  try {
    await drawer.open();
    return { opening, opened: true };
  } catch (err) {
    return { opening, opened: false, error: err instanceof Error ? err.message : String(err) };
  }
}
