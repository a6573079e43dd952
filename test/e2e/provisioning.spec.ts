/**
 * A kiosk started without --demo on an empty data folder: the provisioning screen (French, then
 * English), no login, and every API call but status and language refused as "not provisioned".
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callApi, expect, screenshot, startKiosk, test } from './kiosk.js';

test('an empty data folder without --demo shows the provisioning screen and invents nothing', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-provisioning-'));
  const { url, child } = await startKiosk(dataDir, { demo: false });
  try {
    await page.goto(url);
    const screen = page.getByTestId('screen-provisioning');
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('Ce terminal n’est pas installé');
    await expect(page.getByTestId('provisioning-init')).toContainText(`guichet init --data ${dataDir}`);
    await expect(page.getByTestId('provisioning-enroll')).toContainText('guichet enroll');
    await expect(page.getByTestId('pin-input')).toHaveCount(0);
    await screenshot(page, 'provisioning-fr');
    await page.getByTestId('provisioning-language').click();
    await expect(screen).toContainText('This terminal is not set up');
    await screenshot(page, 'provisioning-en');

    expect(await callApi(page, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });
    expect(await callApi(page, 'auth.login', { name: 'Marie', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });
    expect(await callApi(page, 'status.get', {})).toMatchObject({ ok: true, value: { provisioning: { data_dir: dataDir } } });
    expect(readdirSync(dataDir)).toEqual([]);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
