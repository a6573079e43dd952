/**
 * Packs: a cashier receives a new pack by typing its number and activates it by scanning one of its
 * tickets, once the dialog asked (Escape cancels, Enter confirms); a manager returns a pack for good
 * with a reason, journaled; a pack the lottery stop-lists reads "stop-listed" and leaves the stock (#25).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, screenshot, wedgeScan, login, openScreen } from './kiosk.js';

const guichet = path.resolve(import.meta.dirname, '..', '..', 'bin', 'guichet.js');

test('receive pack 213-001-01-00002 by its number and activate it with a scan', async ({ page, kiosk }) => {
  const ticket = kiosk.units('annee-chance-2013')[205];
  if (!ticket) throw new Error('demo unit missing');
  await page.goto(kiosk.url);
  await login(page, 'Camille', '2222');
  await openScreen(page, 'F4', 'packs');
  await expect(page.getByTestId('packs-screen')).toBeVisible();
  const inventory = page.getByTestId('inventory-annee-chance-2013');
  await expect(inventory.getByTestId('inv-active')).toHaveText('1');
  await expect(inventory.getByTestId('inv-received')).toHaveText('1');
  await expect(inventory.getByTestId('inv-left')).toHaveText('100');
  // A cashier receives and activates; returning and settling are the manager's.
  await expect(page.getByTestId('pack-mode-return')).toHaveCount(0);
  await screenshot(page, 'packs');

  await expect(page.getByTestId('pack-ref')).toBeFocused();
  // Typed at a person's pace: 60 ms a key was barely above the scanner's 50 ms gap, and a loaded machine
  // bunched some keys into a "scan" whose tail then went in front of the activation scan below.
  await page.keyboard.type('213-001-01-00002', { delay: 150 });
  await page.keyboard.press('Enter');
  // This kiosk has no central (the fixture points it at a closed port): the operation is queued, and says so.
  await expect(page.getByTestId('pack-done')).toHaveText('Carnet 213-001-01-00002 réceptionné. Central injoignable : l’opération est enregistrée et partira à la prochaine synchronisation.');
  await expect(page.getByTestId('pack-213-001-01-00002').getByTestId('pack-state')).toHaveText('Réceptionné');
  await expect(inventory.getByTestId('inv-received')).toHaveText('2');

  // Receiving it twice is refused plainly.
  await page.keyboard.type('213-001-01-00002', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pack-error')).toContainText('déjà été réceptionné');

  await page.getByTestId('pack-mode-activate').click();
  await expect(page.getByTestId('pack-mode-activate')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('pack-ref')).toBeFocused();
  // Activation asks first, naming the pack the scanned ticket belongs to; Escape cancels and changes nothing.
  await wedgeScan(page, ticket.barcodes.inventory);
  const activateDialog = page.getByTestId('pack-confirm-activate');
  await expect(activateDialog).toBeVisible();
  await expect(activateDialog.getByRole('heading')).toHaveText('Activer le carnet 213-001-01-00002 ?');
  await expect(activateDialog.getByTestId('pack-confirm-what')).toHaveText('Ses tickets seront mis en vente et pourront être payés à ce guichet.');
  await expect(activateDialog.getByTestId('pack-confirm-ok')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(activateDialog).toHaveCount(0);
  await expect(page.getByTestId('pack-ref')).toBeFocused();
  await expect(page.getByTestId('pack-213-001-01-00002').getByTestId('pack-state')).toHaveText('Réceptionné');
  await expect(inventory.getByTestId('inv-active')).toHaveText('1');
  // Scanned again, Enter confirms.
  await wedgeScan(page, ticket.barcodes.inventory);
  await expect(activateDialog.getByTestId('pack-confirm-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(activateDialog).toHaveCount(0);
  await expect(page.getByTestId('pack-done')).toHaveText('Carnet 213-001-01-00002 activé : ses tickets sont en vente. Central injoignable : l’opération est enregistrée et partira à la prochaine synchronisation.');
  await expect(page.getByTestId('pack-213-001-01-00002').getByTestId('pack-state')).toHaveText('Actif');
  await expect(inventory.getByTestId('inv-active')).toHaveText('2');
  await expect(inventory.getByTestId('inv-left')).toHaveText('200');
  await screenshot(page, 'packs-activated');

  // The manager sees return and settle, and the row buttons that go with each state.
  await page.keyboard.press('F12');
  await page.getByTestId('operator-Marie').click();
  await page.keyboard.type('123456', { delay: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-operator')).toContainText('Marie');
  await expect(page).toHaveURL(/#\/validate$/);
  await openScreen(page, 'F4', 'packs');
  const returned = page.getByTestId('pack-213-001-01-00001');
  // The return asks first, says it is final and what becomes of the tickets, and wants a reason.
  await returned.getByTestId('pack-row-return').click();
  const returnDialog = page.getByTestId('pack-confirm-return');
  await expect(returnDialog.getByRole('heading')).toHaveText('Retourner le carnet 213-001-01-00001 à la loterie ?');
  await expect(returnDialog.getByTestId('pack-confirm-what')).toHaveText(
    'Le retour est définitif, il ne peut pas être annulé : les tickets non vendus du carnet repartent à la loterie et ne pourront plus être vendus ni payés.',
  );
  await expect(returnDialog.getByTestId('pack-return-reason')).toBeFocused();
  await screenshot(page, 'packs-return-confirm');
  // Escape cancels: nothing changed.
  await page.keyboard.press('Escape');
  await expect(returnDialog).toHaveCount(0);
  await expect(returned.getByTestId('pack-state')).toHaveText('Réceptionné');
  await expect(inventory.getByTestId('inv-returned')).toHaveText('0');
  // The cancel button too.
  await returned.getByTestId('pack-row-return').click();
  await returnDialog.getByTestId('pack-confirm-cancel').click();
  await expect(returnDialog).toHaveCount(0);
  await expect(returned.getByTestId('pack-state')).toHaveText('Réceptionné');
  // Enter without a reason is refused in the dialog, which stays open.
  await returned.getByTestId('pack-row-return').click();
  await expect(returnDialog.getByTestId('pack-return-reason')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(returnDialog.getByTestId('pack-return-reason-error')).toHaveText('Indiquez le motif du retour : il est inscrit au journal avec le retour.');
  await expect(returned.getByTestId('pack-state')).toHaveText('Réceptionné');
  // With a reason, Enter returns it.
  await page.keyboard.type('carnet abimé', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(returnDialog).toHaveCount(0);
  await expect(page.getByTestId('pack-done')).toContainText('Carnet 213-001-01-00001 retourné.');
  await expect(returned.getByTestId('pack-state')).toHaveText('Retourné');
  await expect(inventory.getByTestId('inv-returned')).toHaveText('1');
  await expect(inventory.getByTestId('inv-received')).toHaveText('0');
  await screenshot(page, 'packs-manager');

  // The reason is in the journal, with the return.
  await openScreen(page, 'F6', 'journal');
  await page.getByTestId('journal-type').selectOption('pack.return');
  const entries = page.getByTestId('journal-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('213-001-01-00001');
  await expect(entries.first()).toContainText('motif carnet abimé');
  await openScreen(page, 'F4', 'packs');

  // The same screen in English.
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('packs-screen').getByRole('heading', { level: 1 })).toHaveText('Ticket packs');
  await expect(page.getByTestId('pack-213-001-01-00001').getByTestId('pack-state')).toHaveText('Returned');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('packs-screen').getByRole('heading', { level: 1 })).toHaveText('Carnets de tickets');
});

test.describe('a pack the lottery stop-lists', () => {
  // The stop list comes from central only: the live demo central puts the pack on it, the terminal gets it by its feed.
  test.use({ liveCentral: true });
  test.setTimeout(240_000);

  test('reads "stop-listed" with its reason in the warning tone, is not stock, and cannot be activated', async ({ page, kiosk }) => {
    await expect.poll(() => kiosk.startOutput).toMatch(/demo central: http:\/\/127\.0\.0\.1:\d+/);
    await page.goto(kiosk.url);
    await login(page, 'Marie', '123456');
    await openScreen(page, 'F4', 'packs');
    const inventory = page.getByTestId('inventory-annee-chance-2013');
    await expect(page.getByTestId('pack-213-001-01-00000').getByTestId('pack-state')).toHaveText('Actif');
    await expect(inventory.getByTestId('inv-active')).toHaveText('1');
    await expect(inventory.getByTestId('inv-left')).toHaveText('100');

    const centralDir = path.join(kiosk.dataDir, 'demo-central');
    for (const pack of ['213-001-01-00000', '213-001-01-00001']) {
      const r = spawnSync(process.execPath, [guichet, 'central', 'stoplist', 'add', pack, '--reason', 'volé', '--data', centralDir, '--json'], { encoding: 'utf8', env: { ...process.env, GUICHET_DATABASE_URL: '' } });
      expect(r.status, r.stderr).toBe(0);
    }
    const stopped = (): number => {
      const db = new Database(path.join(kiosk.dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM stop_list WHERE pack IS NOT NULL').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    await expect.poll(stopped, { timeout: 90_000 }).toBe(2);

    // The screen lists the packs afresh when opened.
    await openScreen(page, 'F2', 'validate');
    await openScreen(page, 'F4', 'packs');
    const active = page.getByTestId('pack-213-001-01-00000');
    await expect(active.getByTestId('pack-state')).toHaveText('En opposition');
    await expect(active.getByTestId('pack-state')).toHaveClass(/tag-warn/);
    await expect(active.getByTestId('pack-stop-reason')).toHaveText('Sur la liste d’opposition de la loterie : volé. Ni vente ni paiement.');
    const received = page.getByTestId('pack-213-001-01-00001');
    await expect(received.getByTestId('pack-state')).toHaveText('En opposition');
    await expect(received.getByTestId('pack-row-activate')).toHaveCount(0);
    await expect(inventory.getByTestId('inv-active')).toHaveText('0');
    await expect(inventory.getByTestId('inv-received')).toHaveText('0');
    await expect(inventory.getByTestId('inv-left')).toHaveText('0');
    await expect(inventory.getByTestId('inv-stop-listed')).toHaveText('2 carnets en opposition : hors stock, ni vendus ni payés');
    await screenshot(page, 'packs-stop-listed');

    await page.getByTestId('language-switch').click();
    await expect(active.getByTestId('pack-state')).toHaveText('Stop-listed');
    await expect(inventory.getByTestId('inv-stop-listed')).toHaveText('2 packs stop-listed: out of stock, neither sold nor paid');
  });
});
