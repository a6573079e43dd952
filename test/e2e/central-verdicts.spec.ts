/**
 * The verdicts that come from the lottery's central, on the cashier's screen and on the customer display
 * (issue 11): paid at another terminal (a second terminal, enrolled with the demo central, claimed it
 * first), a payout made offline waiting for central, and central unreachable above the offline limit
 * (the demo central paused with SIGSTOP: it accepts the connection and never answers); while central is
 * silent, a winner's verdict says offline payout and what is left of the offline allowance before paying.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { formatEuros } from '../../games/money.js';
import { enrol, newTerminalKey, signedRequest } from '../central/support/terminal-client.js';
import { test, expect, wedgeScan, loginWithPad, callApi, openScreen, type DemoUnit, gotoDisplay } from './kiosk.js';

test.setTimeout(360_000);
// The demo's first start sets up a central too: slow on a shared machine.
test.use({ liveCentral: true });

const guichet = path.resolve(import.meta.dirname, '..', '..', 'bin', 'guichet.js');

function central(dir: string, args: string[]): string {
  const r = spawnSync(process.execPath, [guichet, 'central', ...args, '--data', dir, '--json'], { encoding: 'utf8', env: { ...process.env, GUICHET_DATABASE_URL: '' } });
  if (r.status !== 0) throw new Error(`guichet central ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A text as read, its no-break spaces (amounts are never cut at a line's end) as plain ones. */
const plain = (text: string | null): string => (text ?? '').replace(/\u00a0/g, ' ');

