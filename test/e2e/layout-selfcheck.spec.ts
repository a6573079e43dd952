/**
 * The self-check kiosk's layout at 1024×768 and 1280×800, in French and English (issue 14, finding 12):
 * the attract screen, a winner's result with its amount in words, and the language and Done buttons in
 * sight, nothing covered nor sticking out. Screenshots at 1024×768 go to docs/screens/*-1024.png.
 */
import path from 'node:path';
import { expectUsable, wedgeScan, type DemoUnit } from './kiosk.js';
import { test, expect } from './selfcheck-kiosk.js';

const docs = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screens');

for (const size of [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const) {
  test(`${size.width}×${size.height}: the self-check kiosk's attract screen and a winner, in French and English`, async ({ page, selfcheck }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const winner = selfcheck.units('millionnaire').find((u: DemoUnit) => u.prize_cents >= 1_000 && u.prize_cents <= 30_000 && u.prize_cents % 100 === 0);
    if (!winner) throw new Error('no demo millionnaire winner fits');
    await page.goto(selfcheck.url);
    await expect(page.getByTestId('selfcheck-attract')).toBeVisible();
    await expectUsable(page.getByTestId('selfcheck-language'), 'language button');
    if (size.width === 1024) await page.screenshot({ path: path.join(docs, 'selfcheck-attract-1024.png') });

    await wedgeScan(page, winner.barcodes.validation);
    await expect(page.getByTestId('selfcheck-result')).toHaveAttribute('data-kind', 'winner');
    for (const language of ['fr', 'en'] as const) {
      if (language === 'en') {
        await page.getByTestId('selfcheck-language').click();
        await expect(page.getByTestId('selfcheck-sub')).toHaveText('Present it at the counter to be paid.');
      }
      for (const id of ['selfcheck-headline', 'selfcheck-amount', 'selfcheck-words', 'selfcheck-sub', 'selfcheck-done', 'selfcheck-language']) await expectUsable(page.getByTestId(id), `${id} (${language})`);
      await expect(page.getByTestId('selfcheck-picture')).toBeVisible();
      if (size.width === 1024 && language === 'fr') await page.screenshot({ path: path.join(docs, 'selfcheck-winner-1024.png') });
    }
  });
}
