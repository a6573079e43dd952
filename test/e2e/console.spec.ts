/**
 * The back-office console served by central (#22): a fleet of 35,000 terminals drawn (only the rows on
 * screen are in the page), searched, filtered and sorted, a terminal opened from the keyboard; an
 * exception charged back, then written off, each under dual control, and seen on the retailer's
 * statement (and its CSV); a claim form's payment recorded under dual control; a stop-list entry added,
 * its removal asked of central and approved by another operator; the audit trail verified and exported
 * from the page; a payout limit changed under dual control and seen by an enrolled terminal's next sync;
 * both screen sizes. GUICHET_SCREENS=1 writes docs/screens/console-*.png.
 */
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { formatEuros } from '../../common/money-text.js';
import { verifyJournalExport } from '../../central/store/journal-audit.js';
import { test, expect, openConsole, CLAIM, FLEET, PAID_TWICE, PENDING_EMISSION, type ConsoleCentral } from './console-central.js';
import { enrollTerminal } from '../../main/services/sync/enroll.js';
import { syncOnce } from '../../main/services/sync/sync.js';
import { getSettings, DEFAULT_SETTINGS } from '../../main/kernel/settings.js';

const docs = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screens');
// The gate checks the console at the office's smallest screen; `npm run screens` (GUICHET_SCREENS=1) adds
// 1920×1080 and writes the docs' screenshots.
const SIZES = process.env.GUICHET_SCREENS
  ? ([
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ] as const)
  : ([{ width: 1280, height: 800 }] as const);

async function shot(page: Page, name: string, save = true): Promise<void> {
  const { width } = page.viewportSize()!;
  // Nothing sticks out sideways at this size, nor runs out of the page's own scrolled area.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const content = await page.evaluate(() => {
    const c = document.querySelector('.content');
    return c ? { scroll: c.scrollWidth, client: c.clientWidth } : null;
  });
  if (content) expect(content.scroll, `${name}: the page is wider than its area`).toBeLessThanOrEqual(content.client);
  if (save && process.env.GUICHET_SCREENS) await page.screenshot({ path: path.join(docs, `console-${name}-${width}.png`) });
}

const n = (x: number) => x.toLocaleString('fr-FR').replace(/\s/g, ' ');

test('fleet: 35,000 terminals drawn, searched, filtered, sorted; a terminal opened from the keyboard; both sizes, both languages', async ({ page, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'fleet');
  const total = FLEET + 3; // and SHOP-A, SHOP-B, SHOP-LIMIT
  await expect(page.getByTestId('fleet-count')).toHaveText(`${n(total)} terminaux affichés sur ${n(total)}`, { timeout: 30_000 });
  // Virtualized: a screenful of rows in the page, not 35,002.
  const drawn = await page.getByTestId('fleet-row').count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(100);
  await expect(page.getByTestId('fleet-row').first()).toContainText('SHOP-A');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, 'fleet');
  }
  await page.setViewportSize(SIZES[0]);

  // Sorted by terminal, then the other way.
  await page.getByTestId('sort-terminal_id').click();
  await expect(page.getByTestId('fleet-row').first()).toContainText('T-034999');
  // Filtered: those with alerts (every 1000th seeded).
  await page.getByTestId('fleet-filter').selectOption('alerts');
  await expect(page.getByTestId('fleet-count')).toHaveText(`35 terminaux affichés sur ${n(total)}`);
  await page.getByTestId('fleet-filter').selectOption('all');
  // Searched: one terminal, by retailer too.
  await page.getByTestId('fleet-search').fill('T-012345');
  await expect(page.getByTestId('fleet-count')).toHaveText(`1 terminal affiché sur ${n(total)}`);
  await page.getByTestId('fleet-search').fill('bar des sports');
  await expect(page.getByTestId('fleet-row')).toHaveCount(1);
  await expect(page.getByTestId('fleet-row')).toContainText('SHOP-B');

  // English, then back.
  await page.getByTestId('lang').click();
  await expect(page.getByRole('heading', { name: 'Terminal fleet' })).toBeVisible();
  await expect(page.getByTestId('fleet-count')).toHaveText(`1 of ${total.toLocaleString('en-GB')} terminals shown`);
  await page.getByTestId('lang').click();

  // A row is a link: focused and opened with Enter.
  await page.getByTestId('fleet-search').fill('T-000000');
  await page.getByTestId('fleet-row').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Terminal T-000000' })).toBeVisible();
  await expect(page.getByTestId('terminal-alerts')).toContainText('hash_mismatch');
  await expect(page.getByTestId('terminal-refused')).toContainText('chain_broken');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, 'terminal');
  }
  // Disabled from its page (terminal.disable), with its reason.
  await page.getByTestId('terminal-toggle').getByRole('textbox').fill('stolen from the shop');
  await page.getByTestId('terminal-toggle').getByRole('button').click();
  await expect(page.getByTestId('terminal-status')).toHaveText('désactivé — stolen from the shop');
});

