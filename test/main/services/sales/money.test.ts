import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertCents, changeDue, moneyLinesByGame, sumCents } from '../../../../main/services/sales/money.js';

const cents = fc.integer({ min: 0, max: 10_000_000 });

describe('counter money arithmetic (whole cents)', () => {
  it('change = tendered − total, and total + change = tendered, for any cash that covers the total', () => {
    fc.assert(
      fc.property(cents, cents, (total, extra) => {
        const change = changeDue(total, total + extra);
        expect(change).toBe(extra);
        expect(total + change).toBe(total + extra);
        expect(Number.isInteger(change)).toBe(true);
      }),
    );
  });

  it('refuses less cash than the total, naming what is missing', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 1_000_000 }), (tendered, short) => {
        expect(() => changeDue(tendered + short, tendered)).toThrow(expect.objectContaining({ code: 'insufficient-tender', message: expect.stringContaining(`${short} missing`) }));
      }),
    );
  });

  it('refuses fractions, negatives, NaN and unsafe numbers', () => {
    for (const bad of [0.5, -1, Number.NaN, Infinity, 2 ** 53]) {
      expect(() => assertCents('x', bad)).toThrow(expect.objectContaining({ code: 'bad-amount' }));
      expect(() => changeDue(bad, 1000)).toThrow(expect.objectContaining({ code: 'bad-amount' }));
      expect(() => sumCents([100, bad])).toThrow(expect.objectContaining({ code: 'bad-amount' }));
    }
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(expect.objectContaining({ code: 'bad-amount' }));
    // 0.1 + 0.2 is the classic float trap: in cents it is exact.
    expect(sumCents([10, 20])).toBe(30);
  });

  it('sums exactly, in any order', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (amounts) => {
        const total = sumCents(amounts);
        expect(total).toBe(amounts.reduce((a, b) => a + b, 0));
        expect(sumCents([...amounts].reverse())).toBe(total);
      }),
    );
  });

  it('groups priced units by game without losing a cent or a unit', () => {
    const games = fc.constantFrom('happy-2014', 'annee-chance-2013', 'millionnaire');
    fc.assert(
      fc.property(fc.array(fc.record({ game: games, price_cents: cents }), { maxLength: 40 }), (items) => {
        const lines = moneyLinesByGame(items);
        expect(lines.reduce((s, l) => s + l.count, 0)).toBe(items.length);
        expect(lines.reduce((s, l) => s + l.amount_cents, 0)).toBe(items.reduce((s, i) => s + i.price_cents, 0));
        expect(new Set(lines.map((l) => l.game)).size).toBe(lines.length);
      }),
    );
    expect(moneyLinesByGame([{ game: 'annee-chance-2013', price_cents: 300 }, { game: 'happy-2014', price_cents: 300 }, { game: 'annee-chance-2013', price_cents: 300 }])).toEqual([
      { game: 'annee-chance-2013', count: 2, amount_cents: 600 },
      { game: 'happy-2014', count: 1, amount_cents: 300 },
    ]);
  });
});
