/**
 * A kiosk started without --demo on an empty data folder: the provisioning screen (French, then
 * English), no login, every API call but status, language and the enrolment refused as "not
 * provisioned"; then its form enrols the folder with a central on loopback (the letter's code and
 * root, by keyboard), each wrong field said in words, and the login follows without a restart.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run, serve, stopServed } from './central-process.js';
import { callApi, docShot, expect, expectUsable, screenshot, startKiosk, test } from './kiosk.js';


test('an empty data folder without --demo shows the provisioning screen and invents nothing', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-provisioning-'));
  const { url, child } = await startKiosk(dataDir, { demo: false });
  try {
    await page.goto(url);
    const screen = page.getByTestId('screen-provisioning');
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('Ce terminal n’est pas installé');
    // A form, not shell commands on a screen without a shell; the offline command stays for technicians.
    await expect(page.getByTestId('enrol-form')).toBeVisible();
    await expect(page.getByTestId('enrol-central')).toBeFocused();
    await expect(page.getByTestId('provisioning-enroll')).toHaveCount(0);
    await expect(page.getByTestId('provisioning-init')).toHaveText(`guichet init --data ${dataDir} --terminal ID --manager NAME`);
    await expect(page.getByTestId('pin-input')).toHaveCount(0);
    await screenshot(page, 'provisioning-fr');
    await docShot(page, 'provisioning-1280');
    // At 1024×768 too: every field and the button in sight, nothing to scroll.
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const id of ['enrol-central', 'enrol-code', 'enrol-root', 'enrol-manager', 'enrol-pin', 'enrol-pinAgain', 'enrol-submit']) await expectUsable(page.getByTestId(id), id);
    await docShot(page, 'provisioning-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('provisioning-language').click();
    await expect(screen).toContainText('This terminal is not set up');
    await expect(page.getByTestId('enrol-submit')).toHaveText('Enrol this terminal');
    await screenshot(page, 'provisioning-en');

    expect(await callApi(page, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });
    expect(await callApi(page, 'auth.login', { name: 'Marie', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'not-provisioned' } });
    expect(await callApi(page, 'status.get', {})).toMatchObject({ ok: true, value: { provisioning: { data_dir: dataDir, can_enroll: true } } });
    expect(readdirSync(dataDir)).toEqual([]);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the form enrols the terminal with central from its letter, and the login follows without a restart', async ({ page }) => {
  test.setTimeout(120_000);
  const tmp = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-enrol-'));
  const centralDir = path.join(tmp, 'central');
  const dataDir = path.join(tmp, 'terminal');
  run(['central', 'init', '--data', centralDir, '--key', path.join(tmp, 'lottery.key')]);
  const letter = JSON.parse(run(['central', 'terminal', 'add', '--data', centralDir, '--id', 'SHOP-77', '--retailer', 'Tabac de la Gare', '--json'])) as { code: string; root: string };
  const central = await serve(centralDir);
  mkdirSync(dataDir);
  const { url, child } = await startKiosk(dataDir, { demo: false });
  try {
    await page.goto(url);
    await expect(page.getByTestId('enrol-central')).toBeFocused();
    // Keyboard only: each field, Tab to the next, Enter sends.
    await page.keyboard.type(central.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type(letter.code);
    await page.keyboard.press('Tab');
    await page.keyboard.type(letter.root.slice(0, 20));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Marie');
    await page.keyboard.press('Tab');
    await page.keyboard.type('246810');
    await page.keyboard.press('Tab');
    await page.keyboard.type('246801');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('enrol-problem')).toHaveText('Les deux codes du gérant diffèrent : tapez-les à nouveau.');
    await page.getByTestId('enrol-pinAgain').fill('246810');
    await page.getByTestId('enrol-pinAgain').press('Enter');
    // The root cut short: refused by name, in words, nothing sent.
    await expect(page.getByTestId('enrol-problem')).toHaveText('Empreinte de la racine refusée : recopiez les 64 caractères de la lettre d’enrôlement.');
    expect(readdirSync(dataDir)).toEqual([]);
    // A mistyped code: central refuses it.
    await page.getByTestId('enrol-root').fill(letter.root);
    await page.getByTestId('enrol-code').fill(`${letter.code.slice(0, -1)}${letter.code.endsWith('A') ? 'B' : 'A'}`);
    await page.getByTestId('enrol-code').press('Enter');
    await expect(page.getByTestId('enrol-problem')).toContainText('Le central refuse cet enrôlement');
    await page.getByTestId('enrol-code').fill(letter.code);
    await page.getByTestId('enrol-code').press('Enter');
    // Enrolled: the login screen with the first manager, served by the same kiosk.
    await expect(page.getByTestId('login-screen')).toBeVisible();
    // The only operator is chosen already: the PIN, by keyboard.
    await expect(page.getByTestId('pin-input')).toBeFocused();
    await page.keyboard.type('246810', { delay: 50 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('status-operator')).toContainText('Marie');
    expect(await callApi(page, 'app.info', {})).toMatchObject({ ok: true, value: { terminal_id: 'SHOP-77' } });
    // Enrolled with that central: the status bar's link is central's, no longer "not enrolled".
    expect(await callApi(page, 'status.get', {})).toMatchObject({ ok: true, value: { central: { state: expect.not.stringMatching(/^not-enrolled$/) } } });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await stopServed(central.child);
    rmSync(tmp, { recursive: true, force: true });
  }
});
