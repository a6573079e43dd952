import { test, expect, login } from './kiosk.js';

test('the browser host serves the kiosk of a fresh demo terminal', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await expect(page.getByTestId('login-screen')).toBeVisible();
  await expect(page.getByTestId('terminal-id')).toHaveText('DEMO-01');
  for (const name of ['Marie', 'Camille', 'Theo']) await expect(page.getByTestId(`operator-${name}`)).toBeVisible();
});

test('the API refuses a request without the start-up token', async ({ request, kiosk }) => {
  const origin = new URL(kiosk.url).origin;
  const res = await request.post(`${origin}/api/call`, { data: { method: 'app.info', input: {} }, headers: { origin } });
  expect(res.status()).toBe(401);
});

test('the start-up link opens the kiosk once; the session cookie changes at login and at logout', async ({ page, browser, kiosk }) => {
  await page.goto(kiosk.url);
  await expect(page.getByTestId('login-screen')).toBeVisible();
  const session = async () => (await page.context().cookies()).find((c) => c.name === 'guichet_session');
  const first = await session();
  expect(first).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(first?.value).not.toBe(new URL(kiosk.url).searchParams.get('token'));
  // Whoever saw the link afterwards cannot use it.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  expect((await stranger.goto(kiosk.url))?.status()).toBe(401);
  await other.close();

  await login(page, 'Camille', '2222');
  const second = await session();
  expect(second?.value).not.toBe(first?.value);
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-screen')).toBeVisible();
  const third = await session();
  expect(third?.value).not.toBe(second?.value);
  // The page goes on with its fresh cookie: log in again.
  await login(page, 'Camille', '2222');
});