/** A second operator approves the pending proposal of `op` on the Configuration page. */
async function approveAs(browser: Browser, central: ConsoleCentral, op: string, reason: string, who?: string): Promise<void> {
  const approver = await browser.newPage();
  await openConsole(approver, central, 'config', who);
  const approve = approver.getByTestId('proposals').locator('tr', { hasText: op }).locator('[data-testid^="approve-"]');
  await approve.getByRole('textbox').fill(reason);
  await approve.getByRole('button').click();
  await expect(approver.getByTestId('proposals').locator('tr', { hasText: op })).toHaveCount(0);
  await approver.close();
}

test('an exception charged back, then written off with a reason under dual control, as the retailer\'s statement shows it (and its CSV and PDF)', async ({ page, browser, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'exceptions');
  const row = page.getByTestId('exception-row');
  await expect(row).toHaveCount(1);
  // The printed ticket number, never the stored key.
  await expect(row).toContainText('213-001-01-00000-015-');
  // Open: charged back to the retailer that paid second, in the console, under dual control.
  await expect(row.getByTestId('exception-state')).toContainText('ouverte');
  // Looked into first (no money: one operator), from the keyboard: the note's field takes the focus.
  await row.getByTestId('exception-investigate').click();
  await page.keyboard.type('both shops called: same ticket scanned twice');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notice')).toContainText('en cours d’examen');
  await expect(row.getByTestId('exception-stage')).toHaveText('en cours d’examen');
  await expect(row.getByTestId('exception-investigation')).toContainText('both shops called: same ticket scanned twice');
  // Not closed while its money is not decided.
  await expect(row.getByTestId('exception-close')).toHaveCount(0);
  await row.getByTestId('exception-chargeback').click();
  await row.getByTestId('exception-chargeback-form').getByRole('textbox').fill('paid second, offline: its retailer bears it');
  await row.getByTestId('exception-chargeback-form').getByRole('button', { name: 'Refacturer au détaillant' }).click();
  await expect(page.getByTestId('notice')).toContainText('Modification proposée');
  await expect(row.getByTestId('exception-state')).toContainText('en cours d’examen');
  await approveAs(browser, consoleCentral, 'exceptions.charge-back', 'second payout checked: charge it back');
  await page.reload();
  await expect(row.getByTestId('exception-state')).toContainText('refacturée au détaillant');
  // Once charged back, it is not offered again.
  await expect(row.getByTestId('exception-chargeback')).toHaveCount(0);

  await page.goto(`${consoleCentral.url}/console/#/retailers`);
  const statement = async () => {
    await page.getByTestId('retailer-search').fill('bar des');
    await page.getByTestId(`statement-${PAID_TWICE.secondRetailer}`).click();
    await expect(page.getByTestId('statement')).toContainText(PAID_TWICE.secondRetailer);
  };
  await statement();
  await expect(page.getByTestId('st.chargebacks')).toContainText('40,00 €');
  await expect(page.getByTestId('st.written_off')).toContainText('0,00 €');

  await page.goto(`${consoleCentral.url}/console/#/exceptions`);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('exception-state')).toContainText('refacturée au détaillant');
  await row.getByTestId('exception-writeoff').click();
  await row.getByTestId('exception-writeoff-form').getByRole('textbox').fill('customer had two tickets with one number: the lottery bears it');
  await row.getByTestId('exception-writeoff-form').getByRole('textbox').press('Enter');
  // Money: a second operator approves it (dual control), then it is written off.
  await expect(page.getByTestId('notice')).toContainText('Modification proposée');
  await expect(row.getByTestId('exception-state')).toContainText('refacturée au détaillant');
  await approveAs(browser, consoleCentral, 'exceptions.write-off', 'the lottery bears it: checked');
  await page.reload();
  await expect(page.getByTestId('exception-row').getByTestId('exception-state')).toContainText('passée en perte');
  // Its money decided, it is closed, and nothing more is offered on it.
  await row.getByTestId('exception-close').click();
  await page.keyboard.type('settled with both shops');
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('exception-stage')).toHaveText('close (passée en perte)');
  await expect(row.getByTestId('exception-closed')).toContainText('settled with both shops');
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.goto(`${consoleCentral.url}/console/#/retailers`);
  await statement();
  await expect(page.getByTestId('st.chargebacks')).toContainText('40,00 €');
  await expect(page.getByTestId('st.written_off')).toContainText('-40,00 €');
  const download = page.waitForEvent('download');
  await page.getByTestId('statement-csv').click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('"retailer","week","line","count","amount_cents","amount_eur"');
  expect(csv).toMatch(/"Bar des Sports","\d{4}-W\d{2}","Refacturations remboursées","1","-4000","-40.00"/);
  // And as PDF: the button opens the browser's print (save as PDF), where the statement stands alone on one A4 page.
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await page.getByTestId('statement-pdf').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  for (const hidden of [page.getByRole('navigation'), page.getByTestId('retailers'), page.getByTestId('statement-csv')]) await expect(hidden).toBeHidden();
  await expect(page.getByTestId('st.chargebacks')).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await page.emulateMedia({ media: null });
});

