/**
 * The cart is state, not a screen (issue 14, finding 2): Escape twice, F2 or a reload never lose a
 * sale in progress; leaving asks first; abandoning is explicit, and the customer display follows it.
 */
import type { Page } from '@playwright/test';
import { test, expect, wedgeScan, login, openScreen, callApi, gotoDisplay } from './kiosk.js';

/** The element that has the keyboard, by test id (the page may sit behind the customer display's window). */
function focused(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);
}

test('a sale in progress survives Escape, F2 and a reload; abandoning it is explicit and clears the customer display', async ({ page, context, kiosk }) => {
  const units = kiosk.units('annee-chance-2013');
  const [a, b] = [units[20], units[21]];
  if (!a || !b) throw new Error('demo units missing');
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  expect((await callApi(page, 'cash.open', { float_cents: 10_000 })).ok).toBe(true);
  const display = await context.newPage();
  await gotoDisplay(display, `${new URL(kiosk.url).origin}/#/display`);
  await expect(display.getByTestId('customer-display')).toBeVisible();
  await page.bringToFront();

  await openScreen(page, 'F3', 'sell');
  await expect.poll(() => focused(page)).toBe('sell-scan');
  await wedgeScan(page, a.barcodes.inventory);
  await wedgeScan(page, b.barcodes.inventory);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('2 tickets');
  await expect(display.getByTestId('display-amount')).toHaveText('6,00 €');

  // Escape twice: the first asks, the second keeps the sale (and the keyboard where it was).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sale-in-progress')).toBeVisible();
  await expect(page.getByTestId('sale-in-progress-what')).toHaveText('Panier : 2 tickets, 6,00 €.');
  await expect.poll(() => focused(page)).toBe('sale-stay');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sale-in-progress')).toHaveCount(0);
  await expect(page.getByTestId('screen-sell')).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect.poll(() => focused(page)).toBe('sell-scan');

  // F2 asks too; keeping the cart for later goes on to validation, and the cart waits.
  await page.keyboard.press('F2');
  await expect(page.getByTestId('sale-in-progress')).toBeVisible();
  await page.getByTestId('sale-keep').click();
  await expect(page.getByTestId('screen-validate')).toBeVisible();
  await openScreen(page, 'F3', 'sell');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  // A reload: the terminal kept it.
  await page.reload();
  await expect(page.getByTestId('screen-sell')).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('6,00 €');
  await expect(display.getByTestId('display-amount')).toHaveText('6,00 €');

  // Abandoning is a choice of its own, and the customer display lets go of the total.
  await page.getByTestId('sell-abandon').click();
  await expect.poll(() => focused(page)).toBe('sale-stay');
  await expect(page.getByTestId('sale-keep')).toHaveCount(0);
  await page.getByTestId('sale-abandon').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('sell-notice')).toContainText('abandonnée');
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-kind', 'idle');
  await page.reload();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  // Nothing in progress: leaving no longer asks. (Right after a reload the page may draw before its keys
  // are listened to — CI3 lost an F2 so — hence pressed again until Valider opens; never a question.)
  await expect(async () => {
    await page.keyboard.press('F2');
    await expect(page.getByTestId('screen-validate')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('sale-stay')).toHaveCount(0);
});

test('"Compte juste" fills the amount like the notes beside it; Encaisser says why it waits', async ({ page, kiosk }) => {
  const units = kiosk.units('annee-chance-2013');
  const a = units[22];
  if (!a) throw new Error('demo unit missing');
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  expect((await callApi(page, 'cash.open', { float_cents: 10_000 })).ok).toBe(true);
  await openScreen(page, 'F3', 'sell');
  await expect(page.getByTestId('sell-scan')).toBeFocused();
  await wedgeScan(page, a.barcodes.inventory);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1 ticket');
  await expect(page.getByTestId('sell-complete')).toBeDisabled();
  await expect(page.getByTestId('sell-complete-why')).toContainText('Tapez les espèces reçues');
  await page.getByTestId('sell-exact').click();
  // Filled, not sold: the sale waits for Enter or Encaisser.
  await expect(page.getByTestId('sell-tendered')).toHaveValue('3,00');
  await expect(page.getByTestId('sell-tendered')).toBeFocused();
  await expect(page.getByTestId('sale-done')).toHaveCount(0);
  await expect(page.getByTestId('sell-complete-why')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toBeVisible();
  await expect(page.getByTestId('sale-change')).toContainText('Pas de monnaie à rendre');
});
