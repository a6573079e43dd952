/**
 * The number printed on a ticket (`213-001-01-00001-015-9`: game, emission, block, pack, ticket, check
 * digit; digital units without pack), from the unit key central stores (`game/emission/block/unit`) or
 * a unit's identity. One formatter for the terminal, the CLI and the back-office console.
 */
import { gameByCode, isGameCode } from '../games/index.js';
import { humanNumber, type UnitId } from '../games/ticket-id.js';

/** The printed number of a unit: with pack and ticket for paper games. */
export function printedNumber(id: UnitId): string {
  return humanNumber(id, gameByCode(id.game).pack_size);
}

/** The printed number of a stored unit key `game/emission/block/unit`; the key itself when it names no unit of a known game. */
export function printedTicketKey(key: string): string {
  const m = /^([a-z0-9-]+)\/(\d{1,3})\/(\d{1,2})\/(\d{1,7})$/.exec(key);
  if (!m || !isGameCode(m[1]!)) return key;
  try {
    return printedNumber({ game: m[1], emission: Number(m[2]), block: Number(m[3]), unit: Number(m[4]) });
  } catch {
    return key;
  }
}
