/**
 * A tab left open while the kiosk restarted (#25): its session is gone, and the page says the kiosk
 * restarted and where the new link is, in French and English, not "does not answer" with a raw English
 * reason; the new link pasted in it opens the kiosk again.
 */
import { test, expect, loginWithPad } from './kiosk.js';

test('a tab whose kiosk restarted says so, where the new link is, and opens it pasted (Retry, which could only fail, not offered)', async ({ page, kiosk }) => {
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
  // Retry would only be refused again (the old session is gone): the field for the new link has the focus.
  await expect(page.getByTestId('boot-retry')).toHaveCount(0);
  await expect(page.getByTestId('boot-new-link')).toBeFocused();
  await expect(page.getByTestId('boot-open-link')).toBeDisabled();
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('boot-open-link')).toBeInViewport();
  }
  // Something else than the kiosk's link is not opened; the new link, pasted, opens the kiosk again.
  await page.keyboard.type('https://example.com/');
  await expect(page.getByTestId('boot-open-link')).toBeDisabled();
  // (The fixture's link was spent at the first visit, a start-up link opens once: the kiosk says so there.)
  await page.getByTestId('boot-new-link').fill(`${kiosk.url}#pasted`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${kiosk.url}#pasted`);
  await expect(page.getByText('Ce lien de démarrage a déjà servi.')).toBeVisible();
  await expect(page.getByText('This start-up link was already used.')).toBeVisible();
});
