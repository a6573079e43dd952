/** Printed ticket numbers from central's stored unit keys (common/ticket-number.ts). */
import { describe, expect, it } from 'vitest';
import { printedNumber, printedTicketKey } from '../../common/ticket-number.js';
import { inventoryBarcode } from '../../games/ticket-id.js';

describe('printed ticket numbers', () => {
  it('a paper ticket: game, emission, block, pack, ticket in pack, check digit', () => {
    const id = { game: 'annee-chance-2013', emission: 1, block: 1, unit: 15 } as const;
    const check = inventoryBarcode(id).slice(-1);
    expect(printedTicketKey('annee-chance-2013/1/1/15')).toBe(`213-001-01-00000-015-${check}`);
    expect(printedNumber(id)).toBe(`213-001-01-00000-015-${check}`);
  });
  it('a digital unit: its unit number, no pack', () => {
    const id = { game: 'millionnaire', emission: 2, block: 3, unit: 1234 } as const;
    expect(printedTicketKey('millionnaire/2/3/1234')).toBe(`316-002-03-0001234-${inventoryBarcode(id).slice(-1)}`);
  });
  it('a key naming no unit of a known game is shown as it is', () => {
    expect(printedTicketKey('lotto/1/1/1')).toBe('lotto/1/1/1');
    expect(printedTicketKey('annee-chance-2013/1/1')).toBe('annee-chance-2013/1/1');
    expect(printedTicketKey('annee-chance-2013/0/1/1')).toBe('annee-chance-2013/0/1/1');
  });
});
