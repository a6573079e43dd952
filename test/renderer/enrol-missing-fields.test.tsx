/**
 * The enrolment form's empty fields are said by the screen, in its language, naming each by its label
 * (#41: the browser's own bubble spoke English on a French counter), and the first empty one is where
 * the cursor goes.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi } from '../../common/api/contract.js';
import { ApiProvider } from '../../renderer/src/api/context.js';
import { DICTIONARIES, I18nProvider, makeTranslate, mergeDictionaries } from '../../renderer/src/i18n/index.js';
import { ProvisioningScreen } from '../../renderer/src/screens/provisioning/ProvisioningScreen.js';
import { missingFields, missingText } from '../../renderer/src/screens/provisioning/missing-fields.js';

const dict = mergeDictionaries(DICTIONARIES);
const fr = makeTranslate(dict, 'fr');
const en = makeTranslate(dict, 'en');
const LETTER = { central: 'https://central.example:8470', code: 'ABCD-EFGH-IJKL-MNOP', root: 'ab'.repeat(32), manager: 'Marie', pin: '123456', pinAgain: '123456' };

describe('the enrolment form with fields left empty', () => {
  it('names the empty fields in the form order, blanks counting as empty', () => {
    expect(missingFields(LETTER)).toEqual([]);
    expect(missingFields({ ...LETTER, pin: '', code: '   ' })).toEqual(['code', 'pin']);
  });

  it('says them in French and in English by their labels', () => {
    const missing = missingFields({ ...LETTER, code: '', manager: '' });
    expect(missingText(fr, missing)).toBe(`Remplissez d’abord : Code d’enrôlement, ${fr('provisioning.manager')}.`);
    expect(missingText(en, missing)).toBe(`Fill in first: Enrolment code, ${en('provisioning.manager')}.`);
  });
});

describe('the enrolment form', () => {
  it('leaves no field to the browser’s own bubble', () => {
    const api: GuichetApi = { call: () => Promise.reject(new Error('fake')), subscribe: () => () => undefined };
    const html = renderToString(
      <ApiProvider api={api}>
        <I18nProvider initial="fr">
          <ProvisioningScreen dataDir="/tmp/x" canEnroll onEnrolled={() => undefined} />
        </I18nProvider>
      </ApiProvider>,
    );
    expect(html).toContain('data-testid="enrol-form"');
    expect(html).toContain('noValidate=""');
    expect(html).not.toMatch(/ required=""/);
  });
});
