/**
 * The terminal's mode setting: `counter` (the cashier's kiosk, the default) or `self_check` (a
 * player-facing self-check screen: nothing but ticket checks). Stored in the settings table under
 * `mode`; a manager changes it (journaled `settings.mode`); it applies from the next start.
 */
import { readSettings, writeSetting } from '../../../db/queries/terminal.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { record } from '../../kernel/record.js';
import { ServiceError } from '../../kernel/errors.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export type TerminalMode = 'counter' | 'self_check';
export const TERMINAL_MODES: readonly TerminalMode[] = ['counter', 'self_check'];

/** The stored mode (counter when never set or unreadable). */
export function terminalMode(t: LotteryTerminal): TerminalMode {
  const stored = readSettings(t.db).mode;
  return stored === 'self_check' ? 'self_check' : 'counter';
}

/** Changes the mode (permission 'settings.change'); journal `settings.mode` { before, after }. */
export function setTerminalMode(t: LotteryTerminal, session: OperatorSession, mode: string): TerminalMode {
  if (!TERMINAL_MODES.includes(mode as TerminalMode)) throw new ServiceError('bad-input', `the terminal mode is counter or self_check, not ${JSON.stringify(mode)}`);
  return inTransaction(t, () => {
    authorize(t, session, 'settings.change');
    const before = terminalMode(t);
    writeSetting(t.db, 'mode', canonicalJson(mode), t.now());
    record(t, { type: 'settings.mode', operator: session, payload: { before, after: mode } });
    return mode as TerminalMode;
  });
}
