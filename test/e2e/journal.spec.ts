/**
 * The journal: browse the newest entries, filter by type, verify it (green, with the count); then an
 * entry altered in the database file behind Guichet's back is named in red.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, screenshot, login, openScreen } from './kiosk.js';

test('browse and filter the journal, verify it OK, then see a tampered entry named', async ({ page, kiosk }) => {
  await page.goto(kiosk.url);
  await login(page, 'Marie', '123456');
  await openScreen(page, 'F6', 'journal');
  await expect(page.getByTestId('journal-screen')).toBeVisible();
  const entries = page.getByTestId('journal-entry');
  // Newest first: Marie's login heads the list.
  await expect(entries.first()).toContainText('Connexion');
  await expect(entries.first()).toContainText('Marie');

  await page.getByTestId('journal-type').selectOption('pack.receive');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('213-001-01-00001');
  await expect(page.getByTestId('journal-total')).toHaveText('2 écritures');
  await page.getByTestId('journal-type').selectOption('');

  await page.getByTestId('journal-verify').click();
  const result = page.getByTestId('journal-verify-result');
  await expect(result).toHaveAttribute('data-ok', 'yes');
  await expect(result).toContainText(/Journal intègre : \d+ écritures vérifiées/);
  await screenshot(page, 'journal');

  // Someone edits an entry in the database file directly.
  const db = new Database(path.join(kiosk.dataDir, 'guichet.db'));
  try {
    db.exec('DROP TRIGGER journal_no_update');
    db.prepare("UPDATE journal SET payload = replace(payload, '00001', '00009') WHERE type = 'pack.receive' AND payload LIKE '%00001%'").run();
  } finally {
    db.close();
  }
  await page.getByTestId('journal-verify').click();
  await expect(result).toHaveAttribute('data-ok', 'no');
  await expect(result).toContainText(/Journal altéré à l’écriture n° \d+ : son contenu ne correspond plus à son empreinte/);
  await screenshot(page, 'journal-broken');
});