test('a claim form paid: the winner and the payment recorded by finance under dual control, shown by the last 4 characters of the ID only', async ({ page, browser, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'claims', 'fin-a');
  const key = `${CLAIM.terminal}-${CLAIM.seq}`;
  const row = page.getByTestId('claims').locator('tr', { hasText: consoleCentral.claim.printed });
  await expect(row.getByTestId(`claim-state-${key}`)).toHaveText('déposée');
  // From the keyboard: the row's button, then the form's first field has the focus.
  await row.getByTestId(`claim-pay-${key}`).focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId('claim-pay');
  await expect(form.getByLabel('Nom complet du gagnant')).toBeFocused();
  await page.keyboard.type('Camille Martin');
  await form.getByLabel('Pièce d’identité').selectOption('passport');
  await form.getByLabel('Numéro de la pièce').fill('19AB45678');
  await form.getByLabel('Adresse (facultative)').fill('3 rue des Lilas, 75011 Paris');
  await form.getByLabel('Mode de paiement').selectOption('cheque');
  await form.getByLabel('Référence du paiement').fill('CHQ 0001234');
  // The day it was paid: today at the office (central refuses a day before the claim was filed, or after today).
  const paidOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const paidDay = paidOn.split('-').reverse().join('/');
  await form.getByLabel('Date du paiement').fill(paidOn);
  await form.getByRole('textbox', { name: /Motif/ }).fill('winner at the office with the claim form');
  const asked = page.waitForResponse((r) => r.url().endsWith('/v1/admin/claims.pay'));
  await form.getByRole('textbox', { name: /Motif/ }).press('Enter');
  // Money: proposed (202), not paid until a second operator approves.
  expect((await asked).status()).toBe(202);
  await expect(page.getByTestId('notice')).toContainText('Paiement proposé');
  await expect(row.getByTestId(`claim-state-${key}`)).toContainText('paiement proposé');
  await expect(row.getByTestId(`claim-pay-${key}`)).toHaveCount(0);

  await approveAs(browser, consoleCentral, 'claims.pay', 'ID and cheque checked', 'fin-b');
  await page.reload();
  await expect(row.getByTestId(`claim-state-${key}`)).toHaveText('payée');
  const paid = row.getByTestId(`claim-paid-${key}`);
  await expect(paid).toContainText('Camille Martin — passeport …5678');
  await expect(paid).toContainText(`chèque, réf. CHQ 0001234, le ${paidDay}`);
  await expect(paid).toContainText('fin-a + fin-b');
  // Central's prize for the ticket; its printed number on one line, never broken at its dashes.
  await expect(row).toContainText(formatEuros(consoleCentral.claim.cents, { locale: 'fr' }));
  expect(await row.locator('.mono', { hasText: consoleCentral.claim.printed }).evaluate((el) => el.getClientRects().length)).toBe(1);
  // Never the full number nor the address.
  await expect(page.locator('body')).not.toContainText('19AB45678');
  await expect(page.locator('body')).not.toContainText('Lilas');
  await page.getByTestId('lang').click();
  await expect(row.getByTestId(`claim-state-${key}`)).toHaveText('paid');
  await expect(paid).toContainText(`cheque, ref. CHQ 0001234, on ${paidDay}`);
  await page.getByTestId('lang').click();
  await shot(page, 'claims');
});

