/**
 * Whose language is on what (issue 14, finding 3): an operator who works in English sees the ticket
 * picture's annotations in English on the cashier's screen; the customer display and the printed
 * receipt keep the terminal's language (French), a setting only a manager changes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, wedgeScan, login, callApi, type DemoUnit, gotoDisplay } from './kiosk.js';

test("the operator's English reaches the cashier's screen and the ticket picture, not the customer display nor the receipt", async ({ page, kiosk }) => {
  // Within the offline limit per ticket (50 €): this kiosk's central is unreachable.
  const winner = kiosk.units('millionnaire').find((u: DemoUnit) => u.prize_cents >= 1_000 && u.prize_cents <= 5_000);
  if (!winner) throw new Error('no demo millionnaire winner fits');
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('nav-validate')).toContainText('Validate');
  expect((await callApi(page, 'cash.open', { float_cents: 20_000 })).ok).toBe(true);

  const display = await page.context().newPage();
  await gotoDisplay(display, `${new URL(kiosk.url).origin}/#/display`);
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-kind', 'idle');
  await page.bringToFront();

  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
  const picture = decodeURIComponent((await page.getByTestId('ticket-picture').getAttribute('src')) ?? '');
  expect(picture).toContain('GAME SCREEN');
  expect(picture).not.toContain('ÉCRAN DE JEU');
  await expect(display.getByTestId('display-verdict')).toHaveText('Ticket gagnant !');

  await expect(page.getByTestId('pay-button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('receipt-panel')).toHaveAttribute('data-printed', 'yes');
  await expect(display.getByTestId('display-verdict')).toHaveText('Payé');
  const printed = path.join(kiosk.dataDir, 'virtual-printer');
  const bytes = readdirSync(printed).filter((f) => f.endsWith('.bin')).sort().map((f) => readFileSync(path.join(printed, f)).toString('latin1'));
  expect(bytes.at(-1)).toContain('PAIEMENT DE GAIN');
  expect(bytes.at(-1)).not.toContain('PRIZE PAYOUT');
});
