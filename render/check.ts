/** Checks a ticket picture's input before anything is drawn: play data, barcodes, and that they agree. */
import { gameByCode, prizeOf, type Game, type PrizeResult } from '../games/index.js';
import { parseBarcode, type UnitId } from '../games/ticket-id.js';
import type { TicketPicture } from './types.js';

/** A picture request whose parts do not belong together (other game, other unit, wrong barcode kind). */
export class TicketPictureError extends Error {
  override readonly name = 'TicketPictureError';
}

function sameUnit(a: UnitId, b: UnitId): boolean {
  return a.game === b.game && a.emission === b.emission && a.block === b.block && a.unit === b.unit;
}

/**
 * The game and the prize of the picture's play data. Throws `GameRuleError` for an unknown game,
 * `PlayDataError` for malformed play data, `TicketIdError` for an unreadable barcode, and
 * `TicketPictureError` when the barcodes are of the wrong kind or name another game or unit.
 */
export function checkPicture(input: TicketPicture): { game: Game; prize: PrizeResult } {
  const game = gameByCode(input.game);
  const prize = prizeOf(game, input.play);
  const inventory = parseBarcode(input.barcodes.inventory);
  const validation = parseBarcode(input.barcodes.validation);
  if (inventory.kind !== 'inventory') throw new TicketPictureError('barcodes.inventory holds a validation barcode');
  if (validation.kind !== 'validation') throw new TicketPictureError('barcodes.validation holds an inventory barcode');
  if (inventory.id.game !== game.code) {
    throw new TicketPictureError(`the barcodes belong to game '${inventory.id.game}', not '${game.code}'`);
  }
  if (!sameUnit(inventory.id, validation.id)) {
    throw new TicketPictureError('the inventory and validation barcodes name different units');
  }
  if (typeof input.unit !== 'string' || input.unit.trim() === '') throw new TicketPictureError('the unit number is empty');
  return { game, prize };
}
