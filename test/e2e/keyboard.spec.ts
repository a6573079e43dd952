/**
 * Keyboard alone always works (issue 14, findings 1, 7, 13): after a wrong PIN the PIN field has the
 * keyboard again; the last try before the lock is announced; a manager unlocks a locked operator from
 * the terminal.
 */
import { test, expect, login, openScreen, callApi, wedgeScan } from './kiosk.js';

test('after a wrong PIN the keyboard alone logs in: the PIN field has the focus again', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await page.getByTestId('operator-Camille').click();
  await expect(page.getByTestId('pin-input')).toBeFocused();
  await page.keyboard.type('9999', { delay: 60 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-error')).toHaveText('Code incorrect.');
  await expect(page.getByTestId('pin-input')).toBeFocused();
  // No touch: the right PIN on the keyboard, Enter.
  await page.keyboard.type('2222', { delay: 60 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-operator')).toContainText('Camille');
});

test('the last PIN try is announced, and a manager unlocks the operator at the terminal', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await page.getByTestId('operator-Camille').click();
  for (let i = 1; i <= 5; i += 1) {
    await expect(page.getByTestId('pin-input')).toBeFocused();
    await page.keyboard.type('9999', { delay: 30 });
    await page.keyboard.press('Enter');
    if (i < 4) await expect(page.getByTestId('login-error')).toHaveText('Code incorrect.');
    if (i === 4) await expect(page.getByTestId('login-error')).toHaveText('Code incorrect : dernier essai avant le blocage du compte.');
  }
  await expect(page.getByTestId('login-error')).toContainText('bloqué');

  // Marie (manager) unlocks Camille from the settings screen.
  await page.keyboard.press('Escape');
  await login(page, 'Marie', '123456');
  await openScreen(page, 'F10', 'settings');
  await expect(page.getByTestId('operator-lock-Camille')).toContainText('Bloqué');
  await expect(page.getByTestId('operator-lock-Marie')).toHaveText('Actif');
  await page.getByTestId('unlock-Camille').click();
  await expect(page.getByTestId('operators-notice')).toHaveText('Compte débloqué : Camille peut de nouveau se connecter.');
  await expect(page.getByTestId('operator-lock-Camille')).toHaveText('Actif');
  await expect(page.getByTestId('unlock-Camille')).toHaveCount(0);
  await page.getByTestId('logout').click();
  await login(page, 'Camille', '2222');
});

test('digits typed with no field focused land in the code field, in sight; a digit typed in the cash received stays there', async ({ page, kiosk }) => {
  const units = kiosk.units('annee-chance-2013');
  const [a, b, c, d] = [units[30], units[31], units[32], units[33]];
  if (!a || !b || !c || !d) throw new Error('demo units missing');
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  const input = page.getByTestId('validation-input');
  await expect(input).toBeFocused();
  // Nothing focused (a touch on an empty part of the screen), then digits typed by hand.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type('123', { delay: 120 });
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('123');

  // Finding 13b: a digit typed in "Espèces reçues" just before a scan is not pulled into the scan.
  expect((await callApi(page, 'cash.open', { float_cents: 10_000 })).ok).toBe(true);
  await openScreen(page, 'F3', 'sell');
  await expect(page.getByTestId('sell-scan')).toBeFocused();
  await wedgeScan(page, a.barcodes.inventory);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('sell-tendered').focus();
  await page.keyboard.type('5');
  // Longer than a scanner's gap between keys (50 ms), shorter than the window in which a scan takes
  // back keys it finds just before it in a code field (100 ms).
  await page.waitForTimeout(70);
  await wedgeScan(page, b.barcodes.inventory);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('sell-tendered')).toHaveValue('5');
  await expect(page.getByTestId('sell-error')).toHaveCount(0);

  // A busy machine delivers a scan's keys late: the first key alone, then three more, then the rest,
  // each long after the decoder's gap (its flush releases the first and the next three into the
  // amount). By the keys' own times they are one scan: all of it is taken back out of the amount and
  // the whole code is read.
  await wedgeScan(page, c.barcodes.inventory, { stallAfter: [1, 4] });
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(page.getByTestId('sell-tendered')).toHaveValue('5');
  await expect(page.getByTestId('sell-error')).toHaveCount(0);
  // Cut again three keys before its end: the last piece is too short to read as a scan by itself; with
  // the pieces before it, by their times, it is one, and Enter ends it as a scan (not the sale's form).
  await wedgeScan(page, d.barcodes.inventory, { stallAfter: [1, d.barcodes.inventory.length - 3] });
  await expect(page.getByTestId('cart-line')).toHaveCount(4);
  await expect(page.getByTestId('sell-tendered')).toHaveValue('5');
  await expect(page.getByTestId('sell-error')).toHaveCount(0);
});
