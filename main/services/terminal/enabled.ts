/** A terminal central disabled (through its signed feed) neither sells nor pays, and says why. */
import { disabledReason } from '../../../db/queries/sync-state.js';
import { readSettings } from '../../../db/queries/terminal.js';
import { ServiceError } from '../../kernel/errors.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

/** Throws ServiceError('terminal-disabled') when central disabled this terminal. */
export function assertTerminalEnabled(t: LotteryTerminal): void {
  const reason = disabledReason(t.db);
  if (reason) {
    throw new ServiceError('terminal-disabled', `the lottery disabled this terminal (${reason}): no sale or payout until it is enabled again`);
  }
}

/** Where the games central suspended are kept (written by the feed's `game_status` items: services/sync/pull.ts). */
export const CENTRAL_DISABLED_GAMES = 'central_disabled_games';

/** The games central suspended, as the terminal last heard (its feed): no sale, no payout of them. */
export function suspendedGames(t: LotteryTerminal): string[] {
  const stored = readSettings(t.db)[CENTRAL_DISABLED_GAMES];
  return Array.isArray(stored) ? stored.filter((g): g is string => typeof g === 'string').sort() : [];
}

/** Throws ServiceError('game-suspended') when central suspended `game` (`guichet central game suspend`): no sale, no payout of it. */
export function assertGameOnSale(t: LotteryTerminal, game: string): void {
  if (suspendedGames(t).includes(game)) {
    throw new ServiceError('game-suspended', `the lottery suspended ${game}: no sale or payout of it until it is resumed`, { game });
  }
}
