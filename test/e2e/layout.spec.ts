/**
 * Layouts that hold on common counter screens (issue 14, finding 12): the main scenarios at 1024×768
 * and 1280×800, in French and in English; a primary button covered, off screen or with its text
 * sticking out fails. `npm run screens` adds 1280×800 and writes the screenshots at 1024×768 to
 * docs/screens/*-1024.png.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, expectUsable, wedgeScan, login, openScreen, callApi, type DemoUnit, type Kiosk, gotoDisplay, sellDigitalUnit } from './kiosk.js';

// The shop floor as `npm start` shows it: central connected. (KNOWN ISSUE: with central offline the
// status bar's longer text, "Central : hors ligne · contact il y a 2 min", wraps at 1024×768 and covers
// the sale's key hints; to fix in the status bar, then run these both ways.)
test.use({ liveCentral: true });

const docs = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screens');
// The gate checks the tightest counter screen (and 1024×700 for the play boards below); `npm run screens`
// (GUICHET_SCREENS=1) adds 1280×800 and writes the docs' screenshots.
const SIZES = process.env.GUICHET_SCREENS
  ? ([
      { width: 1024, height: 768 },
      { width: 1280, height: 800 },
    ] as const)
  : ([{ width: 1024, height: 768 }] as const);

function one(kiosk: Kiosk, game: string, pick: (u: DemoUnit) => boolean): DemoUnit {
  const u = kiosk.units(game).find(pick);
  if (!u) throw new Error(`no demo unit of ${game} fits`);
  return u;
}

async function shot(page: Page, width: number, language: string, name: string): Promise<void> {
  if (process.env.GUICHET_SCREENS && width === 1024 && language === 'fr') await page.screenshot({ path: path.join(docs, `${name}-1024.png`) });
}

for (const size of SIZES) {
  for (const language of ['fr', 'en'] as const) {
    test(`${size.width}×${size.height} ${language}: login, validation, sale and the manager's bar are all usable`, async ({ page, kiosk }) => {
      await page.setViewportSize(size);
      const winner = one(kiosk, 'happy-2014', (u) => u.prize_cents > 0 && u.prize_cents <= 1_000);
      const big = one(kiosk, 'millionnaire', (u) => u.prize_cents >= 2_000);
      const units = kiosk.units('annee-chance-2013');
      await page.goto(kiosk.url);
      await expectUsable(page.getByTestId('operator-Camille'), 'operator card');
      await shot(page, size.width, language, 'login');
      await page.getByTestId('operator-Marie').click();
      await expectUsable(page.getByTestId('pinpad-ok'), 'PIN OK key');
      await page.getByTestId('login-back').click();
      await login(page, 'Marie', '123456');
      if (language === 'en') {
        await page.getByTestId('language-switch').click();
        await expect(page.getByTestId('nav-validate')).toContainText('Validate');
      }
      // The manager's bar: every screen and Quitter in sight.
      for (const id of ['validate', 'sell', 'packs', 'cash', 'journal', 'diagnostics', 'settings']) await expectUsable(page.getByTestId(`nav-${id}`), `nav ${id}`);
      await expectUsable(page.getByTestId('logout'), 'logout');
      await expectUsable(page.getByTestId('language-switch'), 'language switch');
      await expectUsable(page.getByTestId('check-button'), 'check button');
      await placeholderFits(page, 'validation-input');

      expect((await callApi(page, 'cash.open', { float_cents: 10_000 })).ok).toBe(true);
      expect((await callApi(page, 'settings.update', { payout_limit_cents: 1_500 })).ok).toBe(true);
      await expect(page.getByTestId('status-cash')).toHaveAttribute('class', /tone-ok/);
      await wedgeScan(page, winner.barcodes.validation);
      await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
      await expectUsable(page.getByTestId('pay-button'), 'pay button');
      await expectUsable(page.getByTestId('next-button'), 'next button');
      await shot(page, size.width, language, 'validate-winner');
      await wedgeScan(page, big.barcodes.validation);
      await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'above-limit');
      await expectUsable(page.getByTestId('claim-button'), 'claim button');
      await shot(page, size.width, language, 'validate-claim');

      await openScreen(page, 'F3', 'sell');
      await expect(page.getByTestId('sell-scan')).toBeFocused();
      await placeholderFits(page, 'sell-scan');
      for (const u of units.slice(40, 43)) await wedgeScan(page, u.barcodes.inventory);
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      await page.getByTestId('sell-exact').click();
      await expectUsable(page.getByTestId('sell-complete'), 'Encaisser');
      await expectUsable(page.getByTestId('sell-scan'), 'scan field');
      // The key hints stay above the status bar (finding 12, 1280×800).
      await page.getByTestId('sell-tendered').evaluate((el) => el.closest('.screen')?.scrollTo(0, 0));
      await expectUsable(page.getByTestId('sell-complete'), 'Encaisser, screen scrolled to its top');
      await expectUsable(page.getByTestId('sell-keys'), 'key hints');
      await shot(page, size.width, language, 'sell-cart');
      // The cart's game names stay on few lines: a cell no taller than three lines of text.
      const cell = page.getByTestId('cart-line').first().locator('td').first();
      expect(await cell.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '20'))).toBeLessThan(3.5);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('sale-done')).toBeVisible();
      await expectUsable(page.getByTestId('sale-next'), 'next sale');
      // The manager's list of the session's sales: each ticket number whole on one line (#25: cut at a dash).
      await page.getByTestId('sell-show-sales').click();
      await expect(page.getByTestId('session-ticket')).toHaveCount(3);
      for (const el of await page.getByTestId('session-ticket').all()) {
        await el.scrollIntoViewIfNeeded();
        const lines = await el.evaluate((e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight));
        expect(lines, `${await el.textContent()} on one line`).toBeLessThan(1.5);
        await expectUsable(el, 'a sold ticket number');
      }
    });
  }
}

/** The field's placeholder is read whole: its text, in the field's font, fits inside the field (#25: cut at 1024×768). */
async function placeholderFits(page: Page, id: string): Promise<void> {
  const r = await page.getByTestId(id).evaluate((el) => {
    const input = el as HTMLInputElement;
    const s = getComputedStyle(input, '::placeholder');
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return { text: Infinity, room: 0, placeholder: input.placeholder };
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    ctx.letterSpacing = s.letterSpacing === 'normal' ? '0px' : s.letterSpacing;
    const own = getComputedStyle(input);
    return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight), placeholder: input.placeholder };
  });
  expect(r.placeholder.length, `${id} has a placeholder`).toBeGreaterThan(0);
  expect(r.text, `${id}: the placeholder "${r.placeholder}" fits its field`).toBeLessThanOrEqual(r.room);
}

