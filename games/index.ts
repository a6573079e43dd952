/** The rules engine: the three seed games and the two operations every other layer uses. */
import { GameRuleError, PlayDataError } from './errors.js';
import { anneeChance2013 } from './annee-chance-2013/game.js';
import { happy2014 } from './happy-2014/game.js';
import { millionnaire } from './millionnaire/game.js';
import type { Game, GameCode, PrizeResult, Rng } from './types.js';

export type * from './types.js';
export { GameRuleError, PlayDataError } from './errors.js';
export { createRng, sfc32 } from './rng.js';
export { lotsOf, totalOf, payoutBasisPoints } from './prize-table.js';

export const GAMES: readonly Game[] = [happy2014, anneeChance2013, millionnaire] as readonly Game[];

export const GAME_CODES: readonly GameCode[] = GAMES.map((g) => g.code);

export function isGameCode(code: string): code is GameCode {
  return (GAME_CODES as readonly string[]).includes(code);
}

export function gameByCode(code: string): Game {
  const game = GAMES.find((g) => g.code === code);
  if (!game) throw new GameRuleError(`unknown game '${code}' (known: ${GAME_CODES.join(', ')})`);
  return game;
}

function resolve(game: Game | string): Game {
  return typeof game === 'string' ? gameByCode(game) : game;
}

/**
 * The prize in cents of play data in the canonical JSON shape, with its winning zones.
 * Malformed play data throws `PlayDataError` naming the zone and the problem; nothing is guessed.
 */
export function prizeOf(game: Game | string, play: unknown): PrizeResult {
  const g = resolve(game);
  const result = g.evaluate(g.parse(play));
  // Each amount is checked, but absurd ones could still add up past what a number holds exactly.
  if (!Number.isSafeInteger(result.prize_cents)) throw new PlayDataError(g.code, '', 'the amounts add up to more than a prize can be');
  return result;
}

/** Play data that wins exactly `prizeCents` (0 or an amount of the game's table), deterministic in `rng`. */
export function layoutFor(game: Game | string, prizeCents: number, rng: Rng): unknown {
  const g = resolve(game);
  if (prizeCents !== 0 && !g.prizes.some((t) => t.amount_cents === prizeCents)) {
    throw new GameRuleError(`${g.code}: ${prizeCents} cents is not a prize of the table`);
  }
  return g.layout(prizeCents, rng);
}

