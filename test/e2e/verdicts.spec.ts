/**
 * Verdicts whose colour and words say what to do (issue 14, findings 4, 8, 10, 14, 15): a prize already
 * claimed is not a green winner; a winner of a pack this enrolled terminal does not know says central
 * confirms it online, and to receive the pack should it be the shop's (#19); the inventory barcode on
 * the validation screen says so; a check-digit error says the code was misread; Pay is offered only
 * with the till open; the last scans stay in a strip; the scan icon is a drawing; the start-up says
 * where the customer display is.
 */
import { test, expect, wedgeScan, loginWithPad, callApi, type DemoUnit, type Kiosk } from './kiosk.js';

function one(kiosk: Kiosk, game: string, pick: (u: DemoUnit) => boolean): DemoUnit {
  const u = kiosk.units(game).find(pick);
  if (!u) throw new Error(`no demo unit of ${game} fits`);
  return u;
}

test('a claimed prize stops the cashier; never-received pack, inventory barcode and misread code say what to do', async ({ page, kiosk }) => {
  const big = one(kiosk, 'happy-2014', (u) => u.prize_cents >= 2_000);
  // The demo has packs 00000 (active) and 00001 (received) of L'année de la chance; 00002 was never received.
  // A winner of it within the payout limit set below (the demo terminal is enrolled: central decides, online).
  const notReceived = kiosk.units('annee-chance-2013').slice(200, 300).find((u) => u.prize_cents > 0 && u.prize_cents <= 1_000);
  const paper = kiosk.units('annee-chance-2013')[3];
  if (!notReceived || !paper) throw new Error('demo units missing');
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Marie', '123456');
  expect((await callApi(page, 'settings.update', { payout_limit_cents: 1_000 })).ok).toBe(true);
  expect((await callApi(page, 'cash.open', { float_cents: 10_000 })).ok).toBe(true);
  await expect(page.getByTestId('status-cash')).toHaveText('Caisse ouverte');
  await expect(page.getByTestId('validation-input')).toBeFocused();

  await wedgeScan(page, big.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'above-limit');
  await expect(page.getByTestId('verdict')).toHaveClass(/tone-win/);
  await page.getByTestId('claim-button').click();
  await expect(page.getByTestId('receipt-title')).toContainText('Réclamation enregistrée');
  await wedgeScan(page, big.barcodes.validation);
  await expect(page.getByTestId('verdict-headline')).toHaveText('Déjà réclamé');
  await expect(page.getByTestId('verdict')).toHaveClass(/tone-stop/);
  await expect(page.getByTestId('verdict')).not.toHaveClass(/tone-win/);
  await expect(page.getByTestId('claim-button')).toHaveCount(0);

  await wedgeScan(page, notReceived.barcodes.validation);
  await expect(page.getByTestId('verdict-headline')).toHaveText('Gagnant — carnet inconnu ici');
  await expect(page.getByTestId('verdict-detail')).toContainText('le central de la loterie confirme le ticket en ligne');
  await expect(page.getByTestId('verdict-detail')).toContainText('réceptionnez-le');

  await wedgeScan(page, paper.barcodes.inventory);
  await expect(page.getByTestId('verdict-headline')).toHaveText('Code inventaire');
  await expect(page.getByTestId('verdict-detail')).toContainText('grattez');
  await expect(page.getByTestId('verdict-headline')).not.toHaveText(/illisible/i);

  const v = paper.barcodes.validation;
  await wedgeScan(page, `${v.slice(0, -1)}${(Number(v.at(-1)) + 1) % 10}`);
  await expect(page.getByTestId('verdict-headline')).toHaveText('Code mal lu');
  await expect(page.getByTestId('verdict-detail')).toContainText('mal lu ou mal tapé');
  await expect(page.getByTestId('ticket-no-picture')).not.toContainText('n’a pas ouvert');

  // Finding 14: every one of those scans is still in sight, newest first.
  const strip = page.getByTestId('scan-history-item');
  await expect(strip).toHaveCount(5);
  await expect(strip.nth(0)).toContainText('Code mal lu');
  await expect(strip.nth(1)).toContainText('Code inventaire');
  await expect(strip.nth(2)).toContainText('Gagnant — carnet inconnu ici');
  await expect(strip.nth(3)).toContainText('Déjà réclamé');
  // #25: the claim filed is said in the strip, not left as a prize still to claim.
  await expect(strip.nth(4)).toContainText('Réclamation remise');
  await expect(strip.nth(4)).toHaveAttribute('data-settled', 'claimed');
});

