/**
 * Login with the PIN pad (touch) and the keyboard, refusals, operator switch and logout; the status
 * bar shows the operator, the central link, the events waiting to sync and the printer.
 */
import { test, expect, screenshot, loginWithPad } from './kiosk.js';

// This spec needs the live demo central (`kiosk --demo` serves it), not only a copy of the demo terminal.
test.use({ liveCentral: true });

test('log in with the PIN pad, see the status bar, switch operator and log out', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await expect(page.getByTestId('login-screen')).toBeVisible();
  await expect(page.getByTestId('operator-Camille')).toBeVisible();
  await screenshot(page, 'login-operators');

  await page.getByTestId('operator-Camille').click();
  await expect(page.getByTestId('pin-input')).toBeFocused();
  for (const d of '22') await page.getByTestId(`pinpad-${d}`).click();
  await screenshot(page, 'login-pin');
  for (const d of '22') await page.getByTestId(`pinpad-${d}`).click();
  await page.getByTestId('pinpad-ok').click();

  await expect(page.getByTestId('status-operator')).toContainText('Camille');
  await expect(page.getByTestId('status-operator')).toContainText('Caissier');
  // The demo terminal is enrolled with its embedded demo central.
  await expect(page.getByTestId('status-connection')).toHaveText('Central : connecté', { timeout: 30_000 });
  await expect(page.getByTestId('status-printer')).toHaveText('Imprimante prête');
  await expect(page.getByTestId('status-outbox')).toBeVisible();
  await expect(page.getByTestId('terminal-id')).toHaveText('DEMO-01');
  await expect(page).toHaveURL(/#\/validate$/);
  await expect(page.getByTestId('nav-validate')).toBeVisible();

  // Operator switch (F12): Marie with the keyboard (digit 1 picks the first operator).
  await page.keyboard.press('F12');
  await expect(page.getByTestId('login-screen')).toBeVisible();
  await screenshot(page, 'login-switch');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('login-screen')).toBeHidden();
  await expect(page.getByTestId('status-operator')).toContainText('Camille');

  await page.getByTestId('switch-operator').click();
  await page.keyboard.press('1');
  await expect(page.getByTestId('pin-input')).toBeFocused();
  await page.keyboard.type('123456', { delay: 90 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-operator')).toContainText('Marie');
  await expect(page.getByTestId('status-operator')).toContainText('Gérant');

  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-screen')).toBeVisible();
});

test('a wrong PIN is refused plainly and the fifth one locks the account', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await page.getByTestId('operator-Camille').click();
  await page.keyboard.type('9999', { delay: 90 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-error')).toHaveText('Code incorrect.');
  await expect(page.getByTestId('pin-input')).toHaveValue('');
  await screenshot(page, 'login-wrong-pin');
  for (let i = 0; i < 4; i += 1) {
    for (const d of '9999') await page.getByTestId(`pinpad-${d}`).click();
    await page.getByTestId('pinpad-ok').click();
    await expect(page.getByTestId('pinpad-ok')).toBeDisabled(); // PIN cleared after the refusal
    // The fourth wrong PIN: the next one locks, and the screen says so.
    if (i === 2) await expect(page.getByTestId('login-error')).toHaveText('Code incorrect : dernier essai avant le blocage du compte.');
  }
  await expect(page.getByTestId('login-error')).toContainText('bloqué');
  // Even the right PIN is refused while locked.
  for (const d of '2222') await page.getByTestId(`pinpad-${d}`).click();
  await page.getByTestId('pinpad-ok').click();
  await expect(page.getByTestId('login-error')).toContainText('bloqué');
  await expect(page.getByTestId('status-operator')).toHaveCount(0);
});

test('a technician sees neither validation nor sale, and English is one key away', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Theo', '333333');
  await expect(page.getByTestId('nav-validate')).toHaveCount(0);
  await expect(page.getByTestId('nav-sell')).toHaveCount(0);
  await page.goto(`${new URL(kiosk.url).origin}/#/validate`);
  await expect(page.getByTestId('screen-validate')).toHaveCount(0);
  await expect(page.getByTestId('validate-screen')).toHaveCount(0);
  // Nor through the API: the services refuse a technician's payout or check.
  const winner = kiosk.units('happy-2014').find((u) => u.prize_cents > 0);
  const refusal = await page.evaluate(async (barcode) => {
    const call = async (method: string) =>
      (await fetch('/api/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method, input: { barcode } }) })).json();
    return [await call('ticket.check'), await call('ticket.pay')];
  }, winner?.barcodes.validation ?? '');
  expect(refusal.map((r: { error?: { code: string } }) => r.error?.code)).toEqual(['forbidden', 'forbidden']);
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('status-operator')).toContainText('Technician');
  await expect(page.getByTestId('language-switch')).toHaveText('FR');
  await expect(page.getByTestId('language-switch')).toHaveAttribute('aria-label', 'Français');
  // The language is kept by the terminal.
  await page.reload();
  await expect(page.getByTestId('status-operator')).toContainText('Technician');
});

test('an operator idle for 5 minutes is logged out on any screen and the login comes back', async ({ page, kiosk }) => {
  await page.clock.install();
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Marie', '123456');
  await expect(page.getByTestId('login-screen')).toBeHidden();
  await page.clock.fastForward('04:00');
  await page.keyboard.press('Shift'); // activity: the idle time starts again
  await page.clock.fastForward('04:00');
  await expect(page.getByTestId('status-operator')).toContainText('Marie');
  await page.clock.fastForward('01:01');
  await expect(page.getByTestId('login-screen')).toBeVisible();
  await expect(page.getByTestId('status-operator')).toHaveCount(0);
  // The login says why (issue 25: it came back without a word).
  await expect(page.getByTestId('login-idle-logout')).toHaveText('Session de Marie fermée après 5 min sans activité. Reconnectez-vous pour continuer.');
});

