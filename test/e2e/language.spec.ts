/**
 * Language per operator session (issue 14, finding 3): the EN button is the operator's own choice,
 * remembered for their next session; the login screen and other operators keep the terminal's
 * language. Diagnostics (finding 11): "Lire l'état" shows what it read.
 */
import { test, expect, login, loginWithPad, openScreen } from './kiosk.js';

test("the EN button is the operator's choice, remembered; the login and other operators keep the terminal's language", async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('nav-validate')).toContainText('Validate');
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-screen')).toContainText('Choisissez');
  await login(page, 'Marie', '123456');
  await expect(page.getByTestId('nav-validate')).toContainText('Valider');
  await page.getByTestId('logout').click();
  await loginWithPad(page, 'Camille', '2222');
  await expect(page.getByTestId('nav-validate')).toContainText('Validate');
  // A reload keeps it: it is the terminal that remembers.
  await page.reload();
  await expect(page.getByTestId('nav-validate')).toContainText('Validate');
});

test('"Lire l’état" shows the printer status it read', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Theo', '333333');
  await openScreen(page, 'F9', 'diagnostics');
  await expect(page.getByTestId('diag-printer-status-result')).toHaveCount(0);
  await page.getByTestId('diag-printer-status').click();
  await expect(page.getByTestId('diag-printer-status-result')).toContainText('État lu à');
  await expect(page.getByTestId('diag-printer-status-result')).toContainText('Prête');
  await expect(page.getByTestId('diag-db-size')).toBeVisible();
});
