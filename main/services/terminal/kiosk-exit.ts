/**
 * A technician's allowance for a packaged terminal to start out of kiosk mode (GUICHET_KIOSK=0 or
 * --no-kiosk are ignored otherwise), for a few hours at most: granted and withdrawn by a technician
 * (PIN checked), each time recorded in the signed journal ('kiosk.exit' { until }). Stored as the
 * `kiosk_exit_until` setting; the Electron host reads it at start.
 */
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../../kernel/record.js';
import { ServiceError } from '../../kernel/errors.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export const KIOSK_EXIT_SETTING = 'kiosk_exit_until';
/** The longest one allowance lasts. */
export const MAX_KIOSK_EXIT_HOURS = 8;

/** Allows kiosk mode to be left for `hours` (1 to 8) from now (technician); returns until when. */
export function allowKioskExit(t: LotteryTerminal, session: OperatorSession, hours: number): { until: string } {
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_KIOSK_EXIT_HOURS) {
    throw new ServiceError('bad-input', `the allowance lasts 1 to ${MAX_KIOSK_EXIT_HOURS} whole hours, not ${String(hours)}`);
  }
  return inTransaction(t, () => {
    authorize(t, session, 'kiosk.exit');
    const until = new Date(t.clock().getTime() + hours * 3_600_000).toISOString();
    writeSetting(t.db, KIOSK_EXIT_SETTING, canonicalJson(until), t.now());
    record(t, { type: 'kiosk.exit', operator: session, payload: { until } });
    return { until };
  });
}

/** Withdraws the allowance (technician): the next start is a kiosk again. */
export function withdrawKioskExit(t: LotteryTerminal, session: OperatorSession): void {
  inTransaction(t, () => {
    authorize(t, session, 'kiosk.exit');
    writeSetting(t.db, KIOSK_EXIT_SETTING, canonicalJson(null), t.now());
    record(t, { type: 'kiosk.exit', operator: session, payload: { until: null } });
  });
}

/** Until when kiosk mode may be left, or null when no allowance is in force (none, withdrawn or expired). */
export function kioskExitAllowedUntil(t: LotteryTerminal): string | null {
  const until = readSettings(t.db)[KIOSK_EXIT_SETTING];
  if (typeof until !== 'string') return null;
  const end = Date.parse(until);
  return Number.isFinite(end) && end > t.clock().getTime() ? until : null;
}