/** The offline limit per ticket the terminal holds from central's signed configuration. */
function terminalOfflineLimit(dataDir: string): number | null {
  const db = new Database(path.join(dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare<[], { value_json: string }>("SELECT value_json FROM settings WHERE key = 'central_config'").get();
    const v = row ? (JSON.parse(row.value_json) as Record<string, unknown>).offline_max_ticket_cents : undefined;
    return typeof v === 'number' ? v : null;
  } finally {
    db.close();
  }
}

test('held at another terminal, payout waiting for central, central unreachable above the offline limit: screen and customer display', async ({ page, context, kiosk }) => {
  await expect.poll(() => kiosk.startOutput).toMatch(/demo central: http:\/\/127\.0\.0\.1:\d+/);
  const centralDir = path.join(kiosk.dataDir, 'demo-central');
  const port = Number(readFileSync(path.join(centralDir, 'port'), 'utf8').trim());
  const url = `http://127.0.0.1:${port}`;
  // Winners of the active pack (units 0–99 of L'année de la chance), smallest prizes first.
  const winners = kiosk
    .units('annee-chance-2013')
    .slice(0, 100)
    .filter((u) => u.prize_cents > 0 && u.prize_cents <= 5_000)
    .sort((a, b) => a.prize_cents - b.prize_cents);
  const small = winners[1] as DemoUnit;
  const big = winners.at(-1) as DemoUnit;
  const elsewhere = winners[0] as DemoUnit;
  expect(big.prize_cents).toBeGreaterThan(small.prize_cents);

  // A second terminal of another shop enrols with the demo central and claims a winner first.
  const { code } = JSON.parse(central(centralDir, ['terminal', 'add', '--id', 'E2E-T2', '--retailer', 'Autre boutique'])) as { code: string };
  const other = newTerminalKey();
  expect((await enrol(url, code, other)).status).toBe(200);
  const claim = await signedRequest<{ verdict: string }>(url, other, 'POST', '/v1/claim', { barcode: elsewhere.barcodes.validation, claim_key: randomBytes(12).toString('base64url') });
  expect(claim.json.verdict).toBe('claimed');

  await page.goto(kiosk.url);
  await loginWithPad(page, 'Marie', '123456');
  expect((await callApi(page, 'cash.open', { float_cents: 50_000 })).ok).toBe(true);
  const display = await context.newPage();
  await gotoDisplay(display, `${new URL(kiosk.url).origin}/#/display`);
  await expect(display.getByTestId('customer-display')).toBeVisible();
  await page.bringToFront();
  await expect(page.getByTestId('status-connection')).toHaveClass(/tone-ok/, { timeout: 30_000 });
  await expect(page.getByTestId('validation-input')).toBeFocused();

  // Held by another terminal's claim (#19: being paid there, never "already paid"): which one, and the player told on the display.
  await wedgeScan(page, elsewhere.barcodes.validation);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
  await page.getByTestId('pay-button').click();
  // The refusal becomes the verdict (#41): no Pay, no basket left under it.
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-refused', 'claimed-elsewhere');
  await expect(page.getByTestId('verdict-detail')).toHaveText('Ce ticket est en cours de paiement au terminal E2E-T2 : il n’est pas payé, ne payez pas maintenant.');
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
  await expect(page.getByTestId('basket-add-prize')).toHaveCount(0);
  await expect(display.getByTestId('display-verdict')).toHaveText('Ticket en cours de paiement à un autre point de vente');

  // Central's offline limit per ticket: the small prize fits, the big one does not. The terminal gets it by its feed.
  central(centralDir, ['config', 'set', 'offline_max_ticket_cents', String(small.prize_cents)]);
  await expect.poll(() => terminalOfflineLimit(kiosk.dataDir), { timeout: 60_000 }).toBe(small.prize_cents);

  // Central stops answering (paused: the connection opens, no answer comes).
  // The serving process writes its URL and pid to central.url (main/hosts/kiosk/demo-central.ts).
  const pid = (JSON.parse(readFileSync(path.join(centralDir, 'central.url'), 'utf8')) as { pid: number }).pid;
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGSTOP');
  try {
    // The terminal finds central silent (a sync round gets no answer): the status bar says so...
    await expect(page.getByTestId('status-connection')).not.toHaveClass(/tone-ok/, { timeout: 120_000 });
    await page.keyboard.press('Escape');
    await wedgeScan(page, small.barcodes.validation);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
    // ...and so does the winner's verdict before paying, with what is left of the offline allowance (#25).
    await expect(page.getByTestId('verdict-headline')).toHaveText('Central hors ligne : paiement hors ligne');
    const perTicket = formatEuros(small.prize_cents, { locale: 'fr' });
    const left = /Reste (.+) payables hors ligne, (\d+) paiements?, pendant encore (.+?) ; au plus (.+) par ticket\./;
    const before = left.exec(plain(await page.getByTestId('verdict-detail').textContent()));
    expect(before, 'the allowance left, in the verdict').not.toBeNull();
    expect(before?.[4]).toBe(perTicket);
    expect(before?.[3], 'the hours left of the allowance').toMatch(/^(\d+ heures?|moins d’une heure)$/);
    const countBefore = Number(before?.[2]);
    expect(countBefore).toBeGreaterThan(0);
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('paid-pending')).toHaveText('Payé hors ligne : paiement en attente du central de la loterie.');
    await expect(display.getByTestId('display-pending')).toBeVisible();
    await expect(display.getByTestId('display-verdict')).toHaveText('Payé');

    await page.keyboard.press('Escape');
    await wedgeScan(page, big.barcodes.validation);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'winner');
    // Above the offline limit per ticket: said before paying, with one offline payout fewer left.
    await expect(page.getByTestId('verdict-headline')).toHaveText('Central hors ligne : limite hors ligne atteinte');
    await expect(page.getByTestId('verdict-detail')).toContainText(`dépasse la limite hors ligne par ticket (${perTicket})`);
    const after = left.exec(plain(await page.getByTestId('verdict-detail').textContent()));
    expect(Number(after?.[2])).toBe(countBefore - 1);
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('verdict-detail')).toContainText('dépasse la limite hors ligne par ticket');
    await expect(page.getByTestId('verdict-detail')).toContainText('reçu de réclamation');
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    await expect(display.getByTestId('display-verdict')).toHaveText('Paiement impossible pour le moment');
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  // The claim receipt is in the journal, with the limit reached; nothing was paid.
  const db = new Database(path.join(kiosk.dataDir, 'guichet.db'), { readonly: true, fileMustExist: true });
  try {
    const entry = db.prepare<[], { payload: string }>("SELECT payload FROM journal WHERE type = 'claim.receipt'").get();
    expect(JSON.parse(entry?.payload ?? '{}')).toMatchObject({ amount_cents: big.prize_cents, offline_limit: { limit: 'ticket', max: small.prize_cents } });
  } finally {
    db.close();
  }

  // Central answers again: the manager sees the shop's statements (this week and the last) and prints one.
  await page.keyboard.press('Escape');
  await openScreen(page, 'F5', 'cash');
  await page.getByTestId('cash-panel-statement').click();
  await page.getByTestId('statement-load').click();
  await expect(page.getByTestId('statement-current')).toContainText('Semaine en cours');
  await expect(page.getByTestId('statement-previous')).toContainText('Semaine précédente');
  await expect(page.getByTestId('statement-current')).toContainText('Commission sur ventes (5 %)');
  // The week as its days, Monday to Sunday, not "2026-W49"; who owes whom in words, the amount unsigned (#25).
  await expect(page.getByTestId('statement-current').locator('h3')).toHaveText(/^Semaine en cours \(\d{1,2} \S+ – \d{1,2} \S+ \d{4}\)$/);
  await expect(page.getByTestId('statement-current-due-row').locator('th')).toHaveText(/^(Vous devez à la loterie|La loterie vous doit|Rien à régler cette semaine)$/);
  await expect(page.getByTestId('statement-current-due')).not.toContainText('-');
  await expect(page.getByTestId('statement-current-due')).not.toContainText('−');
  await page.getByTestId('statement-current-print').click();
  await expect(page.getByTestId('receipt-panel')).toBeVisible();
});
