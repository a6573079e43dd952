/**
 * The demo terminal's embedded central (`kiosk --demo`): the status bar shows central online, a sale's
 * events are pushed by the background sync (the waiting count back to none, central's acknowledgement
 * up to the journal's last entry), and a digital unit (Happy 2014, sold only online through central)
 * is sold and played at the demo counter.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, wedgeScan, login, openScreen, openTillFromSell, sellDigitalUnit } from './kiosk.js';

// This spec needs the live demo central (`kiosk --demo` serves it), not only a copy of the demo terminal.
test.use({ liveCentral: true });

test.setTimeout(180_000);

function syncState(dataDir: string): { acked_seq: number; last_seq: number; waiting: number; central_url: string } {
  const db = new Database(path.join(dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    const s = db.prepare<[], { acked_seq: number; central_url: string }>('SELECT acked_seq, central_url FROM sync_state').get();
    const last = db.prepare<[], { seq: number }>('SELECT MAX(seq) AS seq FROM journal').get();
    const waiting = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL').get();
    if (!s || !last || !waiting) throw new Error('the demo terminal is not enrolled');
    return { acked_seq: s.acked_seq, last_seq: last.seq, waiting: waiting.n, central_url: s.central_url };
  } finally {
    db.close();
  }
}

test('demo central: online, a sale pushed (nothing waiting), a Happy 2014 unit sold and played', async ({ page, kiosk }) => {
  await expect.poll(() => kiosk.startOutput).toMatch(/demo central: http:\/\/127\.0\.0\.1:\d+/);
  expect(syncState(kiosk.dataDir).central_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const [unit] = kiosk.units('annee-chance-2013').slice(20, 21);
  if (!unit) throw new Error('demo unit missing');

  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  await expect(page.getByTestId('status-connection')).toHaveClass(/tone-ok/, { timeout: 30_000 });

  await openTillFromSell(page, '100');

  await openScreen(page, 'F3', 'sell');
  await expect(page.getByTestId('sell-scan')).toBeFocused();
  await wedgeScan(page, unit.barcodes.inventory);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('sell-scan').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sell-tendered')).toBeFocused();
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toBeVisible();
  const afterSale = syncState(kiosk.dataDir).last_seq;

  // The background sync pushes the sale to the demo central: nothing left waiting.
  await expect(page.getByTestId('status-outbox')).toHaveClass(/tone-ok/, { timeout: 30_000 });
  await expect.poll(() => syncState(kiosk.dataDir).acked_seq, { timeout: 30_000 }).toBeGreaterThanOrEqual(afterSale);
  expect(syncState(kiosk.dataDir).waiting).toBe(0);

  // A digital unit, sold through the demo central and played at the counter.
  await openScreen(page, 'F3', 'sell');
  await sellDigitalUnit(page, 'happy-2014', '5');
  await expect(page.getByTestId('digital-barcode')).toHaveText(/^\d{34}$/, { timeout: 30_000 });
  await expect(page.getByTestId('sale-change')).toContainText('2,00');
  await page.getByTestId('digital-auto').click();
  await expect(page.getByTestId('cashier-play')).toHaveAttribute('data-finished', 'yes');
  await expect(page.getByTestId('status-outbox')).toHaveClass(/tone-ok/, { timeout: 30_000 });
});