/** Scrolls an element of a long screen into view, then checks nothing covers or clips it. */
async function usable(page: Page, id: string, what = id): Promise<void> {
  const el = page.getByTestId(id).first();
  await el.scrollIntoViewIfNeeded();
  await expectUsable(el, what);
}

/** The status bar holds on one line: all its items side by side, each usable. */
async function statusBarOnOneLine(page: Page): Promise<void> {
  for (const id of ['status-operator', 'status-connection', 'status-outbox', 'status-printer', 'status-cash']) await expectUsable(page.getByTestId(id), id);
  const tops = await page.locator('.status-bar .status-item').evaluateAll((items) => [...new Set(items.map((i) => Math.round(i.getBoundingClientRect().top)))]);
  expect(tops, 'status bar items on one line').toHaveLength(1);
}

/** The process has exited (no such process, or a zombie its parent has not reaped yet). */
function processGone(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The process id of the demo central this kiosk started (`guichet central serve --data DATA/demo-central`). */
function demoCentralPid(dataDir: string): number {
  const dir = path.join(dataDir, 'demo-central');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('serve') && args.includes(dir)) return Number(entry);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  throw new Error(`no demo central serving ${dir}`);
}

for (const size of SIZES) {
  for (const language of ['fr', 'en'] as const) {
    test(`${size.width}×${size.height} ${language}: packs, till (X/Z), settings, diagnostics, digital sale and the status bar online and offline are all usable`, async ({ page, kiosk }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      await page.goto(kiosk.url);
      await login(page, 'Marie', '123456');
      if (language === 'en') {
        await page.getByTestId('language-switch').click();
        await expect(page.getByTestId('nav-validate')).toContainText('Validate');
      }
      await expect(page.getByTestId('status-connection')).toHaveText(language === 'fr' ? 'Central : connecté' : 'Central: online', { timeout: 30_000 });
      await statusBarOnOneLine(page);

      // Packs: the reference field, the operation and its button, a pack's own buttons.
      await page.getByTestId('nav-packs').click();
      await expect(page.getByTestId('packs-screen')).toBeVisible();
      for (const id of ['pack-ref', 'pack-submit', 'pack-row-activate']) await usable(page, id);
      // Enrolled: central settles the packs, so no Régler tab that would only be refused (#25).
      await expect(page.getByTestId('pack-mode-return')).toBeVisible();
      await expect(page.getByTestId('pack-mode-settle')).toHaveCount(0);
      await expect(page.getByTestId('packs-settled-by-central')).toBeVisible();
      await placeholderFits(page, 'pack-ref');
      await shot(page, size.width, language, 'packs');

      // The till: opening it, then X, cash moves and the Z with its count.
      await page.getByTestId('nav-cash').click();
      await expect(page.getByTestId('cash-screen')).toBeVisible();
      await usable(page, 'cash-float', 'float field');
      await usable(page, 'cash-float-ok', 'open the till');
      await page.getByTestId('cash-float').fill('100');
      await page.getByTestId('cash-float-ok').click();
      await expect(page.getByTestId('cash-session')).toBeVisible();
      await expect(page.getByTestId('status-cash')).toHaveAttribute('class', /tone-ok/);
      for (const p of ['x', 'move', 'z']) await usable(page, `cash-panel-${p}`);
      await page.getByTestId('cash-panel-x').click();
      await usable(page, 'cash-x', 'X report');
      await page.getByTestId('cash-x').click();
      await expect(page.getByTestId('report-title')).toBeVisible();
      await usable(page, 'cash-x-print', 'print the X');
      await shot(page, size.width, language, 'cash-x');
      await page.getByTestId('cash-panel-move').click();
      for (const id of ['cash-move-in', 'cash-move-out', 'cash-move-amount', 'cash-move-reason', 'cash-move-submit']) await usable(page, id);
      await page.getByTestId('cash-panel-z').click();
      await usable(page, 'cash-counted', 'counted cash');
      await usable(page, 'cash-counted-ok', 'close the till');
      // The weekly statements: a row of the screen's whole width under the cards, both weeks side by
      // side, each figure and its print button in sight (#25: squeezed into the 400 px column).
      await page.getByTestId('cash-panel-statement').click();
      await usable(page, 'statement-load', 'ask for the statements');
      await page.getByTestId('statement-load').click();
      await expect(page.getByTestId('statement-previous')).toBeVisible({ timeout: 30_000 });
      const [row, screen] = await Promise.all([page.getByTestId('cash-statement').boundingBox(), page.getByTestId('cash-screen').boundingBox()]);
      expect(row!.width, "the statements take the screen's width").toBeGreaterThan(screen!.width * 0.95);
      const [current, previous] = await Promise.all([page.getByTestId('statement-current').boundingBox(), page.getByTestId('statement-previous').boundingBox()]);
      expect(Math.round(previous!.y), 'the two weeks side by side').toBe(Math.round(current!.y));
      for (const which of ['current', 'previous']) {
        for (const id of [`statement-${which}-sales`, `statement-${which}-payouts`, `statement-${which}-due-row`, `statement-${which}-print`]) await usable(page, id);
      }
      await page.getByTestId('cash-statement').scrollIntoViewIfNeeded();
      await shot(page, size.width, language, 'cash-statement');

      // Settings: limit, language, operators; the devices on their own screen.
      await page.getByTestId('nav-devices').click();
      await expect(page.getByTestId('devices-screen')).toBeVisible();
      for (const id of ['settings-printer-uri', 'settings-scanner-new', 'settings-scanner-add', 'settings-devices-save']) await usable(page, id);
      await page.getByTestId('nav-settings').click();
      await expect(page.getByTestId('settings-screen')).toBeVisible();
      for (const id of ['settings-limit-input', 'settings-limit-save', 'settings-language-fr', 'settings-language-en', 'settings-devices-open', 'settings-operators']) await usable(page, id);
      await page.getByTestId('settings-screen').evaluate((el) => el.closest('.screen')?.scrollTo(0, 0));
      await shot(page, size.width, language, 'settings');

      // Diagnostics: every action button, the central link's state.
      await page.getByTestId('nav-diagnostics').click();
      await expect(page.getByTestId('diagnostics-screen')).toBeVisible();
      for (const id of ['diag-refresh', 'diag-central-state', 'diag-printer-status', 'diag-test-page', 'diag-integrity-run', 'diag-bundle-export']) await usable(page, id);
      await page.getByTestId('diagnostics-screen').evaluate((el) => el.closest('.screen')?.scrollTo(0, 0));
      await shot(page, size.width, language, 'diagnostics');

      // A digital sale, played with Jouer and Auto.
      await openScreen(page, 'F3', 'sell');
      await usable(page, 'basket-add-happy-2014', 'add Happy 2014');
      await usable(page, 'basket-add-millionnaire', 'add Millionnaire');
      await sellDigitalUnit(page, 'happy-2014');
      await expect(page.getByTestId('cashier-play')).toBeVisible({ timeout: 30_000 });
      await usable(page, 'digital-play', 'Jouer');
      await usable(page, 'digital-auto', 'Auto');
      await page.getByTestId('digital-play').click();
      await shot(page, size.width, language, 'digital');
      await page.getByTestId('digital-auto').click();
      await expect(page.getByTestId('cashier-play')).toHaveAttribute('data-finished', 'yes');
      await usable(page, 'digital-replay', 'replay');
      await usable(page, 'digital-reprint', 'reprint');

      // Central down: offline, events waiting; the bar still holds on one line.
      // Gone, not going: a central shutting down still answers the requests of open connections.
      const centralPid = demoCentralPid(kiosk.dataDir);
      process.kill(centralPid, 'SIGTERM');
      await expect.poll(() => processGone(centralPid), { message: 'the demo central has exited', timeout: 60_000 }).toBe(true);
      const units = kiosk.units('annee-chance-2013');
      await page.getByTestId('sell-scan').focus();
      await wedgeScan(page, units[60]!.barcodes.inventory);
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await page.getByTestId('sell-exact').click();
      await page.getByTestId('sell-complete').click();
      await expect(page.getByTestId('sale-done')).toBeVisible();
      // The finished sale's receipt does not cover its cart.
      await usable(page, 'cart-ticket', 'ticket number of the sold cart');
      await usable(page, 'receipt-picture', 'receipt as printed');
      await expect(page.getByTestId('status-connection')).toContainText(language === 'fr' ? 'hors ligne' : 'offline', { timeout: 60_000 });
      await expect(page.getByTestId('status-outbox')).toHaveAttribute('class', /tone-warn/, { timeout: 30_000 });
      // The digital part says the link is down before anyone presses Vendre.
      await expect(page.getByTestId('digital-link')).toHaveAttribute('data-link', 'offline');
      await expect(page.getByTestId('digital-link')).toContainText(language === 'fr' ? 'Central hors ligne' : 'Central offline');
      await statusBarOnOneLine(page);
      await shot(page, size.width, language, 'status-offline');
      // A winner checked with central down: the verdict says offline payout and the allowance left, all in sight (#25).
      await openScreen(page, 'F2', 'validate');
      await wedgeScan(page, one(kiosk, 'happy-2014', (u) => u.prize_cents > 0 && u.prize_cents <= 1_000).barcodes.validation);
      await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
      await expect(page.getByTestId('verdict-headline')).toHaveText(language === 'fr' ? 'Central hors ligne : paiement hors ligne' : 'Central offline: offline payout');
      await expect(page.getByTestId('verdict-detail')).toContainText(language === 'fr' ? 'payables hors ligne' : 'left payable offline');
      await expect(page.getByTestId('verdict-detail')).toContainText(language === 'fr' ? /pendant encore (\d+ heures?|moins d’une heure) ;/ : /for (\d+ more hours?|less than an hour);/);
      for (const id of ['verdict-headline', 'verdict-detail', 'pay-button']) await usable(page, id);
    });
  }
}