test('a wrong answer of central (its view\'s schema refuses it) is said in French and English, not a broken page', async ({ page, consoleCentral }) => {
  // central answers the games with a game's price in euros as text: the console's schema refuses it.
  await page.route('**/v1/admin/console.games', (route) => route.fulfill({ json: { result: [{ game: 'millionnaire', name: 'Millionnaire', kind: 'scratch', price_cents: '5,00 €', enabled: true, reason: null, updated_at: null }] } }));
  await openConsole(page, consoleCentral, 'games');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('la réponse de central à console.games n’a pas la forme attendue');
  await expect(alert).toContainText('0.price_cents');
  // zod's reason in the page's language too.
  await expect(alert).toContainText('nombre attendu');
  await page.getByTestId('lang').click();
  await expect(alert).toContainText('central’s answer to console.games is not in the expected form');
  await expect(alert).toContainText('expected number');
  await page.getByTestId('lang').click();
  // Answered right again (the route lifted), Retry draws the page.
  await page.unroute('**/v1/admin/console.games');
  await alert.getByRole('button').click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('millionnaire').first()).toBeVisible();
});

test('stop list: a pack added and listed, its removal asked of central with the reason, and lifted once another operator approves', async ({ page, browser, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'stoplist');
  // Text that names no pack is refused, said in the page.
  await page.getByTestId('stop-pack').fill('stolen van');
  await page.getByTestId('stop-add').getByLabel(/Motif/).fill('reported stolen');
  await page.getByTestId('stop-add').getByRole('button').click();
  // Said in the page's language with what was typed, not central's English sentence and its code.
  await expect(page.getByTestId('notice')).toContainText('« stolen van » n’est pas un numéro de carnet GGG-EEE-BB-PPPPP');
  await expect(page.getByTestId('notice')).not.toContainText('bad_pack');
  // Typed without its dashes, kept (and said) in its printed form.
  await page.getByTestId('stop-pack').fill('2130010100009');
  await page.getByTestId('stop-add').getByLabel(/Motif/).fill('reported stolen');
  await page.getByTestId('stop-add').getByRole('button').click();
  await expect(page.getByTestId('notice')).toContainText('Carnet 213-001-01-00009 mis en opposition');
  await expect(page.getByTestId('stoplist')).toContainText('213-001-01-00009');
  await expect(page.getByTestId('stoplist')).toContainText('reported stolen');

  const form = page.getByTestId('stop-remove-213-001-01-00009');
  await form.getByRole('textbox').fill('found at the shop');
  const asked = page.waitForRequest((r) => r.url().endsWith('/v1/admin/stoplist.remove'));
  await form.getByRole('button').click();
  const req = await asked;
  expect(req.postDataJSON()).toEqual({ pack: '213-001-01-00009', reason: 'found at the shop' });
  // A removal is under dual control: proposed, the pack still listed until another operator approves.
  expect((await req.response())?.status()).toBe(202);
  await expect(page.getByTestId('notice')).toBeVisible();
  await expect(page.getByTestId('stoplist')).toContainText('213-001-01-00009');
  // A security officer approves it: the entry is lifted (its removal time shown, no removal offered
  // again); the feed lifts it at the terminals (sync.test.ts).
  await approveAs(browser, consoleCentral, 'stoplist.remove', 'checked at the shop', 'sec-c');
  await page.reload();
  const row = page.getByTestId('stoplist').locator('tr', { hasText: '213-001-01-00009' });
  await expect(row.locator('td').nth(2)).toContainText(/par admin\d/);
  // Lifted when, and by the operator who approved it.
  await expect(row.locator('td').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}par sec-c$/);
  await expect(page.getByTestId('stop-remove-213-001-01-00009')).toHaveCount(0);

  // The sales chart: a bar per game and kind per day with sales (this month's seeded days).
  await page.goto(`${consoleCentral.url}/console/#/sales`);
  await expect(page.getByTestId('sales-chart')).toBeVisible();
  expect(await page.getByTestId('sales-chart').locator('rect[height]:not([height="0"])').count()).toBeGreaterThanOrEqual(2);
  await shot(page, 'sales');
});

