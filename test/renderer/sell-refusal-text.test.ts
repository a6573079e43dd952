/**
 * A scanned ticket the terminal refused, as the sell screen says it: the refusal's words from its code,
 * the ticket named by the printed number the refusal's details carry — never read out of the service's
 * English message.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/api/errors.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { refusalText } from '../../renderer/src/screens/sell/refusal-text.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');
const BARCODE = '2130010100004042';

describe('a refused ticket on the sell screen', () => {
  it('names the ticket by the number its details carry, in the screen language', () => {
    const err = new ApiError('already-sold', 'ticket was already sold', { ticket: '213-001-01-00004-042-7' });
    expect(refusalText(fr, BARCODE, err)).toBe('213-001-01-00004-042-7 : ce ticket est déjà vendu.');
    expect(refusalText(en, BARCODE, err)).toMatch(/^213-001-01-00004-042-7 : /);
  });

  it('names it by its barcode when the details do not: a number in the English message is not read', () => {
    const err = new ApiError('already-sold', 'ticket 213-001-01-00004-042-7 was already sold');
    expect(refusalText(fr, BARCODE, err)).toBe(`${BARCODE} : ce ticket est déjà vendu.`);
  });

  it('a code the sell screen has no words for is said as any refusal', () => {
    expect(refusalText(fr, BARCODE, new ApiError('forbidden', 'not allowed'))).not.toMatch(new RegExp(BARCODE));
  });
});