/** The page of a screen does not scroll: everything it shows is within the window. */
async function expectNoScroll(page: Page, what: string): Promise<void> {
  const sizes = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth, vh: innerHeight, vw: innerWidth }));
  expect(sizes.height, `${what}: page height within the window`).toBeLessThanOrEqual(sizes.vh);
  expect(sizes.width, `${what}: page width within the window`).toBeLessThanOrEqual(sizes.vw);
}

/** The display's unit picture drawn at least `least` of its natural size (its amounts stay readable). */
async function pictureReadable(page: Page, what: string, least: number): Promise<void> {
  const size = await page.getByTestId('display-play-picture').evaluate((img: HTMLImageElement) => ({ shown: img.getBoundingClientRect().height, natural: img.naturalHeight }));
  expect(size.natural, `${what}: drawn`).toBeGreaterThan(0);
  expect(size.shown / size.natural, `${what}: scale`).toBeGreaterThanOrEqual(least);
}

/** A finished play board: itself, its result and every zone in sight, none covered nor with text sticking out. */
async function boardUsable(page: Page, board: string, what: string): Promise<void> {
  await expectUsable(page.getByTestId(board), what);
  await expectUsable(page.getByTestId(`${board}-result`), `${what}: result`);
  const zones = page.getByTestId(board).locator('.play-zone');
  for (let i = 0; i < (await zones.count()); i++) await expectUsable(zones.nth(i), `${what}: zone ${i + 1}`);
}