test('the audit trail proves itself from the console: the chain verified to the root, and exported as a file the command line verifies', async ({ page, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'audit');
  await page.getByTestId('journal-verify').click();
  const report = page.getByTestId('journal-report');
  await expect(report).toHaveText(/^Journal intact : [\d  ]+ entrées chaînées et signées, jusqu’à la racine [0-9a-f]{16}…$/);
  const entries = Number((await report.textContent())!.match(/: ([\d  ]+) entrées/)![1]!.replace(/\D/g, ''));
  expect(entries).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('journal-export').click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  // What `guichet central journal verify --file` checks: whole, chained, signed by certified keys.
  const checked = verifyJournalExport(text);
  expect([checked.ok, checked.truncated]).toEqual([true, false]);
  expect(checked.entries).toBeGreaterThanOrEqual(entries);
  // One entry edited in the file: found, and named.
  const lines = text.trimEnd().split('\n');
  const edited = JSON.parse(lines[2]!) as { actor: string };
  lines[2] = JSON.stringify({ ...edited, actor: 'someone-else' });
  const broken = verifyJournalExport(`${lines.join('\n')}\n`);
  expect([broken.ok, broken.first_break?.entry_id, broken.first_break?.problem]).toEqual([false, 2, 'hash']);
  await expect(page.getByTestId('notice')).toContainText('Export téléchargé');
});

