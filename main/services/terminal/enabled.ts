/** A terminal central disabled (through its signed feed) neither sells nor pays, and says why. */
import { disabledReason } from '../../../db/queries/sync-state.js';
import { ServiceError } from '../../kernel/errors.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Throws ServiceError('terminal-disabled') when central disabled this terminal. */
export function assertTerminalEnabled(t: LotteryTerminal): void {
  const reason = disabledReason(t.db);
  if (reason) {
    throw new ServiceError('terminal-disabled', `the lottery disabled this terminal (${reason}): no sale or payout until it is enabled again`);
  }
}
