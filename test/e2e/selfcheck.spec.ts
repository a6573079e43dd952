/**
 * The self-check kiosk end to end in the browser host: a player scans a loser, a winner (amount in
 * figures and words, the ticket drawn, "present it at the counter"), the inventory barcode ("scratch it
 * first"); the screen clears at each scan and goes back to the attract screen by itself; past the
 * rate limit the player is asked to wait. No operator, no counter method, and the journal counts the
 * checks without their codes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { euroAmountInWords } from '../../games/french-words.js';
import { svgToPng } from '../../render/ticket-png.js';
import { englishEuroWords } from '../../main/services/selfcheck/amount-words.js';
import { callApi, screenshot, wedgeScan, type DemoUnit } from './kiosk.js';
import { CHECK_LIMIT, RESET_SECONDS, test, expect, type SelfCheckKiosk } from './selfcheck-kiosk.js';

function one(kiosk: SelfCheckKiosk, game: string, fits: (u: DemoUnit) => boolean): DemoUnit {
  const u = kiosk.units(game).find(fits);
  if (!u) throw new Error(`no demo ${game} unit fits`);
  return u;
}

/** Every Code 128 symbol zbarimg reads in a picture. */
function barcodesIn(png: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-selfcheck-photo-'));
  try {
    const file = path.join(dir, 'screen.png');
    writeFileSync(file, png);
    return execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Scode128.enable', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } catch {
    return []; // zbarimg exits non-zero when it finds nothing
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

test('a player checks a loser, a winner and an unscratched ticket, alone; the screen clears and returns to the attract screen; past the limit, please wait', async ({ page, selfcheck }) => {
  test.setTimeout(120_000);
  const loser = one(selfcheck, 'happy-2014', (u) => u.prize_cents === 0);
  const winner = one(selfcheck, 'millionnaire', (u) => u.prize_cents >= 1_000 && u.prize_cents <= 30_000 && u.prize_cents % 100 === 0);
  const unscratched = one(selfcheck, 'millionnaire', (u) => u.prize_cents > 0 && u.unit !== winner.unit);

  await page.goto(selfcheck.url);
  const screen = page.getByTestId('selfcheck');
  const attract = page.getByTestId('selfcheck-attract');
  await expect(attract).toBeVisible();
  await expect(page.getByTestId('pin-input')).toHaveCount(0);
  await screenshot(page, 'selfcheck-attract');

  // Nothing else is reachable, whatever the page asks: the host answers only the self-check API.
  for (const [method, input] of [
    ['auth.login', { name: 'Camille', pin: '2222' }],
    ['ticket.check', { barcode: winner.barcodes.validation }],
    ['app.info', {}],
    ['scanner.feed', { data: winner.barcodes.validation }],
  ] as const) {
    const r = await callApi(page, method, input);
    expect(r.ok, method).toBe(false);
    expect(r.error?.code, method).toBe('self-check-mode');
  }

  // A loser: no amount, the ticket drawn.
  await wedgeScan(page, loser.barcodes.validation);
  const result = page.getByTestId('selfcheck-result');
  await expect(result).toHaveAttribute('data-kind', 'loser');
  await expect(page.getByTestId('selfcheck-headline')).toHaveText('Pas gagnant cette fois');
  await expect(page.getByTestId('selfcheck-amount')).toHaveCount(0);
  await expect(page.getByTestId('selfcheck-picture')).toBeVisible();
  await screenshot(page, 'selfcheck-loser');

  // A winner: figures and words, "present it at the counter", the ticket with its winning zones.
  await wedgeScan(page, winner.barcodes.validation);
  await expect(result).toHaveAttribute('data-kind', 'winner');
  await expect(page.getByTestId('selfcheck-amount')).toHaveText(euros(winner.prize_cents));
  await expect(page.getByTestId('selfcheck-words')).toHaveText(euroAmountInWords(winner.prize_cents));
  await expect(page.getByTestId('selfcheck-sub')).toHaveText('Présentez-le au comptoir pour être payé.');
  await expect(page.getByTestId('selfcheck-ticket')).toContainText(winner.unit);
  expect(await page.getByTestId('selfcheck-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100 && img.src.startsWith('data:image/svg+xml'))).toBe(true);
  await screenshot(page, 'selfcheck-winner');
  // A public screen: the ticket drawn there, at its full size, shows its inventory barcode, never the one that pays.
  const src = await page.getByTestId('selfcheck-picture').getAttribute('src');
  const photo = barcodesIn(svgToPng(decodeURIComponent((src ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))));
  expect(photo).toContain(winner.barcodes.inventory);
  expect(photo).not.toContain(winner.barcodes.validation);

  // The language button: English, words included.
  await page.getByTestId('selfcheck-language').click();
  await expect(page.getByTestId('selfcheck-headline')).toHaveText('Winning ticket!');
  await expect(page.getByTestId('selfcheck-words')).toHaveText(englishEuroWords(winner.prize_cents));
  await expect(page.getByTestId('selfcheck-sub')).toHaveText('Present it at the counter to be paid.');
  await screenshot(page, 'selfcheck-winner-en');

  // The inventory barcode: scratch it first; the winner's amount is gone from the screen.
  await wedgeScan(page, unscratched.barcodes.inventory);
  await expect(result).toHaveAttribute('data-kind', 'scratch-first');
  await expect(page.getByTestId('selfcheck-headline')).toHaveText('Scratch your ticket first');
  await expect(page.getByTestId('selfcheck-amount')).toHaveCount(0);
  await expect(page.getByTestId('selfcheck-words')).toHaveCount(0);
  await expect(page.getByTestId('selfcheck-picture')).toHaveCount(0);
  await expect(screen).not.toContainText((winner.prize_cents / 100).toFixed(2));
  await screenshot(page, 'selfcheck-scratch-first');

  // Left alone, the screen goes back to the attract screen, in the terminal's language.
  await expect(attract).toBeVisible({ timeout: (RESET_SECONDS + 10) * 1000 });
  await expect(page.getByTestId('selfcheck-result')).toHaveCount(0);
  await expect(page.getByTestId('selfcheck-language')).toHaveText('English');

  // The fourth check of the minute still goes through; the fifth is asked to wait.
  await wedgeScan(page, loser.barcodes.validation);
  await expect(result).toHaveAttribute('data-kind', 'loser');
  await wedgeScan(page, winner.barcodes.validation);
  await expect(page.getByTestId('selfcheck-wait')).toBeVisible();
  await expect(page.getByTestId('selfcheck-result')).toHaveCount(0);
  await expect(page.getByTestId('selfcheck-wait')).toContainText('Veuillez patienter');
  const seconds = Number(await page.getByTestId('selfcheck-wait-seconds').getAttribute('data-seconds'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  await screenshot(page, 'selfcheck-wait');

  // The journal counts the checks, by verdict, without an operator and without any barcode.
  const checks = selfcheck.journal().filter((e) => e.type === 'selfcheck.checked');
  expect(checks.map((e) => (JSON.parse(e.payload) as { verdict: string }).verdict)).toEqual(['loser', 'winner', 'scratch-first', 'loser']);
  expect(checks).toHaveLength(CHECK_LIMIT);
  for (const e of checks) {
    expect(e.operator).toBeNull();
    for (const code of [loser.barcodes.validation, winner.barcodes.validation, unscratched.barcodes.inventory]) expect(e.payload).not.toContain(code);
    expect(e.payload).not.toContain(String(winner.prize_cents));
  }
});