test('a payout limit changed under dual control: one operator alone cannot, another approves it and it applies, reaching the terminals', async ({ browser, consoleCentral }) => {
  // A terminal enrolled at this central: it syncs before the proposal, after it, and after the approval.
  const shopDir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-limit-'));
  const { terminal: shop } = await enrollTerminal(shopDir, { centralUrl: consoleCentral.url, ...consoleCentral.limitTerminal, managerName: 'alice', pin: '123456' });
  await syncOnce(shop);
  expect(getSettings(shop).payout_limit_cents).toBe(DEFAULT_SETTINGS.payout_limit_cents);
  const proposer = await browser.newPage();
  await openConsole(proposer, consoleCentral, 'config', 'sec-a');
  const change = proposer.getByTestId('config-change');
  // Chosen by its meaning, typed in euros (not cents, not JSON).
  await change.getByLabel('Réglage').selectOption({ label: 'Plafond de paiement au comptoir, que les gérants ne peuvent pas dépasser' });
  await change.getByLabel(/^Valeur \(en euros/).fill('250');
  await change.getByRole('textbox', { name: /Motif/ }).fill('limit lowered after the audit');
  await change.getByRole('button').click();
  await expect(proposer.getByTestId('notice')).toContainText('Modification proposée');
  const inForce = (p: typeof proposer) => p.getByTestId('config-setting-payout_limit_max_cents');
  await expect(inForce(proposer)).toContainText('aucun'); // no value set yet: no cap
  // The proposer's own approval is refused by central, and nothing changes.
  const own = proposer.getByTestId('proposals').locator('tr', { hasText: 'payout_limit_max_cents' }).locator('[data-testid^="approve-"]');
  await own.getByRole('textbox').fill('approving my own');
  const refused = proposer.waitForResponse((r) => r.url().endsWith('/v1/admin/proposal.approve'));
  await own.getByRole('button').click();
  expect((await refused).status()).toBe(403);
  await proposer.reload();
  await expect(proposer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(inForce(proposer)).toContainText('aucun');
  // Proposed, refused to its proposer: the terminal still pays up to the old limit.
  await syncOnce(shop);
  expect(getSettings(shop).payout_limit_cents).toBe(DEFAULT_SETTINGS.payout_limit_cents);

  const approver = await browser.newPage();
  await openConsole(approver, consoleCentral, 'config', 'sec-b');
  const theirs = approver.getByTestId('proposals').locator('tr', { hasText: 'payout_limit_max_cents' }).locator('[data-testid^="approve-"]');
  await theirs.getByRole('textbox').fill('checked with the audit report');
  await theirs.getByRole('button').click();
  await expect(inForce(approver)).toHaveText('250,00 €');
  // Its history: who proposed it and who approved it, in euros, in local time.
  const history = approver.getByTestId('config-history').locator('tr', { hasText: 'payout_limit_max_cents' });
  await expect(history).toHaveCount(1);
  await expect(history).toContainText('proposé par sec-a, approuvé par sec-b');
  await expect(history).toContainText('250,00 €');
  await expect(history).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  // Approved: the terminal's next sync brings the new limit (signed on central's feed).
  await syncOnce(shop);
  expect(getSettings(shop).payout_limit_cents).toBe(25_000);
  shop.close();
  rmSync(shopDir, { recursive: true, force: true });
  await proposer.close();
  await approver.close();
});

test('an emission published under dual control: proposed with its blocks counted, approved by a second security officer on the same page, then listed; both sizes, both languages', async ({ page, browser, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'emissions', 'sec-a');
  const published = page.getByTestId('emissions').locator('tbody tr');
  await expect(published.first()).toBeVisible();
  const before = await published.count();
  const form = page.getByTestId('publish-form');
  await form.getByLabel('Dossier de l’émission').fill(consoleCentral.pendingEmission);
  await form.getByRole('textbox', { name: /Motif/ }).fill('emission 7 printed and delivered');
  await form.getByRole('textbox', { name: /Motif/ }).press('Enter');
  await expect(page.getByTestId('notice')).toContainText('Publication proposée');
  // Proposed: its blocks counted by central, none published yet, waiting for a second operator.
  const row = page.getByTestId('publication');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('publication-state')).toHaveText('attend un second opérateur');
  await expect(row.getByTestId('publication-progress')).toContainText(`0 / ${PENDING_EMISSION.blocks} blocs publiés`);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shot(page, 'publishing');
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByTestId('lang').click();
  await expect(row.getByTestId('publication-state')).toHaveText('waiting for a second operator');
  await expect(row.getByTestId('publication-progress')).toContainText(`0 / ${PENDING_EMISSION.blocks} blocks published`);
  await page.getByTestId('lang').click();
  // The proposer cannot approve it (central refuses); a second security officer can, here.
  const approver = await browser.newPage({ viewport: SIZES[0] });
  await openConsole(approver, consoleCentral, 'emissions', 'sec-b');
  const pending = approver.getByTestId('publication');
  await pending.getByRole('textbox').fill('blocks checked against the print order');
  await pending.getByRole('textbox').press('Enter');
  await expect(approver.getByTestId('publications').getByTestId('notice')).toContainText('Publication approuvée et faite.');
  await expect(approver.getByTestId('publication')).toHaveCount(0);
  await expect(approver.getByTestId('emissions').locator('tbody tr').filter({ hasText: 'happy-2014' })).toHaveCount(PENDING_EMISSION.blocks);
  await approver.close();
  // The proposer's page finds it done by itself (read again while one was waiting).
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  await expect(published).toHaveCount(before + PENDING_EMISSION.blocks);
});

test('packs shipped to a retailer named in any case, seen in transit; a game suspended then resumed, each with its reason', async ({ page, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'packs');
  // A pack of the published block other than the claim's (activated at SHOP-A).
  const claimPack = consoleCentral.claim.printed.split('-').slice(0, 4).join('-');
  const pack = claimPack.replace(/-\d{5}$/, claimPack.endsWith('-00000') ? '-00001' : '-00000');
  const inTransit = page.getByTestId('packs-by-state').locator('li').first();
  await expect(inTransit).toContainText('en route');
  const before = Number((await inTransit.locator('strong').textContent())!.replace(/\D/g, ''));
  const ship = page.getByTestId('packs-ship');
  await ship.getByLabel('Numéros de carnets').fill(pack);
  await ship.getByLabel('Détaillant').fill('bar des SPORTS');
  await ship.getByRole('button', { name: 'Livrer à un détaillant' }).click();
  await expect(page.getByTestId('notice')).toHaveText(`1 carnet livré à ${PAID_TWICE.secondRetailer}.`);
  await expect(inTransit.locator('strong')).toHaveText(String(before + 1));
  const row = page.getByTestId('packs').locator('tr', { hasText: pack });
  await expect(row).toContainText('en route');
  await expect(row).toContainText(PAID_TWICE.secondRetailer);
  // A pack of no published block is refused, and said so.
  await ship.getByLabel('Numéros de carnets').fill('213-009-01-00000');
  await ship.getByRole('button', { name: 'Livrer à un détaillant' }).click();
  await expect(page.getByRole('alert')).toContainText('213-009-01-00000');
  await expect(inTransit.locator('strong')).toHaveText(String(before + 1));

  await page.keyboard.press('Alt+7');
  const game = page.getByTestId('games').locator('tr', { hasText: 'millionnaire' });
  await expect(game).toContainText('en vente');
  await game.getByRole('textbox').fill('printer recalled the batch');
  await game.getByRole('button', { name: 'Suspendre' }).click();
  await expect(game).toContainText(/suspendu — printer recalled the batch, \d{2}\/\d{2}\/\d{4}/);
  await game.getByRole('textbox').fill('batch checked, back on sale');
  await game.getByRole('button', { name: 'Reprendre' }).click();
  await expect(game).toContainText('en vente — batch checked, back on sale');
});

/** The console's pages in the navigation's order: Alt+1 … Alt+0 open the first ten. */
const PAGES = ['fleet', 'sales', 'exceptions', 'claims', 'packs', 'stoplist', 'games', 'emissions', 'retailers', 'config', 'audit'] as const;

test('every page, reached from the keyboard, in French and English at both sizes: its title, nothing sticking out, no code word or broken value on screen', async ({ page, consoleCentral }) => {
  test.setTimeout(240_000);
  await openConsole(page, consoleCentral, 'fleet');
  const titles = new Map<string, string>();
  for (const lang of ['fr', 'en'] as const) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const [i, name] of PAGES.entries()) {
        if (i < 10) await page.keyboard.press(`Alt+${(i + 1) % 10}`);
        else await page.goto(`${consoleCentral.url}/console/#/${name}`);
        await expect(page).toHaveURL(new RegExp(`#/${name}$`));
        const h1 = page.locator('main h1, .page h1').first();
        await expect(h1).toBeVisible();
        await expect(page.getByText(/chargement|loading/i)).toHaveCount(0);
        const title = (await h1.textContent()) ?? '';
        // Each page in the page's language (the English title is not the French one, but for a word both share).
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (lang === 'fr') titles.set(name, title);
        else if (title !== 'Configuration') expect(title, name).not.toBe(titles.get(name));
        // The words on screen, less what is shown as code on purpose (the audit's entries, hashes, ids).
        const text = await page.evaluate(() => {
          const body = document.body.cloneNode(true) as HTMLElement;
          body.querySelectorAll('code, .mono').forEach((e) => e.remove());
          return body.innerText || body.textContent || '';
        });
        expect(text, `${name} ${lang}`).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]|\b(?:nav|em|ret|exc|cfg|games|packs|st|col|term|claims|audit|fleet|sales|stop|restore|refusal|form|view|app|common)\.[a-z_]+\b/);
        // Pictured in French (the docs'); checked in both.
        await shot(page, name, lang === 'fr');
      }
    }
    if (lang === 'fr') await page.getByTestId('lang').click();
  }
  await page.getByTestId('lang').click();
});

