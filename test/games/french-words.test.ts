import { describe, expect, it } from 'vitest';
import { euroAmountInWords } from '../../games/french-words.js';

// Checked by hand against French spelling rules (1990 reform not applied: tickets print the traditional form).
const HAND_CHECKED: Array<[number, string]> = [
  [1, 'UN EURO'],
  [6, 'SIX EUROS'],
  [9, 'NEUF EUROS'],
  [10, 'DIX EUROS'],
  [20, 'VINGT EUROS'],
  [21, 'VINGT ET UN EUROS'],
  [40, 'QUARANTE EUROS'],
  [50, 'CINQUANTE EUROS'],
  [71, 'SOIXANTE ET ONZE EUROS'],
  [80, 'QUATRE-VINGTS EUROS'],
  [81, 'QUATRE-VINGT-UN EUROS'],
  [100, 'CENT EUROS'],
  [150, 'CENT CINQUANTE EUROS'],
  [200, 'DEUX CENTS EUROS'],
  [1000, 'MILLE EUROS'],
  [10_000, 'DIX MILLE EUROS'],
  [30_000, 'TRENTE MILLE EUROS'],
  [40_000, 'QUARANTE MILLE EUROS'],
  [80_000, 'QUATRE-VINGT MILLE EUROS'],
  [100_000, 'CENT MILLE EUROS'],
  [1_000_000, "UN MILLION D'EUROS"],
  [2_000_000, "DEUX MILLIONS D'EUROS"],
];

describe('euroAmountInWords', () => {
  it.each(HAND_CHECKED)('%i € is written %s', (euros, words) => {
    expect(euroAmountInWords(euros * 100)).toBe(words);
  });

  it('refuses amounts that are not whole positive euros', () => {
    expect(() => euroAmountInWords(0)).toThrow(RangeError);
    expect(() => euroAmountInWords(-600)).toThrow(RangeError);
    expect(() => euroAmountInWords(650)).toThrow(/whole number of euros/);
    expect(() => euroAmountInWords(1.5)).toThrow(RangeError);
  });
});
