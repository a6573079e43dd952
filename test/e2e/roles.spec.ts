/**
 * A technician cannot reach sale or payout: no navigation entry, no route, and the API itself refuses
 * with `forbidden` even when called straight from the page.
 */
import { test, expect, screenshot, login, callApi } from './kiosk.js';

test('a technician sees neither sale nor payout, and the API refuses them', async ({ page, kiosk }) => {
  const [ticket] = kiosk.units('annee-chance-2013');
  if (!ticket) throw new Error('demo unit missing');
  await page.goto(kiosk.url);
  // A manager opens the till, so that only the role stands in the way.
  await login(page, 'Marie', '123456');
  expect((await callApi(page, 'cash.open', { float_cents: 5000 })).ok).toBe(true);
  await page.getByTestId('logout').click();

  await login(page, 'Theo', '333333');
  await expect(page).toHaveURL(/#\/diagnostics$/);
  await expect(page.getByTestId('nav-journal')).toBeVisible();
  for (const id of ['sell', 'validate', 'packs', 'cash']) await expect(page.getByTestId(`nav-${id}`)).toHaveCount(0);
  // Typing the route or pressing the sale key leads nowhere.
  await page.keyboard.press('F3');
  await expect(page.getByTestId('sell-screen')).toHaveCount(0);
  await page.evaluate(() => (window.location.hash = '#/sell'));
  await expect(page).not.toHaveURL(/#\/sell$/);
  await expect(page.getByTestId('sell-screen')).toHaveCount(0);
  await expect(page.locator('.diag-grid')).toBeVisible();
  await screenshot(page, 'roles-technician');

  for (const [method, input] of [
    ['sale.preview', { barcodes: [ticket.barcodes.inventory] }],
    ['sale.complete', { barcodes: [ticket.barcodes.inventory], tendered_cents: 300 }],
    ['sale.void', { receipt_no: 1, reason: 'test' }],
    ['ticket.pay', { barcode: ticket.barcodes.validation }],
    ['ticket.claim', { barcode: ticket.barcodes.validation }],
    ['cash.move', { kind: 'out', amount_cents: 100, reason: 'test' }],
  ] as const) {
    const r = await callApi(page, method, input);
    expect({ method, ok: r.ok, code: r.error?.code }).toEqual({ method, ok: false, code: 'forbidden' });
  }
  // Nothing was sold or paid.
  const out = kiosk.cli(['report', 'x', '--operator', 'Marie'], { GUICHET_PIN: '123456' });
  expect(out.stdout).toMatch(/\+ sales\s+0,00 €/);
  expect(out.stdout).toMatch(/- payouts\s+0,00 €/);
});