test('an auditor reads the pages but is offered no act (central would refuse each one)', async ({ page, consoleCentral }) => {
  await openConsole(page, consoleCentral, 'exceptions', 'audit');
  await expect(page.getByTestId('exception-row').first()).toBeVisible();
  await expect(page.getByTestId('exception-row').getByRole('button')).toHaveCount(0);
  for (const [route, shown, offered] of [
    ['stoplist', 'stoplist', 'stop-add'],
    ['terminal/T-000001', 'terminal-status', 'terminal-toggle'],
    ['config', 'config-values', 'config-change'],
    ['packs', 'packs-by-state', 'packs-ship'],
  ] as const) {
    await page.goto(`${consoleCentral.url}/console/#/${route}`);
    await expect(page.getByTestId(shown)).toBeVisible();
    await expect(page.getByTestId(offered)).toHaveCount(0);
  }
  await page.goto(`${consoleCentral.url}/console/#/games`);
  await expect(page.getByTestId('games')).toBeVisible();
  await expect(page.getByTestId('games').getByRole('button')).toHaveCount(0);
});

test('without a session: the login page asks operator, password and one-time code, and says why it is refused', async ({ page, consoleCentral }) => {
  await page.goto(`${consoleCentral.url}/console/`);
  const form = page.getByTestId('login');
  await expect(form.getByLabel('Opérateur')).toBeFocused();
  await page.keyboard.type('camille');
  await page.keyboard.press('Tab');
  await page.keyboard.type('correct horse battery staple');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123456');
  const asked = page.waitForRequest((r) => r.url().endsWith('/v1/console/login'));
  await page.keyboard.press('Enter');
  expect((await asked).postDataJSON()).toEqual({ operator: 'camille', password: 'correct horse battery staple', totp: '123456' });
  // Refused (no such operator; or, before operator accounts, no such route): said, and the code is asked again.
  await expect(form.getByRole('alert')).toContainText('Connexion refusée');
  await expect(form.getByLabel(/Code à usage unique/)).toHaveValue('');
});
