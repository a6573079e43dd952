/**
 * The two digital games at the demo terminal, as `npm start` runs it (`kiosk --demo`, its embedded demo
 * central publishing the demo emissions' digital blocks): a Happy 2014 unit sold and played with Jouer,
 * a Millionnaire unit sold and played with Auto, the customer display in step with the cashier; then a
 * winner paid through the counter's payout path (scan of its validation barcode, online claim at the
 * demo central, the payout receipt).
 *
 * Central hands out block 1's units in order, so the k-th sale of a game is unit k of the demo block;
 * the demo lottery's print data (kiosk.units) says in advance which one wins. When neither first unit
 * wins, the game whose next winner comes first is sold (Auto) up to that winner: a known, bounded count.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect as baseExpect, type Page } from '@playwright/test';
import { callApi, docShot, expect, login, openScreen, test, wedgeScan, type DemoUnit, displayPicture, gotoDisplay, sellDigitalUnit } from './kiosk.js';

const shot = (page: Page, name: string) => docShot(page, name, { fullPage: true });
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
/** The result line of a finished play, French. */
const resultText = (u: DemoUnit) => (u.prize_cents > 0 ? `Gagné : ${euros(u.prize_cents)}` : 'Pas gagnant cette fois');
/** Happy 2014 has twelve months and the bonus box; Millionnaire four games. */
const ZONES = { 'happy-2014': 13, millionnaire: 4 } as const;
/** Extra sales allowed to reach a winner: the demo blocks hold a winner in about one unit in four. */
const MAX_EXTRA_SALES = 40;

test.setTimeout(240_000);

function payoutEntries(dataDir: string): { seq: number; payload: { ticket: string; amount_cents: number; claim_key?: string; offline?: boolean } }[] {
  const db = new Database(path.join(dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { seq: number; payload: string }>("SELECT seq, payload FROM journal WHERE type = 'payout' ORDER BY seq")
      .all()
      .map((r) => ({ seq: r.seq, payload: JSON.parse(r.payload) as { ticket: string; amount_cents: number; claim_key?: string; offline?: boolean } }));
  } finally {
    db.close();
  }
}

function ackedSeq(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { acked_seq: number }>('SELECT acked_seq FROM sync_state').get()?.acked_seq ?? -1;
  } finally {
    db.close();
  }
}

// The demo terminal as `npm start` runs it: with its embedded demo central.
test.use({ liveCentral: true });

