/** Who owes whom on a statement, the amount without its sign (#25). */
import { describe, expect, it } from 'vitest';
import { dueOf } from '../../common/statement-due.js';

describe('dueOf', () => {
  it('says the direction and gives the amount unsigned', () => {
    expect(dueOf(1_950)).toEqual({ direction: 'to-lottery', cents: 1_950 });
    expect(dueOf(-1_950)).toEqual({ direction: 'to-shop', cents: 1_950 });
    expect(dueOf(0)).toEqual({ direction: 'none', cents: 0 });
  });
});
