import { describe, expect, it } from 'vitest';
import { count, date, dateTime, hourMinute, isoWeek, money, moneyAsPrinted, time } from '../../renderer/src/format.js';

describe('kiosk formats', () => {
  it('writes money the French way by default and the English way on request, never cut at a line end', () => {
    // No-break spaces: "Réclamation enregistrée : 20,00 / €" wrapped at 1280×800.
    expect(money(100_000)).toBe('1\u00a0000,00\u00a0€');
    expect(money(5)).toBe('0,05\u00a0€');
    expect(money(-1_250)).toBe('-12,50\u00a0€');
    expect(money(100_000, 'en')).toBe('€1,000.00');
    expect(() => money(1.5)).toThrow(RangeError);
    expect(count(2_000_000)).toBe('2\u00a0000\u00a0000');
    expect(count(2_000_000, 'en')).toBe('2,000,000');
  });

  it('writes a play zone\'s money as a ticket prints it: whole euros bare, cents when there are some, on one line', () => {
    expect(moneyAsPrinted(100_000_000)).toBe('1\u00a0000\u00a0000\u00a0€');
    expect(moneyAsPrinted(250)).toBe('2,50\u00a0€');
    expect(moneyAsPrinted(100_000, 'en')).toBe('€1,000');
    expect(moneyAsPrinted(1_005, 'en')).toBe('€10.05');
  });

  it('shows times in Paris time whatever the machine zone, summer and winter', () => {
    expect(dateTime('2026-11-30T09:00:00.000Z')).toBe('30/11/2026 10:00');
    expect(dateTime('2026-07-14T22:30:00Z')).toBe('15/07/2026 00:30');
    expect(dateTime('2026-07-14T22:30:00Z', 'en')).toBe('15/07/2026 00:30');
    expect(date('2026-12-31T23:30:00Z')).toBe('01/01/2027');
    expect(time('2026-03-29T01:00:05Z')).toBe('03:00:05');
    expect(() => dateTime('not a date')).toThrow(/not a date/);
  });

  it('an ISO week as the days it covers, Monday to Sunday (#25: the statement said "2026-W49")', () => {
    expect(isoWeek('2026-W49', 'fr')).toBe('30 nov. – 6 déc. 2026');
    expect(isoWeek('2026-W49', 'en')).toBe('30 Nov – 6 Dec 2026');
    expect(isoWeek('2026-W01', 'fr')).toBe('29 déc. 2025 – 4 janv. 2026');
    expect(isoWeek('2020-W53', 'en')).toBe('28 Dec 2020 – 3 Jan 2021');
    expect(isoWeek('soon', 'fr')).toBe('soon');
  });

  it("a time of day to the minute in the shop's zone, not the machine's (#25: lock times were in UTC)", () => {
    expect(hourMinute('2026-12-03T14:05:00.000Z', 'fr')).toBe('15:05');
    expect(hourMinute('2026-07-03T14:05:00.000Z', 'en')).toBe('16:05');
  });
});
