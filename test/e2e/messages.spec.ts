/**
 * No raw or internal messages (issue 14, finding 6): a refused setting says which value and why in
 * words, not the schema's text; the journal names its entries in words, not by internal names.
 */
import { test, expect, login, openScreen } from './kiosk.js';

test('a refused setting and the journal speak French, never zod nor internal names', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await login(page, 'Marie', '123456');
  await openScreen(page, 'F10', 'settings');
  await page.getByTestId('settings-limit-input').fill('9999999');
  await page.getByTestId('settings-limit-save').click();
  const error = page.getByTestId('settings-limit-error');
  await expect(error).toContainText('le plafond de paiement est trop grand');
  await expect(error).toContainText('1');
  await expect(error).not.toContainText('payout_limit_cents');
  await expect(error).not.toContainText('expected');

  await openScreen(page, 'F6', 'journal');
  const tags = page.getByTestId('journal-type-tag');
  await expect(tags.first()).toBeVisible();
  await expect(page.getByTestId('journal-table')).toContainText('Connexion');
  await expect(page.getByTestId('journal-table')).not.toContainText('operator.login');
  await expect(page.getByTestId('journal-type')).not.toContainText('operator.login');
});
