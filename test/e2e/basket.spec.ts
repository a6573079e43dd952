/**
 * One basket (issue #25) at the demo counter with its live central: a winner validated at Valider is
 * put in the basket ("Ajouter au panier"), two paper tickets are scanned and a Happy 2014 unit added
 * with its button (in sight, no scrolling), and one cash entry completes it all — the prize put
 * towards the purchase, the change shown, one receipt printed. At 1280×800 and 1024×768; the docs'
 * basket screenshots (docs/screens/basket-*.png) are taken here.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, wedgeScan, login, openScreen, openTillFromSell, expectUsable, gotoDisplay, docShot, type Kiosk } from './kiosk.js';

test.use({ liveCentral: true });
test.setTimeout(180_000);

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

function journalTypes(kiosk: Kiosk, after: number): string[] {
  const db = new Database(path.join(kiosk.dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[number], { type: string }>("SELECT type FROM journal WHERE seq > ? AND type IN ('sale', 'payout', 'basket') ORDER BY seq").all(after).map((r) => r.type);
  } finally {
    db.close();
  }
}

function lastSeq(kiosk: Kiosk): number {
  const db = new Database(path.join(kiosk.dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { s: number }>('SELECT MAX(seq) AS s FROM journal').get()?.s ?? 0;
  } finally {
    db.close();
  }
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`one basket at ${size.width}×${size.height}: paper + digital + a prize towards the purchase, one payment, one receipt`, async ({ page, kiosk }) => {
    await page.setViewportSize(size);
    const units = kiosk.units('annee-chance-2013').filter((u) => u.unit.startsWith('213-001-01-00000-'));
    const winner = units.find((u) => u.prize_cents >= 500 && u.prize_cents <= 2_000);
    const [a, b] = units.filter((u) => u.prize_cents === 0);
    if (!winner || !a || !b) throw new Error('demo units missing');

    await page.goto(kiosk.url);
    await login(page, 'Camille', '2222');
    await expect(page.getByTestId('status-connection')).toHaveClass(/tone-ok/, { timeout: 30_000 });
    await openTillFromSell(page, '100');

    // Valider: the winner's prize goes to the basket instead of being paid out in cash.
    await openScreen(page, 'F2', 'validate');
    await wedgeScan(page, winner.barcodes.validation);
    await expect(page.getByTestId('pay-button')).toBeFocused();
    await page.getByTestId('basket-add-prize').click();
    await expect(page.getByTestId('sell-screen')).toBeVisible();
    await expect(page.getByTestId('basket-prize-line')).toHaveCount(1);

    // Vente: two paper tickets scanned, a Happy 2014 unit added with its button, in sight at this size.
    await expect(page.getByTestId('sell-scan')).toBeFocused();
    await wedgeScan(page, a.barcodes.inventory);
    await wedgeScan(page, b.barcodes.inventory);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expectUsable(page.getByTestId('basket-add-happy-2014'), 'add Happy 2014');
    await expectUsable(page.getByTestId('basket-add-millionnaire'), 'add Millionnaire');
    await page.getByTestId('basket-add-happy-2014').click();
    await expect(page.getByTestId('basket-digital-line')).toHaveCount(1);
    const purchases = 300 + 300 + 300;
    const net = purchases - winner.prize_cents;
    await expect(page.getByTestId('basket-prizes')).toContainText(euros(winner.prize_cents));
    await expect(page.getByTestId('cart-total')).toHaveText(euros(Math.abs(net)));
    await expectUsable(page.getByTestId('sell-complete'), 'take payment');
    await docShot(page, `basket-${size.width}`);

    // Keyboard: Enter on the empty scan field moves to the cash, Enter there completes.
    const before = lastSeq(kiosk);
    await page.getByTestId('sell-scan').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sell-tendered')).toBeFocused();
    const tendered = net > 0 ? 1000 : 0;
    if (tendered > 0) await page.keyboard.type(String(tendered / 100));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sale-done')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sale-change')).toContainText(euros(tendered - net));
    // One receipt, printed by the virtual printer; each act journaled, bound by the basket.
    await expect(page.getByTestId('receipt-panel')).toHaveCount(1);
    await expect(page.getByTestId('receipt-panel')).toHaveAttribute('data-printed', 'yes');
    await expect(page.getByTestId('receipt-picture')).toBeVisible();
    expect(journalTypes(kiosk, before)).toEqual(['sale', 'sale', 'payout', 'basket']);
    // The digital unit is there to play; the change, the receipt and Jouer in sight together, nothing to scroll for.
    await expect(page.getByTestId('digital-play')).toBeVisible();
    for (const id of ['digital-change', 'receipt-picture', 'digital-play']) await expect(page.getByTestId(id), id).toBeInViewport();
    await expect(page.getByTestId('digital-change')).toContainText(euros(tendered - net));
    await page.getByTestId('sale-done').scrollIntoViewIfNeeded();
    await docShot(page, `basket-done-${size.width}`);
  });
}

// Several digital units in one basket (issue #25): the player follows each on the customer display,
// "Unité 1 / 3" then 2 then 3, every unit listed with where it stands, each revealed in step; the
// cashier goes from one unit to the next with Enter.
test('three digital units in one basket: the display shows each in turn, revealed in step', async ({ page, kiosk }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  await expect(page.getByTestId('status-connection')).toHaveClass(/tone-ok/, { timeout: 30_000 });
  await openTillFromSell(page, '100');
  const display = await page.context().newPage();
  await display.setViewportSize({ width: 1280, height: 800 });
  await gotoDisplay(display, `${new URL(kiosk.url).origin}/#/display`);
  await page.bringToFront();
  await openScreen(page, 'F3', 'sell');
  for (const game of ['happy-2014', 'millionnaire', 'happy-2014']) {
    const lines = await page.getByTestId('basket-digital-line').count();
    await page.getByTestId(`basket-add-${game}`).click();
    await expect(page.getByTestId('basket-digital-line')).toHaveCount(lines + 1);
  }
  await page.getByTestId('sell-exact').click();
  await page.getByTestId('sell-complete').click();
  await expect(page.getByTestId('sale-done')).toBeVisible({ timeout: 30_000 });

  const shown = display.getByTestId('display-play');
  const listed = display.getByTestId('display-play-unit');
  await expect(shown).toHaveAttribute('data-unit', '1/3');
  await expect(display.getByTestId('display-play-count')).toHaveText('Unité 1 / 3');
  await expect(listed).toHaveCount(3);
  await expect(shown).toHaveAttribute('data-revealed', '0');
  const zones = [13, 4, 13];
  for (const [i, n] of zones.entries()) {
    // Jouer focused: one zone on both screens, then Auto for the rest.
    await expect(page.getByTestId('digital-play')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shown).toHaveAttribute('data-unit', `${i + 1}/3`);
    await expect(shown).toHaveAttribute('data-revealed', '1');
    await expect(display.getByTestId('display-play-count')).toHaveText(`Unité ${i + 1} / 3`);
    await page.getByTestId('digital-auto').click();
    await expect(shown).toHaveAttribute('data-finished', 'yes');
    await expect(shown).toHaveAttribute('data-revealed', String(n));
    await expect(listed.nth(i)).toHaveAttribute('data-finished', 'yes');
    if (i < 2) {
      // The basket's next unit, offered focused: Enter brings it to both screens, nothing revealed yet.
      await expect(page.getByTestId('digital-next-unit')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(shown).toHaveAttribute('data-unit', `${i + 2}/3`);
      await expect(shown).toHaveAttribute('data-revealed', '0');
      await expect(listed.nth(i + 1)).toHaveAttribute('data-finished', 'no');
    }
  }
  await expect(page.getByTestId('digital-next-unit')).toHaveCount(0);
  for (let i = 0; i < 3; i++) await expect(listed.nth(i)).toHaveAttribute('data-finished', 'yes');
  await docShot(display, 'digital-display-basket-1280');
});
