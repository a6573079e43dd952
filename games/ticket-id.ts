/**
 * Unit identity and the text of the two barcodes a ticket carries.
 *
 * - Inventory barcode (back of a paper ticket; identity only):
 *   `GGG EEE BB UUUUUUU C` — 16 digits: game number, emission, block, unit index in the block, Damm check digit.
 * - Validation barcode (under the scratch coating, or revealed on screen for a digital unit):
 *   `GGG EEE BB UUUUUUU HHHHHHHHHHHHHHHHHH C` — 34 digits: the same identity, the 18-digit hidden
 *   validation code, and a Damm check digit over all 33 digits before it.
 * Both are all-digit and of even length, so they print compactly as Code 128 (set C) or Interleaved 2 of 5.
 * The Damm algorithm detects every single-digit error and every swap of two adjacent digits.
 */
import { GameRuleError } from './errors.js';
import type { GameCode } from './types.js';

export const GAME_NUMBERS: Readonly<Record<GameCode, number>> = {
  'happy-2014': 114,
  'annee-chance-2013': 213,
  millionnaire: 316,
};

export const HIDDEN_CODE_DIGITS = 18;
export const INVENTORY_DIGITS = 16;
export const VALIDATION_DIGITS = 15 + HIDDEN_CODE_DIGITS + 1;

export interface UnitId {
  readonly game: GameCode;
  /** Emission number, 1–999. */
  readonly emission: number;
  /** Block number within the emission, 1–99. */
  readonly block: number;
  /** Index of the unit within its block, from 0. */
  readonly unit: number;
}

export type BarcodeProblem = 'malformed' | 'bad-check-digit' | 'unknown-game';

export class TicketIdError extends Error {
  override readonly name = 'TicketIdError';
  constructor(
    readonly problem: BarcodeProblem,
    message: string,
  ) {
    super(message);
  }
}

export type ParsedBarcode =
  | { readonly kind: 'inventory'; readonly id: UnitId }
  | { readonly kind: 'validation'; readonly id: UnitId; readonly hiddenCode: string };

// Damm's totally anti-symmetric quasigroup of order 10.
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/** The Damm interim digit of a digit string; appending it makes the whole string check to 0. */
export function dammDigit(digits: string): number {
  let interim = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new TicketIdError('malformed', `not a digit at position ${i + 1}`);
    interim = (DAMM[interim] as readonly number[])[d] as number;
  }
  return interim;
}

/** True when the last digit is the Damm check digit of the others. */
export function dammValid(digitsWithCheck: string): boolean {
  return /^\d+$/.test(digitsWithCheck) && dammDigit(digitsWithCheck) === 0;
}

function pad(n: number, width: number, what: string): string {
  if (!Number.isSafeInteger(n) || n < 0 || String(n).length > width) throw new RangeError(`${what} ${n} does not fit ${width} digits`);
  return String(n).padStart(width, '0');
}

function identityDigits(id: UnitId): string {
  if (id.emission < 1) throw new RangeError('emission numbers start at 1');
  if (id.block < 1) throw new RangeError('block numbers start at 1');
  return pad(GAME_NUMBERS[id.game], 3, 'game') + pad(id.emission, 3, 'emission') + pad(id.block, 2, 'block') + pad(id.unit, 7, 'unit');
}

export function inventoryBarcode(id: UnitId): string {
  const body = identityDigits(id);
  return body + String(dammDigit(body));
}

export function validationBarcode(id: UnitId, hiddenCode: string): string {
  if (!new RegExp(`^\\d{${HIDDEN_CODE_DIGITS}}$`).test(hiddenCode)) {
    throw new RangeError(`a hidden validation code has exactly ${HIDDEN_CODE_DIGITS} digits`);
  }
  const body = identityDigits(id) + hiddenCode;
  return body + String(dammDigit(body));
}

function gameOfNumber(n: number): GameCode | undefined {
  return (Object.keys(GAME_NUMBERS) as GameCode[]).find((code) => GAME_NUMBERS[code] === n);
}

