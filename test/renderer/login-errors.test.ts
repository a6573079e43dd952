/** The login screen's refusals: the last PIN try and a lock only a manager lifts are said plainly, in French and English. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/api/errors.js';
import { errorText } from '../../renderer/src/i18n/errors.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';

const dict = mergeDictionaries(DICTIONARIES);

describe('login refusals', () => {
  it('announce the last try before lockout', () => {
    const last = new ApiError('wrong-pin', "wrong PIN for operator 'Camille': last try before lockout", { tries_left: 1, last_try: true });
    expect(errorText(makeTranslate(dict, 'fr'), last)).toBe('Code incorrect : dernier essai avant le blocage du compte.');
    expect(errorText(makeTranslate(dict, 'en'), last)).toBe('Wrong PIN: last try before lockout.');
    const earlier = new ApiError('wrong-pin', 'wrong PIN', { tries_left: 3, last_try: false });
    expect(errorText(makeTranslate(dict, 'en'), earlier)).toBe('Wrong PIN.');
  });

  it('say until when a timed lock holds, in the shop’s time', () => {
    // 14:07:30 UTC on a winter day is 15:07:30 in Paris, said to the minute rounded up.
    const timed = new ApiError('locked', 'locked', { locked_until: '2026-12-02T14:07:30.000Z', until_unlocked: false });
    expect(errorText(makeTranslate(dict, 'fr'), timed)).toBe('Trop d’essais : compte bloqué jusqu’à 15:08. Un gérant peut le débloquer.');
    expect(errorText(makeTranslate(dict, 'en'), timed)).toBe('Too many attempts: account locked until 15:08. A manager can unlock it.');
  });

  it('say when only a manager or a technician can unlock, and when the session ended for inactivity', () => {
    const forever = new ApiError('locked', 'locked', { locked_until: '9999-12-31T23:59:59.999Z', until_unlocked: true });
    expect(errorText(makeTranslate(dict, 'fr'), forever)).toMatch(/jusqu’au déblocage par un gérant ou un technicien/);
    expect(errorText(makeTranslate(dict, 'en'), forever)).toMatch(/until a manager or a technician unlocks it/);
    expect(errorText(makeTranslate(dict, 'en'), new ApiError('session-expired', 'x'))).toMatch(/without activity/);
  });
});
