import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount, formatEuros } from '../../games/money.js';

describe('formatEuros', () => {
  it('writes amounts the French way by default', () => {
    expect(formatEuros(100_000)).toBe('1 000,00 €');
    expect(formatEuros(5)).toBe('0,05 €');
    expect(formatEuros(-1250)).toBe('-12,50 €');
    expect(formatEuros(4_000_000_000, { cents: false })).toBe('40 000 000 €');
  });

  it('writes amounts the English way on request', () => {
    expect(formatEuros(100_000, { locale: 'en' })).toBe('€1,000.00');
    expect(formatEuros(600, { locale: 'en', cents: false })).toBe('€6');
  });

  it('is exact for every safe integer of cents (no floating point)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const text = formatEuros(cents).replace(/[ €]/g, '').replace(',', '');
        expect(BigInt(text)).toBe(BigInt(cents));
      }),
    );
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatEuros(1.5)).toThrow(RangeError);
    expect(() => formatEuros(Number.NaN)).toThrow(RangeError);
  });

  it('groups counts', () => {
    expect(formatCount(2_000_000)).toBe('2 000 000');
    expect(formatCount(1_793_014, 'en')).toBe('1,793,014');
  });

  it("keeps the counter terminal's examples (formerly main/format/money.ts)", () => {
    expect(formatEuros(4000000000)).toBe('40 000 000,00 €');
    expect(formatEuros(600)).toBe('6,00 €');
    expect(formatEuros(99, { locale: 'en' })).toBe('€0.99');
    expect(formatEuros(123456789, { locale: 'en' })).toBe('€1,234,567.89');
  });

  it('never loses a cent, in either language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom('fr' as const, 'en' as const), (cents, locale) => {
        expect(BigInt(formatEuros(cents, { locale }).replace(/[^0-9]/g, ''))).toBe(BigInt(cents));
      }),
    );
  });
});
