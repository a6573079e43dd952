import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GAME_NUMBERS,
  TicketIdError,
  dammDigit,
  dammValid,
  humanNumber,
  inventoryBarcode,
  packOf,
  parseBarcode,
  parseUnitRef,
  validationBarcode,
  type UnitId,
} from '../../games/ticket-id.js';

const id: UnitId = { game: 'annee-chance-2013', emission: 7, block: 2, unit: 1_234_567 };
const code = '123456789012345678';

function problemOf(text: string): string | undefined {
  try {
    parseBarcode(text);
    return undefined;
  } catch (err) {
    return err instanceof TicketIdError ? err.problem : 'other';
  }
}

describe('Damm check digit', () => {
  it('matches the published example 572 → 4', () => {
    expect(dammDigit('572')).toBe(4);
    expect(dammValid('5724')).toBe(true);
    expect(dammValid('5723')).toBe(false);
  });

  it('catches every single-digit error and every adjacent swap of a validation barcode', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{33}$/), (body) => {
        const full = body + String(dammDigit(body));
        expect(dammValid(full)).toBe(true);
        for (let i = 0; i < full.length; i++) {
          for (let d = 0; d <= 9; d++) {
            if (String(d) === full[i]) continue;
            expect(dammValid(full.slice(0, i) + d + full.slice(i + 1))).toBe(false);
          }
          if (i + 1 < full.length && full[i] !== full[i + 1]) {
            expect(dammValid(full.slice(0, i) + full[i + 1] + full[i] + full.slice(i + 2))).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('barcodes', () => {
  it('round-trips the inventory and validation barcodes', () => {
    const inv = inventoryBarcode(id);
    expect(inv).toMatch(/^\d{16}$/);
    expect(inv.slice(0, 15)).toBe('213007021234567');
    expect(parseBarcode(inv)).toEqual({ kind: 'inventory', id });
    const val = validationBarcode(id, code);
    expect(val).toHaveLength(34);
    expect(parseBarcode(val)).toEqual({ kind: 'validation', id, hiddenCode: code });
  });

  it('gives every game its own number', () => {
    expect(new Set(Object.values(GAME_NUMBERS)).size).toBe(3);
    for (const game of Object.keys(GAME_NUMBERS) as UnitId['game'][]) {
      expect(parseBarcode(inventoryBarcode({ ...id, game })).id.game).toBe(game);
    }
  });

  it('refuses malformed text, wrong lengths, bad check digits and unknown games', () => {
    expect(problemOf('21300702123456X7')).toBe('malformed');
    expect(problemOf('')).toBe('malformed');
    expect(problemOf('1234')).toBe('malformed');
    const inv = inventoryBarcode(id);
    const wrongCheck = inv.slice(0, 15) + String((Number(inv[15]) + 1) % 10);
    expect(problemOf(wrongCheck)).toBe('bad-check-digit');
    const unknownGame = '999007021234567';
    expect(problemOf(unknownGame + String(dammDigit(unknownGame)))).toBe('unknown-game');
    const zeroEmission = '213000021234567';
    expect(problemOf(zeroEmission + String(dammDigit(zeroEmission)))).toBe('malformed');
  });

  it('refuses a hidden code of the wrong length and identities that do not fit', () => {
    expect(() => validationBarcode(id, '123')).toThrow(/18 digits/);
    expect(() => inventoryBarcode({ ...id, unit: 10_000_000 })).toThrow(/unit/);
    expect(() => inventoryBarcode({ ...id, emission: 0 })).toThrow(/emission/);
  });

  it('prints human numbers with pack and ticket for paper games', () => {
    expect(humanNumber(id)).toBe(`213-007-02-1234567-${inventoryBarcode(id)[15]}`);
    expect(packOf(1_234_567, 100)).toEqual({ pack: 12_345, ticket: 67 });
    expect(humanNumber(id, 100)).toBe(`213-007-02-12345-067-${inventoryBarcode(id)[15]}`);
  });
});

describe('parseUnitRef', () => {
  const packSizeOf = (game: string): number | undefined => (game === 'annee-chance-2013' ? 100 : undefined);
  it('reads printed numbers with pack and ticket, with or without dashes, and both barcodes', () => {
    expect(parseUnitRef(humanNumber(id, 100), packSizeOf)).toEqual(id);
    expect(parseUnitRef(humanNumber(id, 100).replace(/-/g, ''), packSizeOf)).toEqual(id);
    const digital: UnitId = { game: 'millionnaire', emission: 2, block: 3, unit: 5_999_999 };
    expect(parseUnitRef(humanNumber(digital), packSizeOf)).toEqual(digital);
    expect(parseUnitRef(validationBarcode(id, code), packSizeOf)).toEqual(id);
  });

  it('refuses a wrong check digit, a ticket beyond the pack and a digital game given with a pack', () => {
    const n = humanNumber(id, 100);
    expect(() => parseUnitRef(n.slice(0, -1) + String((Number(n.slice(-1)) + 1) % 10), packSizeOf)).toThrow(/check digit/);
    expect(() => parseUnitRef('213-007-02-12345-167-0', packSizeOf)).toThrow(/beyond a pack/);
    expect(() => parseUnitRef('316-007-02-12345-067-0', packSizeOf)).toThrow(/has no packs/);
    expect(() => parseUnitRef('hello', packSizeOf)).toThrow(/not a ticket number/);
  });
});
