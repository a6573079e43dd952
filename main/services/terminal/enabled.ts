/** A terminal central disabled (through its signed feed) neither sells nor pays, and says why. */
import { ServiceError } from '../../kernel/errors.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Throws ServiceError('terminal-disabled') when central disabled this terminal. */
export function assertTerminalEnabled(t: LotteryTerminal): void {
  const row = t.db.prepare<[], { disabled_reason: string | null }>('SELECT disabled_reason FROM sync_state WHERE singleton = 1').get();
  if (row?.disabled_reason) {
    throw new ServiceError('terminal-disabled', `the lottery disabled this terminal (${row.disabled_reason}): no sale or payout until it is enabled again`);
  }
}
