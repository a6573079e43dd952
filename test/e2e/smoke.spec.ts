import { test, expect } from './kiosk.js';

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
