import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatEuros } from '../../../main/format/money.js';

describe('formatEuros', () => {
  it('writes French amounts with grouped thousands and a decimal comma', () => {
    expect(formatEuros(100000, 'fr')).toBe('1 000,00 €');
    expect(formatEuros(4000000000, 'fr')).toBe('40 000 000,00 €');
    expect(formatEuros(5, 'fr')).toBe('0,05 €');
    expect(formatEuros(-1250, 'fr')).toBe('-12,50 €');
    expect(formatEuros(600)).toBe('6,00 €');
  });
  it('writes English amounts with a leading euro sign', () => {
    expect(formatEuros(100000, 'en')).toBe('€1,000.00');
    expect(formatEuros(99, 'en')).toBe('€0.99');
    expect(formatEuros(123456789, 'en')).toBe('€1,234,567.89');
  });
  it('never loses a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom('fr' as const, 'en' as const), (cents, locale) => {
        const digits = formatEuros(cents, locale).replace(/[^0-9]/g, '');
        expect(BigInt(digits)).toBe(BigInt(cents));
      }),
    );
  });
  it('refuses fractions of a cent', () => {
    expect(() => formatEuros(1.5, 'fr')).toThrow(RangeError);
  });
});
