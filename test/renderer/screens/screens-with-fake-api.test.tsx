/**
 * Screens rendered against a fake API through <ApiProvider>. Neither jsdom nor happy-dom is installed
 * here, so this renders to HTML with react-dom/server (no effects run, so no call is made on render);
 * clicks and scans are covered by the Playwright suite (test/e2e) on the real hosts.
 */
import { createRef, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi, MethodName } from '../../../common/api/contract.js';
import type { Language } from '../../../common/api/views.js';
import type { BasketDoneView, BasketView } from '../../../common/api/methods/sales.js';
import { FAKE_INFO, fakeStatus } from '../support/views.js';
import { ApiProvider } from '../../../renderer/src/api/context.js';
import { I18nProvider } from '../../../renderer/src/i18n/index.js';
import { ScanProvider } from '../../../renderer/src/scan/ScanProvider.js';
import { TillClosed } from '../../../renderer/src/screens/cash/TillClosed.js';
import { CashRows } from '../../../renderer/src/screens/cash/CashRows.js';
import { CartTable } from '../../../renderer/src/screens/sell/CartTable.js';
import { LoginScreen } from '../../../renderer/src/screens/login/LoginScreen.js';
import { ValidateScreen } from '../../../renderer/src/screens/validate/ValidateScreen.js';
import { SessionProvider } from '../../../renderer/src/shell/session.js';

/** A fake API that records every call and subscription; calls are refused (nothing should call on render). */
function fakeApi() {
  const calls: MethodName[] = [];
  let subscriptions = 0;
  const api: GuichetApi = {
    call: (method) => {
      calls.push(method);
      return Promise.reject(Object.assign(new Error('fake'), { code: 'fake' }));
    },
    subscribe: () => {
      subscriptions += 1;
      return () => undefined;
    },
  };
  return { api, calls, subscriptions: () => subscriptions };
}

const INFO = FAKE_INFO;
const STATUS = fakeStatus({ name: 'Camille', role: 'cashier' }, { outbox_waiting: 2, central: { state: 'offline', seconds_since_contact: 12, problem: null }, cash_session_open: true });

function render(api: GuichetApi, language: Language, screen: ReactNode): string {
  return renderToString(
    <ApiProvider api={api}>
      <I18nProvider initial={language}>
        <ScanProvider>
          <SessionProvider info={INFO} status={STATUS}>
            {screen}
          </SessionProvider>
        </ScanProvider>
      </I18nProvider>
    </ApiProvider>,
  );
}

describe('screens against a fake API', () => {
  it('renders the login screen in either language from the operators it is given, calling nothing', () => {
    const fake = fakeApi();
    const login = <LoginScreen operators={INFO.operators} terminalId={INFO.terminal_id} mode="login" onDone={() => undefined} />;
    const fr = render(fake.api, 'fr', login);
    expect(fr).toContain('data-testid="operator-Marie"');
    expect(fr).toContain('data-testid="operator-Camille"');
    expect(fr).toContain('Gérant');
    expect(fr).toContain('Caissier');
    expect(fr).toContain('FAKE-07');
    const en = render(fake.api, 'en', login);
    expect(en).toContain('Manager');
    expect(en).toContain('Cashier');
    expect(fake.calls).toEqual([]);
  });

  it('renders the validation screen for the session it is given, with the check ready', () => {
    const fake = fakeApi();
    const html = render(fake.api, 'fr', <ValidateScreen />);
    expect(html).toContain('data-testid="validation-input"');
    expect(html).toMatch(/data-testid="check-button"(?![^>]*disabled)/);
    expect(fake.calls).toEqual([]);
  });

  it('shows a manager the statements with the till closed, in either language, after the opening form; a cashier only the form', () => {
    const fake = fakeApi();
    const closed = (isManager: boolean) => (
      <CashRows
        statement={isManager}
        actions={<TillClosed floatText="" onFloatChange={() => undefined} onOpen={() => undefined} busy={false} floatRef={createRef<HTMLInputElement>()} />}
        report={null}
      />
    );
    const fr = render(fake.api, 'fr', closed(true));
    expect(fr).toContain('La caisse est fermée.');
    // In the row of the screen's whole width under the cards, not inside their column (#25).
    expect(fr).toMatch(/<div class="cash-actions">.*<\/div><section class="card cash-statement" data-testid="cash-statement"/s);
    expect(fr).toContain('Relevé du point de vente');
    expect(fr).toMatch(/data-testid="statement-load"(?![^>]*disabled)[^>]*>Demander les relevés à la loterie</);
    // Reached by Tab from the float field: the opening form comes first in the page, and the keypad keys are out of the tab order.
    expect(fr.indexOf('data-testid="cash-float"')).toBeLessThan(fr.indexOf('data-testid="statement-load"'));
    expect(fr.slice(fr.indexOf('data-testid="cash-float"'), fr.indexOf('data-testid="statement-load"'))).not.toMatch(/tabindex="0"/i);
    const en = render(fake.api, 'en', closed(true));
    expect(en).toContain('The till is closed.');
    expect(en).toContain("Retailer&#x27;s statement");
    expect(en).toContain('Ask the lottery for the statements');
    const cashier = render(fake.api, 'fr', closed(false));
    expect(cashier).toContain('data-testid="cash-float"');
    expect(cashier).not.toContain('statement');
    expect(fake.calls).toEqual([]);
  });

  it("shows a paid basket's digital lines as the units they became, numbered as on the receipt", () => {
    const fake = fakeApi();
    const line = (game: 'happy-2014' | 'millionnaire') => ({ game, game_name: game === 'happy-2014' ? 'Happy 2014' : 'Millionnaire', price_cents: 200 });
    const cart: BasketView = { basket_id: 'b1', lines: [], count: 0, total_cents: 0, digital: [line('happy-2014'), line('millionnaire'), line('happy-2014')], prizes: [], purchases_cents: 600, prizes_cents: 0 };
    const unit = (game: 'happy-2014' | 'millionnaire', number: string) => ({ game, number, validation_barcode: 'secret', sale_key: `k-${number}` });
    const done: BasketDoneView = {
      basket_id: 'b1', receipt_no: 7, at: '2026-12-07T10:00:00.000Z', purchases_cents: 600, prizes_cents: 0, tendered_cents: 600, change_cents: 0, replayed: false,
      digital: [unit('happy-2014', '301-001-01-00000-001-1'), unit('millionnaire', '302-001-01-00000-004-2'), unit('happy-2014', '301-001-01-00000-002-7')],
    };
    const open = render(fake.api, 'fr', <CartTable cart={cart} done={null} onRemove={() => undefined} />);
    expect(open.match(/Jeux numériques/g)).toHaveLength(3);
    const paid = render(fake.api, 'fr', <CartTable cart={cart} done={done} onRemove={() => undefined} />);
    expect(paid).not.toContain('Jeux numériques');
    expect([...paid.matchAll(/data-testid="basket-digital-number">([^<]+)</g)].map((m) => m[1])).toEqual(['301-001-01-00000-001-1', '302-001-01-00000-004-2', '301-001-01-00000-002-7']);
    // Never the code that pays, and nothing left to remove.
    expect(paid).not.toContain('secret');
    expect(paid).not.toContain('basket-remove-digital');
  });

  it('refuses to render a screen outside an ApiProvider, by name', () => {
    expect(() =>
      renderToString(
        <I18nProvider>
          <LoginScreen operators={[]} mode="login" onDone={() => undefined} />
        </I18nProvider>,
      ),
    ).toThrow(/useApi\(\) outside an <ApiProvider>/);
  });
});
