/** An ISO week as the days it covers, the same on the cash screen and on the printed statement (#25). */
import { describe, expect, it } from 'vitest';
import { isoWeekText } from '../../common/week-text.js';
import { isoWeek } from '../../renderer/src/format.js';

describe('isoWeekText', () => {
  it('gives the Monday to Sunday of the week, in French and English, across a year end', () => {
    expect(isoWeekText('2026-W49', 'fr')).toBe('30 nov. – 6 déc. 2026');
    expect(isoWeekText('2026-W49', 'en')).toBe('30 Nov – 6 Dec 2026');
    expect(isoWeekText('2026-W01', 'fr')).toBe('29 déc. 2025 – 4 janv. 2026');
    expect(isoWeekText('2020-W53', 'en')).toBe('28 Dec 2020 – 3 Jan 2021');
  });

  it('gives back what is not an ISO week (nor a week the year has) as it came', () => {
    expect(isoWeekText('soon', 'fr')).toBe('soon');
    expect(isoWeekText('2026-W54', 'en')).toBe('2026-W54');
  });

  it('is the screen helper itself, not a copy', () => {
    expect(isoWeek).toBe(isoWeekText);
  });
});