test('demo terminal: Happy 2014 (Jouer) and Millionnaire (Auto) sold and played, display in step; a winner paid with an online claim', async ({ page, kiosk }) => {
  const units = { 'happy-2014': kiosk.units('happy-2014'), millionnaire: kiosk.units('millionnaire') };
  const sold = { 'happy-2014': 0, millionnaire: 0 };
  const cashier = page.getByTestId('cashier-play');

  await page.goto(kiosk.url);
  await login(page, 'Marie', '123456');
  await expect(page.getByTestId('status-connection')).toHaveClass(/tone-ok/, { timeout: 30_000 });
  expect((await callApi(page, 'cash.open', { float_cents: 20_000 })).ok).toBe(true);
  const display = await page.context().newPage();
  await display.setViewportSize({ width: 1024, height: 700 });
  await gotoDisplay(display, `${new URL(kiosk.url).origin}/#/display`);
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-kind', 'idle');
  const shown = display.getByTestId('display-play');
  await page.bringToFront();
  await openScreen(page, 'F3', 'sell');

  /** Sells the next unit of `game` at the counter; checks it is the demo block's next unit, on both screens. */
  async function sell(game: keyof typeof units, tendered?: string): Promise<DemoUnit> {
    const unit = units[game][sold[game]];
    if (!unit) throw new Error(`the demo ${game} block has no unit ${sold[game]}`);
    await sellDigitalUnit(page, game, tendered);
    await expect(page.getByTestId('digital-sale-info')).toContainText(unit.unit, { timeout: 30_000 });
    await expect(page.getByTestId('digital-barcode')).toHaveText(unit.barcodes.validation);
    await expect(cashier).toHaveAttribute('data-revealed', '0');
    await expect(display.getByTestId('customer-display')).toHaveAttribute('data-kind', 'digital');
    await expect(shown).toHaveAttribute('data-revealed', '0');
    await expect(shown).toContainText(unit.unit);
    sold[game]++;
    return unit;
  }

  let winnerShown = false;
  /** The play finished on both screens, with the demo lottery's result and its winning zones. */
  async function finished(unit: DemoUnit): Promise<void> {
    for (const board of [cashier, shown]) {
      await expect(board).toHaveAttribute('data-finished', 'yes');
      await expect(board).toHaveAttribute('data-revealed', String(ZONES[unit.game as keyof typeof ZONES]));
    }
    await expect(page.getByTestId('cashier-play-result')).toHaveText(resultText(unit));
    await expect(display.getByTestId('display-play-result')).toHaveText(resultText(unit));
    const picture = await displayPicture(display);
    baseExpect(picture.winningZones, `${unit.unit}: winning zones highlighted only for a winner`).toBe(unit.prize_cents > 0);
    baseExpect(picture.svg, `${unit.unit}: no validation code on the display`).not.toContain(unit.barcodes.validation);
    if (unit.prize_cents > 0 && !winnerShown) {
      await shot(display, 'digital-display-winner');
      winnerShown = true;
    }
  }

  // Happy 2014, tendered 5 €: the unit, its validation barcode, the change, the sale receipt printed.
  const happy = await sell('happy-2014', '5');
  await expect(page.getByTestId('sale-change')).toContainText('2,00');
  await expect(page.getByTestId('receipt-panel')).toHaveAttribute('data-printed', 'yes');
  await page.getByTestId('digital-part').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'digital-sale');
  // Jouer: one zone at a time, the customer display in step with the cashier.
  for (let n = 1; n <= ZONES['happy-2014']; n++) {
    await page.getByTestId('digital-play').click();
    await expect(cashier).toHaveAttribute('data-revealed', String(n));
    await expect(shown).toHaveAttribute('data-revealed', String(n));
  }
  await finished(happy);

  // Millionnaire, the exact price: Auto reveals its four games at once.
  const million = await sell('millionnaire');
  await page.getByTestId('digital-auto').click();
  await finished(million);
  await page.getByTestId('digital-history').locator('summary').click();
  await expect(page.getByTestId('digital-history')).toContainText('(2)');

  // A winner: one of these two, else the game whose next winner comes first, sold (Auto) up to it.
  let winner = [happy, million].find((u) => u.prize_cents > 0);
  if (!winner) {
    const next = (game: keyof typeof units) => units[game].findIndex((u, i) => i >= sold[game] && u.prize_cents > 0);
    const game = next('happy-2014') >= 0 && (next('millionnaire') < 0 || next('happy-2014') <= next('millionnaire')) ? 'happy-2014' : 'millionnaire';
    const target = next(game);
    baseExpect(target - sold[game], `a ${game} winner within ${MAX_EXTRA_SALES} sales`).toBeLessThanOrEqual(MAX_EXTRA_SALES);
    while (!winner) {
      const unit = await sell(game);
      await page.getByTestId('digital-auto').click();
      await finished(unit);
      if (unit.prize_cents > 0) winner = unit;
    }
  }

  // Paid through the counter's payout path: Valider, the validation barcode scanned, Payer.
  await openScreen(page, 'F2', 'validate');
  await expect(page.getByTestId('validation-input')).toBeFocused();
  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
  await expect(page.getByTestId('verdict-ticket')).toHaveText(winner.unit);
  await expect(page.getByTestId('verdict-amount')).toHaveText(euros(winner.prize_cents));
  await expect(display.getByTestId('display-verdict')).toHaveText('Ticket gagnant !');
  await expect(page.getByTestId('pay-button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('receipt-panel')).toHaveAttribute('data-printed', 'yes');
  await expect(page.getByTestId('receipt-title')).toHaveText(`Payé ${euros(winner.prize_cents)}`);
  await expect(display.getByTestId('display-verdict')).toHaveText('Payé');
  await shot(page, 'digital-paid');

  // The payout was claimed online at the demo central (a claim key, not an offline payout), and pushed.
  const payouts = payoutEntries(kiosk.dataDir);
  expect(payouts.map((p) => p.payload.ticket)).toEqual([winner.unit]);
  const [payout] = payouts;
  expect(payout?.payload.amount_cents).toBe(winner.prize_cents);
  expect(payout?.payload.claim_key).toMatch(/^\S{16,}$/);
  expect(payout?.payload.offline).toBeUndefined();
  await expect.poll(() => ackedSeq(kiosk.dataDir), { timeout: 30_000 }).toBeGreaterThanOrEqual(payout?.seq ?? Infinity);

  // Scanned again: already paid, nothing paid twice.
  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'already-paid');
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
});