test('two fast scans both stay in sight; Pay waits for an open till and says so', async ({ page, kiosk }) => {
  const winner = one(kiosk, 'happy-2014', (u) => u.prize_cents > 0 && u.prize_cents < 30_000);
  const loser = one(kiosk, 'happy-2014', (u) => u.prize_cents === 0);
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Camille', '2222');
  await expect(page.getByTestId('validation-input')).toBeFocused();
  await wedgeScan(page, winner.barcodes.validation);
  await wedgeScan(page, loser.barcodes.validation);
  await expect(page.getByTestId('scan-history-item')).toHaveCount(2);
  await expect(page.getByTestId('scan-history-item').nth(1)).toHaveAttribute('data-verdict', 'winner');
  await expect(page.getByTestId('scan-history-item').nth(0)).toHaveAttribute('data-verdict', 'loser');

  // Finding 10: no "Pay" with the till closed, the reason and the way out instead.
  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
  await expect(page.getByTestId('pay-blocked')).toContainText('La caisse est fermée');
  expect((await callApi(page, 'cash.open', { float_cents: 10_000 })).ok).toBe(true);
  await page.getByTestId('pay-open-cash').click();
  await expect(page.getByTestId('screen-cash')).toBeVisible();
  await page.keyboard.press('F2');
  // #25: back on Valider, the winner is there again with Pay focused: no second scan needed.
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
  await expect(page.getByTestId('pay-button')).toBeFocused();
  await expect(page.getByTestId('pay-blocked')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('receipt-title')).toBeVisible();
  // #25: the paid winner is shown paid in the last scans, and the strip is in sight at 1280×800.
  const paid = page.getByTestId('scan-history-item').first();
  await expect(paid).toHaveAttribute('data-settled', 'paid');
  await expect(paid).toContainText('Payé');
  await expect(paid).toBeInViewport();
  await page.keyboard.press('Escape');
  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'already-paid');

  // Finding 15: the scan icon is a drawing (SVG), not a glyph a font may lack.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('scan-icon').first()).toBeVisible();
  expect(await page.getByTestId('scan-icon').first().evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
});

test('the start-up line gives the customer display its own single-use link, with the display rights only', async ({ page, browser, kiosk }) => {
  const winner = one(kiosk, 'happy-2014', (u) => u.prize_cents > 0 && u.prize_cents < 30_000);
  await expect.poll(() => kiosk.startOutput).toContain('customer display');
  const m = /customer display \(second screen[^)]*\): (\S+)/.exec(kiosk.startOutput);
  expect(m, kiosk.startOutput).not.toBeNull();
  const displayUrl = m?.[1] ?? '';
  const startToken = new URL(kiosk.url).searchParams.get('token') ?? '';
  expect(displayUrl.startsWith(new URL(kiosk.url).origin)).toBe(true);
  expect(displayUrl).not.toContain(startToken);

  // The counter opens with the start-up link, the display (another browser, a second screen) with its own.
  await page.goto(kiosk.url);
  await loginWithPad(page, 'Camille', '2222');
  const screen = await browser.newContext();
  const display = await screen.newPage();
  await display.goto(displayUrl);
  await expect(display).toHaveURL(/\/#\/display$/);
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-kind', 'idle');

  // It follows the counter…
  await expect(page.getByTestId('validation-input')).toBeFocused();
  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
  await expect(display.getByTestId('display-verdict')).toHaveText('Ticket gagnant !');
  // …and can do nothing else: no API call, no cashier events, and its cookie never opens the kiosk.
  const reach = await display.evaluate(async () => {
    const call = await fetch('/api/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'app.info', input: {} }) });
    const events = await fetch('/api/events');
    return [call.status, events.status];
  });
  expect(reach).toEqual([401, 401]);
  await display.goto(new URL(kiosk.url).origin + '/');
  await expect(display.getByRole('alert')).toContainText('not authenticated');

  // Both links are single-use: a third window is refused with either.
  const elsewhere = await browser.newContext();
  const third = await elsewhere.newPage();
  expect((await third.goto(displayUrl))?.status()).toBe(401);
  expect((await third.goto(kiosk.url))?.status()).toBe(401);
  await elsewhere.close();
  await screen.close();
});
