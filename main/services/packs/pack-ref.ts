/**
 * Naming a pack: its human number `GGG-EEE-BB-PPPPP` (game number, emission, block, pack in block),
 * or the inventory barcode of any ticket in it.
 */
import { gameByCode, type GameCode } from '../../../games/index.js';
import { GAME_NUMBERS, inventoryBarcode, packOf, parseBarcode, TicketIdError, type UnitId } from '../../../games/ticket-id.js';
import type { PackKey } from '../../../db/queries/packs.js';
import { PackError } from './errors.js';

/** A pack of a paper game. */
export interface PackId extends PackKey {
  readonly game: GameCode;
}

/** The pack holding a unit, or null for a game sold without packs (digital). */
export function packOfUnit(id: UnitId): PackId | null {
  const size = gameByCode(id.game).pack_size;
  if (size === undefined) return null;
  return { game: id.game, emission: id.emission, block: id.block, pack: packOf(id.unit, size).pack };
}

/** The units of a pack: [first, first + count). */
export function packUnits(p: PackId): { first: number; count: number } {
  const size = gameByCode(p.game).pack_size;
  if (size === undefined) throw new PackError('not-paper', `${p.game} is not sold in packs`);
  return { first: p.pack * size, count: size };
}

/** `GGG-EEE-BB-PPPPP`, as printed on the pack. */
export function humanPackNumber(p: PackId): string {
  const digits = inventoryBarcode({ game: p.game, emission: p.emission, block: p.block, unit: 0 });
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 8)}-${String(p.pack).padStart(5, '0')}`;
}

function gameOfNumber(n: number): GameCode | undefined {
  return (Object.keys(GAME_NUMBERS) as GameCode[]).find((c) => GAME_NUMBERS[c] === n);
}

/**
 * Reads a pack reference: `GGG-EEE-BB-PPPPP` or a ticket's 16-digit inventory barcode. Throws
 * PackError: 'bad-reference' (neither form, or a bad check digit), 'unknown-pack' (no such game or
 * pack number), 'not-paper' (a game without packs).
 */
export function parsePackRef(text: string): PackId {
  const s = text.trim();
  const human = /^(\d{3})-(\d{3})-(\d{2})-(\d{5})$/.exec(s);
  if (human) {
    const game = gameOfNumber(Number(human[1]));
    if (!game) throw new PackError('unknown-pack', `no game has number ${human[1]}`, { problem: 'no-game', game: s.slice(0, 3) });
    const [emission, block, pack] = [Number(human[2]), Number(human[3]), Number(human[4])];
    if (emission < 1 || block < 1) throw new PackError('bad-reference', `'${s}': emission and block numbers start at 1`);
    const g = gameByCode(game);
    if (g.pack_size === undefined) throw new PackError('not-paper', `${g.name} is not sold in packs`);
    if (pack >= g.block_size / g.pack_size) throw new PackError('unknown-pack', `a block of ${g.name} has ${g.block_size / g.pack_size} packs: there is no pack ${pack}`, {
        problem: 'no-such-pack',
        game: g.name,
        packs: g.block_size / g.pack_size,
        pack,
      });
    return { game, emission, block, pack };
  }
  let parsed;
  try {
    parsed = parseBarcode(s);
  } catch (err) {
    if (!(err instanceof TicketIdError)) throw err;
    if (err.problem === 'unknown-game') throw new PackError('unknown-pack', err.message, { problem: 'no-game-barcode' });
    throw new PackError('bad-reference', `'${s}' is neither a pack number GGG-EEE-BB-PPPPP nor a ticket's inventory barcode: ${err.message}`);
  }
  if (parsed.kind !== 'inventory') {
    throw new PackError('bad-reference', 'this is a validation barcode: name a pack by its number or by a ticket\'s inventory barcode (on the back)');
  }
  const pack = packOfUnit(parsed.id);
  if (!pack) throw new PackError('not-paper', `${gameByCode(parsed.id.game).name} is not sold in packs`);
  return pack;
}