/** Reads either barcode; throws `TicketIdError` (malformed, bad-check-digit, unknown-game). */
export function parseBarcode(text: string): ParsedBarcode {
  const digits = text.trim();
  if (!/^\d+$/.test(digits)) throw new TicketIdError('malformed', 'a ticket barcode holds digits only');
  if (digits.length !== INVENTORY_DIGITS && digits.length !== VALIDATION_DIGITS) {
    throw new TicketIdError(
      'malformed',
      `a ticket barcode has ${INVENTORY_DIGITS} (inventory) or ${VALIDATION_DIGITS} (validation) digits, not ${digits.length}`,
    );
  }
  if (!dammValid(digits)) throw new TicketIdError('bad-check-digit', 'check digit does not match: the barcode was misread or mistyped');
  const gameNo = Number(digits.slice(0, 3));
  const game = gameOfNumber(gameNo);
  if (!game) throw new TicketIdError('unknown-game', `no game has number ${gameNo}`);
  const emission = Number(digits.slice(3, 6));
  const block = Number(digits.slice(6, 8));
  if (emission < 1 || block < 1) throw new TicketIdError('malformed', 'emission and block numbers start at 1');
  const id: UnitId = { game, emission, block, unit: Number(digits.slice(8, 15)) };
  if (digits.length === INVENTORY_DIGITS) return { kind: 'inventory', id };
  return { kind: 'validation', id, hiddenCode: digits.slice(15, 15 + HIDDEN_CODE_DIGITS) };
}

/** Pack (book) number of a paper unit, 0-based within its block. */
export function packOf(unit: number, packSize: number): { pack: number; ticket: number } {
  if (!(packSize > 0)) throw new GameRuleError('pack size must be positive');
  return { pack: Math.floor(unit / packSize), ticket: unit % packSize };
}

/**
 * The printed, human-readable number: `GGG-EEE-BB-UUUUUUU-C` for digital units,
 * `GGG-EEE-BB-PPPPP-TTT-C` (pack and ticket in pack) for paper ones. C is the inventory check digit.
 */
export function humanNumber(id: UnitId, packSize?: number): string {
  const inv = inventoryBarcode(id);
  const head = `${inv.slice(0, 3)}-${inv.slice(3, 6)}-${inv.slice(6, 8)}`;
  const check = inv.slice(15);
  if (packSize === undefined) return `${head}-${inv.slice(8, 15)}-${check}`;
  const { pack, ticket } = packOf(id.unit, packSize);
  return `${head}-${pad(pack, 5, 'pack')}-${pad(ticket, 3, 'ticket')}-${check}`;
}

/**
 * Reads a unit reference as people type it: a printed number (`humanNumber`, with or without dashes,
 * with pack and ticket for paper games), an inventory barcode or a validation barcode.
 * `packSizeOf` gives a game's pack size (undefined for digital games).
 */
export function parseUnitRef(text: string, packSizeOf: (game: GameCode) => number | undefined): UnitId {
  const t = text.trim();
  const digits = t.replace(/[-\s]/g, '');
  if (!/^\d+$/.test(digits)) throw new TicketIdError('malformed', `'${text}' is not a ticket number or barcode`);
  if (digits.length === INVENTORY_DIGITS || digits.length === VALIDATION_DIGITS) return parseBarcode(digits).id;
  // Paper: GGG EEE BB PPPPP TTT C = 17 digits.
  if (digits.length === 17) {
    const game = gameOfNumber(Number(digits.slice(0, 3)));
    if (!game) throw new TicketIdError('unknown-game', `no game has number ${digits.slice(0, 3)}`);
    const packSize = packSizeOf(game);
    if (packSize === undefined) throw new TicketIdError('malformed', `${game} has no packs: give its number as GGG-EEE-BB-UUUUUUU-C`);
    const ticket = Number(digits.slice(13, 16));
    if (ticket >= packSize) throw new TicketIdError('malformed', `ticket ${ticket} is beyond a pack of ${packSize}`);
    const id: UnitId = { game, emission: Number(digits.slice(3, 6)), block: Number(digits.slice(6, 8)), unit: Number(digits.slice(8, 13)) * packSize + ticket };
    if (inventoryBarcode(id).slice(15) !== digits.slice(16)) throw new TicketIdError('bad-check-digit', 'check digit does not match: the number was misread or mistyped');
    return id;
  }
  throw new TicketIdError('malformed', `'${text}' has ${digits.length} digits: not a ticket number or barcode`);
}
