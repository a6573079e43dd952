/**
 * A tab left open while the kiosk restarted (#25): its session is gone, and the page says the kiosk
 * restarted and where the new link is, in French and English, not "does not answer" with a raw English
 * reason; the new link pasted in it opens the kiosk again.
 */
import { test, expect, loginWithPad } from './kiosk.js';

test('a tab whose kiosk restarted says so, where the new link is, and opens it pasted', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Camille', '2222');
  // The restart, as the tab sees it: the session cookie it holds is no longer the kiosk's.
  await page.context().clearCookies();
  await page.reload();
  const box = page.getByTestId('boot-error');
  await expect(box).toHaveAttribute('data-kind', 'restarted');
  await expect(box).toContainText('Le terminal a redémarré.');
  await expect(box).toContainText('The terminal restarted.');
  await expect(box).toContainText('Guichet kiosk: http://127.0.0.1');
  await expect(box).not.toContainText('ne répond pas');
  await expect(page.getByText(/not authenticated/)).toBeHidden();
  await expect(page.getByTestId('boot-retry')).toBeFocused();
  await expect(page.getByTestId('boot-open-link')).toBeDisabled();
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('boot-retry')).toBeInViewport();
  }
});