// A small counter screen with the browser's chrome (1024×700) and a common one (1024×768): the digital
// play boards hold without scrolling on the cashier's sell screen and on the customer display, which
// speaks the terminal's language.
for (const size of [{ width: 1024, height: 700 }, ...SIZES] as const) {
  for (const language of ['fr', 'en'] as const) {
    test(`${size.width}×${size.height} ${language}: the Millionnaire and Happy 2014 play boards fit the sell screen and the customer display, in the terminal's language`, async ({ page, kiosk }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      await page.goto(kiosk.url);
      await login(page, 'Marie', '123456');
      await expect(page.getByTestId('status-connection')).toHaveClass(/tone-ok/, { timeout: 30_000 });
      if (language === 'en') {
        // The operator's language (the cashier's screen) and the terminal's (the customer display).
        await page.getByTestId('language-switch').click();
        await expect(page.getByTestId('nav-validate')).toContainText('Validate');
        expect((await callApi(page, 'settings.update', { language: 'en' })).ok).toBe(true);
      }
      expect((await callApi(page, 'cash.open', { float_cents: 20_000 })).ok).toBe(true);
      const display = await page.context().newPage();
      await display.setViewportSize(size);
      await gotoDisplay(display, `${new URL(kiosk.url).origin}/#/display`);
      await expect(display.getByTestId('customer-display')).toHaveAttribute('data-kind', 'idle');
      await page.bringToFront();
      await openScreen(page, 'F3', 'sell');
      const words =
        language === 'fr'
          ? { game: 'Jeu 1', month: 'mois', result: /^(Gagné : |Pas gagnant cette fois$)/, not: ['Game 1', 'month', 'Won', 'No prize'] }
          : { game: 'Game 1', month: 'month', result: /^(Won: |No prize this time$)/, not: ['Jeu', 'Janvier', 'mois', 'Gagné', 'Pas gagnant', 'Unité'] };

      for (const game of ['millionnaire', 'happy-2014'] as const) {
        await sellDigitalUnit(page, game);
        await expect(page.getByTestId('cashier-play')).toHaveAttribute('data-revealed', '0', { timeout: 30_000 });
        // Jouer and Auto come into sight with Jouer focused, the basket's change beside them; Enter
        // plays the first zone and brings the board into sight.
        await expect(page.getByTestId('digital-play')).toBeFocused();
        for (const id of ['digital-play', 'digital-auto', 'digital-change']) await expectUsable(page.getByTestId(id), `${game} ${id}`);
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('cashier-play')).toHaveAttribute('data-revealed', '1');
        await expectUsable(page.getByTestId('cashier-play'), `${game} cashier-play, once played`);
        await page.getByTestId('digital-auto').click();
        await expect(page.getByTestId('cashier-play')).toHaveAttribute('data-finished', 'yes');
        await expectUsable(page.getByTestId('digital-play'), `${game} Jouer, after the play`);
        await boardUsable(page, 'cashier-play', `${game} cashier's board`);

        const shown = display.getByTestId('display-play');
        await expect(shown).toHaveAttribute('data-finished', 'yes');
        await expect(display.getByTestId('display-play-result')).toHaveText(words.result);
        // The game's rule (what to find to win) in the terminal's language, beside the unit drawn like its ticket (issue #25).
        await expect(display.getByTestId('display-play-rule')).toContainText(game === 'millionnaire' ? words.game : words.month);
        for (const w of words.not) await expect(shown, `the display in ${language} has no "${w}"`).not.toContainText(w);
        await expectNoScroll(display, `${game} customer display`);
        for (const id of ['display-play', 'display-play-picture', 'display-play-rule', 'display-play-result']) await expectUsable(display.getByTestId(id), `${game} customer display: ${id}`);
        // Half its size on a counter screen; a little less in a small window with the browser's chrome.
        await pictureReadable(display, `${game} customer display's picture`, size.height < 768 ? 0.45 : 0.5);
        await expectUsable(display.locator('.display-foot'), 'the display foot');
        if (process.env.GUICHET_SCREENS && size.height === 700 && language === 'fr') await display.screenshot({ path: path.join(docs, `digital-display-${game}-1024x700.png`) });
      }
    });
  }
}
