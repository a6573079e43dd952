/**
 * #41, item 36: a manager's PIN for an operator was typed once, with no confirmation. The operators
 * card asks it twice, and says in French and in English that two differing PINs save nothing. Rendered
 * to HTML (no DOM here): the new-PIN form of a row opens on a click, covered by test/e2e/settings.spec.ts.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi } from '../../../common/api/contract.js';
import type { Language } from '../../../common/api/views.js';
import { FAKE_INFO, fakeStatus } from '../support/views.js';
import { ApiProvider } from '../../../renderer/src/api/context.js';
import { DICTIONARIES, I18nProvider, makeTranslate, mergeDictionaries } from '../../../renderer/src/i18n/index.js';
import { OperatorsPanel } from '../../../renderer/src/screens/settings/OperatorsPanel.js';
import { SessionProvider } from '../../../renderer/src/shell/session.js';

const api: GuichetApi = { call: () => Promise.reject(new Error('no call on render')), subscribe: () => () => undefined };
const INFO = { ...FAKE_INFO, operators: [] };
const STATUS = fakeStatus({ name: 'Marie', role: 'manager' });

function panel(language: Language): string {
  return renderToString(
    <ApiProvider api={api}>
      <I18nProvider initial={language}>
        <SessionProvider info={INFO} status={STATUS}>
          <OperatorsPanel />
        </SessionProvider>
      </I18nProvider>
    </ApiProvider>,
  );
}

describe('a PIN the manager gives', () => {
  it('is typed twice to add an operator, the button waiting for both', () => {
    const fr = panel('fr');
    expect(fr).toMatch(/<input[^>]*id="operator-add-pin-again"[^>]*type="password"/);
    expect(fr).toContain('Le même code, une deuxième fois');
    expect(fr).toMatch(/<button[^>]*disabled=""[^>]*data-testid="operator-add"/);
    expect(panel('en')).toContain('The same PIN again');
  });

  it('refuses two that differ in clear words, in French and in English', () => {
    const dict = mergeDictionaries(DICTIONARIES);
    expect(makeTranslate(dict, 'fr')('settings.operators.pinMismatch')).toBe(
      'Les deux codes tapés ne sont pas les mêmes : rien n’est enregistré. Tapez le code deux fois de nouveau.',
    );
    expect(makeTranslate(dict, 'en')('settings.operators.pinMismatch')).toBe('The two PINs typed differ: nothing is saved. Type the PIN twice again.');
  });
});
