import { describe, expect, it } from 'vitest';
import { PlayDataError } from '../../games/errors.js';
import { createRng, layoutFor, prizeOf } from '../../games/index.js';

describe('prizeOf', () => {
  it('refuses play data whose amounts add up past an exact number', () => {
    const play = layoutFor('happy-2014', 0, createRng('overflow')) as { months: { symbols: string[]; amount: number }[]; bonus: number };
    const huge = 2 ** 52 - (2 ** 52 % 100);
    for (const m of play.months) {
      m.symbols = ['sun', 'sun'];
      m.amount = huge;
    }
    expect(() => prizeOf('happy-2014', play)).toThrow(PlayDataError);
    expect(() => prizeOf('happy-2014', play)).toThrow(/add up to more than a prize can be/);
  });

  it('refuses an unknown game by name', () => {
    expect(() => prizeOf('lotto', {})).toThrow(/unknown game 'lotto'/);
  });
});
