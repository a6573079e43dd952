/**
 * The technician's home: Theo logs in and lands on diagnostics; printer status, test page (a new PNG on
 * the virtual printer), scanner test with a scan typed at scanner speed and its timing, outcome tables,
 * integrity check with its progress bar, support bundle written and downloaded. No money anywhere.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dammDigit } from '../../games/ticket-id.js';
import { test, expect, wedgeScan, loginWithPad, screenshotAt, callApi } from './kiosk.js';

function pngsIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png'));
}

test('technician: devices, test page, scanner test, outcome tables, integrity check, support bundle', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Theo', '333333');
  await expect(page).toHaveURL(/#\/diagnostics$/);
  const screen = page.getByTestId('diagnostics-screen');
  await expect(screen).toBeVisible();
  // A technician sees no counter screen with money.
  await expect(page.getByTestId('nav-sell')).toHaveCount(0);
  await expect(page.getByTestId('nav-validate')).toHaveCount(0);
  await expect(page.getByTestId('nav-settings')).toHaveCount(0);

  // Devices: the virtual printer, ready; the keyboard scanner listening.
  await expect(page.getByTestId('diag-printer-state')).toHaveText('Prête');
  await expect(page.getByTestId('diag-printer-uri')).toHaveText('virtual:counter');
  await expect(page.getByTestId('diag-block')).toHaveCount(3);
  await expect(page.getByTestId('diag-blocks')).toContainText('Happy 2014');
  await expect(page.getByTestId('diag-versions')).toContainText('SQLite');
  await expect(page.getByTestId('diag-disk')).toContainText('libres sur');
  await screenshotAt(page, 'diagnostics');

  // Test page: a new PNG on the virtual printer, shown on screen.
  const printed = path.join(kiosk.dataDir, 'virtual-printer');
  const before = pngsIn(printed).length;
  await page.getByTestId('diag-test-page').click();
  await expect(page.getByTestId('diag-test-page-result')).toHaveText('Page de test imprimée.');
  await expect(page.getByTestId('diag-test-page-picture')).toBeVisible();
  expect(pngsIn(printed).length).toBe(before + 1);
  // Scanner test: a barcode typed at scanner speed shows raw, with its timing.
  await expect(page.getByTestId('diag-scan-empty')).toBeVisible();
  await wedgeScan(page, 'GUICHET-TEST-0123456789');
  const row = page.getByTestId('diag-scan-row').first();
  await expect(row.getByTestId('diag-scan-data')).toHaveText('GUICHET-TEST-0123456789');
  await expect(row.getByTestId('diag-scan-source')).toHaveText('clavier');
  await expect(row.getByTestId('diag-scan-duration')).toHaveText(/^\d+ ms$/);
  await expect(row.getByTestId('diag-scan-interkey')).toHaveText(/^\d+(,\d)? ms$/);
  // The virtual scanner's reading arrives through the host's scan events.
  await page.getByTestId('diag-scan-virtual').click();
  await expect(page.getByTestId('diag-scan-row')).toHaveCount(2);
  await expect(page.getByTestId('diag-scan-row').first().getByTestId('diag-scan-source')).toHaveText('virtual:counter');
  await screenshotAt(page, 'diagnostics-test-page', 'diag-test-page-picture');
  await screenshotAt(page, 'diagnostics-scanner-test', 'diag-scans');

  // Digits typed by hand are no shortcut (issue 25: "12345" printed, checked and exported).
  const printedBefore = pngsIn(printed).length;
  await page.keyboard.type('12345', { delay: 150 });
  await expect(page.getByTestId('diag-integrity-result')).toHaveCount(0);
  await expect(page.getByTestId('diag-bundle-result')).toHaveCount(0);
  expect(pngsIn(printed).length).toBe(printedBefore);

  // Alt+2 reads the printer status again.
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('diag-printer-state')).toHaveText('Prête');

  // Integrity check with its progress bar (Alt+3).
  await page.keyboard.press('Alt+3');
  await expect(page.getByTestId('diag-integrity-result')).toHaveText('Tout est intact.');
  await expect(page.getByTestId('diag-integrity-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('diag-integrity-block')).toHaveCount(3);
  await screenshotAt(page, 'diagnostics-integrity', 'diag-integrity');

  // Support bundle: written into the data folder and offered for download.
  await page.getByTestId('diag-bundle-export').click();
  await expect(page.getByTestId('diag-bundle-result')).toContainText('guichet-support-DEMO-01-');
  const written = readdirSync(path.join(kiosk.dataDir, 'support'));
  expect(written).toHaveLength(1);
  expect(written[0]).toMatch(/\.tar\.gz$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diag-bundle-download').click()]);
  const tmp = mkdtempSync(path.join(tmpdir(), 'guichet-dl-'));
  try {
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listed).toContain('/report.json');
    expect(listed).toContain('/integrity.json');
    const all = execFileSync('tar', ['-xzOf', file], { encoding: 'utf8' });
    expect(all).not.toMatch(/€|_cents"?\s*:\s*\d|PRIVATE KEY|pin_hash/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  await screenshotAt(page, 'diagnostics-bundle', 'diag-bundle-result');

  // No amount anywhere on the technician's screen.
  await expect(screen).not.toContainText('€');

  // The services, not only the menu, refuse the technician the manager's settings.
  const refused = await page.evaluate(async () => {
    const res = await fetch('/api/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'settings.update', input: { payout_limit_cents: 1 } }) });
    return (await res.json()) as { ok: boolean; error?: { code: string } };
  });
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
});

test('wrong validation codes at the counter raise an alert the technician sees', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Camille', '2222');
  const unit = kiosk.units('happy-2014')[0];
  const valid = unit?.barcodes.validation ?? '';
  // Same ticket, another hidden code (and its check digit): what finishing a partly readable code looks like.
  const body = valid.slice(0, 15) + '1'.repeat(18);
  const wrong = body + String(dammDigit(body));
  for (let i = 0; i < 5; i++) expect(await callApi(page, 'ticket.check', { barcode: wrong })).toMatchObject({ ok: true, value: { verdict: 'wrong-code' } });
  await page.getByTestId('logout').click();
  await loginWithPad(page, 'Theo', '333333');
  await expect(page.getByTestId('diag-wrong-codes-alert')).toHaveCount(1);
  await expect(page.getByTestId('diag-wrong-codes-alert')).toContainText('Camille a saisi 5 codes erronés en 60 min');
});

