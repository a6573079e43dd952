/**
 * A central for the console's end-to-end tests, once per worker: a store made with `initCentral`, a fleet
 * of 35,000 terminals generated in SQL (test/central/support/fleet-seed.ts), two shops with a ticket
 * paid twice (an open exception), a published emission with a large prize claimed at SHOP-A (a claim
 * form, not paid yet), a few days of sales, then `serveCentral` on 127.0.0.1.
 * Operators (test/central/support/operators.ts): administrators, one per login (each one-time code logs
 * in once), two security officers and two finance operators for dual control. `openConsole` logs in on the login page with the
 * password and the authenticator's code of the moment, as a person would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { initCentral } from '../../central/store/open.js';
import { serveCentral } from '../../central/server/serve.js';
import { addTerminal } from '../../central/store/terminals.js';
import { totpCode } from '../../central/store/operators.js';
import { createOperator, type TestOperator } from '../central/support/operators.js';
import { seedFleet } from '../central/support/fleet-seed.js';
import { createEmission } from '../../central/emission/create.js';
import { readPrintFile } from '../../central/emission/print-file.js';
import { publishEmission } from '../../central/store/publish.js';
import { printedTicketKey } from '../../common/ticket-number.js';
import { packOfTicket } from '../../central/store/packs.js';

export const FLEET = 35_000;
/** The ticket paid at SHOP-A, then again (offline) at SHOP-B: an open exception, 40 € to charge back to Bar des Sports. */
export const PAID_TWICE = { ticket: 'annee-chance-2013/1/1/15', cents: 4_000, first: 'SHOP-A', second: 'SHOP-B', secondRetailer: 'Bar des Sports' } as const;

/** A claim form filed at SHOP-A (journal entry 20) for the largest prize of emission 2's block 1, by central's print data. */
export const CLAIM = { terminal: 'SHOP-A', seq: 20, emission: 2 } as const;

/** Publishes emission 2 (200 units) signed with the store's emission key, and files a claim form for its largest prize. */
async function seedClaim(central: Parameters<typeof publishEmission>[0], keyFile: string, tmp: string, now: string): Promise<{ printed: string; cents: number }> {
  const out = path.join(tmp, 'emission');
  const game = 'annee-chance-2013';
  await createEmission({ game, emission: CLAIM.emission, units: 200, keyFile, outDir: out, workers: 0, claimDays: 60, packMinWinners: 8 });
  await publishEmission(central, 'test', out);
  const print = readPrintFile(path.join(out, `${game}-${CLAIM.emission}-1.print`));
  const prizeOf = (u: number): number => print.header.tier_amounts[print.tiers[u] as number] ?? 0;
  const unit = Array.from({ length: 200 }, (_, u) => u).reduce((a, u) => (prizeOf(u) > prizeOf(a) ? u : a), 0);
  const ticket = `${game}/${CLAIM.emission}/1/${unit}`;
  await central.db.execute(
    `INSERT INTO prize_claims (terminal_id, seq, kind, ticket, amount_cents, receipt_no, reason, filed_at, received_at) VALUES ($1, $2, 'over-limit', $3, $4, NULL, 'above the payout limit', $5, $5)`,
    [CLAIM.terminal, CLAIM.seq, ticket, prizeOf(unit), now],
  );
  // Its pack active at SHOP-A, as when it was sold there (central pays no ticket of a pack active nowhere).
  const pack = packOfTicket(game, CLAIM.emission, 1, unit);
  if (pack) {
    await central.db.execute(
      `INSERT INTO pack_states (game, emission, block, pack, state, terminal_id, received_at, activated_at, updated_at) VALUES ($1, $2, 1, $3, 'active', $4, $5, $5, $5)`,
      [game, CLAIM.emission, pack.pack, CLAIM.terminal, now],
    );
  }
  return { printed: printedTicketKey(ticket), cents: prizeOf(unit) };
}

/** The emission the console publishes (happy-2014, made in the fixture, not published). */
export const PENDING_EMISSION = { emission: 7, blocks: 3 } as const;

export interface ConsoleCentral {
  url: string;
  /** By name: admin1 … admin8 (administrators), sec-a, sec-b and sec-c (security officers), fin-a and fin-b (finance), audit (auditor). */
  operators: ReadonlyMap<string, TestOperator>;
  /** The claim form filed at SHOP-A: its printed ticket number and central's prize. */
  claim: { printed: string; cents: number };
  /** The folder of PENDING_EMISSION on central's machine. */
  pendingEmission: string;
  /** The enrolment letter of LIMIT_TERMINAL (registered, not enrolled): the limit's test enrols it and syncs. */
  limitTerminal: { code: string; root: string };
}

/** A terminal registered at central for the payout limit's test: it sees the limit once a second operator approves it. */
export const LIMIT_TERMINAL = 'SHOP-LIMIT';

const ADMINS = 8;

async function seedShops(db: Parameters<typeof seedFleet>[0], now: string): Promise<void> {
  await db.execute(`UPDATE terminals SET status = 'active', enrolled_at = $1, last_contact_at = $1, key_fingerprint = 'seed' WHERE terminal_id IN ('SHOP-A', 'SHOP-B')`, [now]);
  const x = PAID_TWICE;
  await db.execute(
    `INSERT INTO payout_exceptions (ticket, at, first_terminal, first_at, first_amount, second_terminal, second_seq, second_at, second_amount, second_offline)
     VALUES ($1, $2, $3, $2, $4, $5, 7, $2, $4, true)`,
    [x.ticket, now, x.first, x.cents, x.second],
  );
  // Left open: the console's test charges it back (exceptions.charge-back, under dual control).
  // A few events of T-000000 (its page's screenshot).
  for (const [i, type, payload] of [
    [1, 'sale', { receipt_no: 12, total_cents: 900, lines: ['213-001-01-00002-004-7'] }],
    [2, 'pack.activate', { pack: '213-001-01-00002' }],
    [3, 'payout', { ticket: '213-001-01-00002-011-3', amount_cents: 2000 }],
  ] as const) {
    await db.execute(
      `INSERT INTO outbox_events (terminal_id, event_key, type, journal_seq, payload, created_at, received_at) VALUES ('T-000000', $1, $2, $3, $4, $5, $5)`,
      [`T-000000/${i}`, type, i, JSON.stringify(payload), new Date(Date.parse(now) - (4 - i) * 600_000).toISOString()],
    );
  }
  // Sales of this month's days for the chart (the journal's partitions hold this month and the next).
  const day = new Date(now);
  for (let d = 1; d <= day.getUTCDate(); d++) {
    const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), d, 9, 0, 0)).toISOString();
    if (at > now) break;
    const lines = [
      { game: 'annee-chance-2013', count: 10 + d, amount_cents: (10 + d) * 300 },
      { game: 'millionnaire', count: 2 + (d % 3), amount_cents: (2 + (d % 3)) * 1000 },
    ];
    await db.execute(
      `INSERT INTO journal_entries (terminal_id, seq, at, type, operator, payload, prev_hash, hash, signature, received_at)
       VALUES ('SHOP-A', $1, $2, 'sale', NULL, $3, $4, $4, 'seed', $2), ('SHOP-A', $1 + 1000, $2, 'payout', NULL, $5, $4, $4, 'seed', $2)`,
      [d, at, JSON.stringify({ money: { kind: 'sale', lines } }), String(d).padStart(64, '0'), JSON.stringify({ money: { kind: 'payout', lines: [{ game: 'annee-chance-2013', count: 1, amount_cents: 1000 + d * 100 }] } })],
    );
  }
}

export const test = base.extend<object, { consoleCentral: ConsoleCentral }>({
  consoleCentral: [
    async ({}, use) => {
      const tmp = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-console-'));
      const dataDir = path.join(tmp, 'central');
      const init = await initCentral({ dataDir, keyFile: path.join(tmp, 'lottery.key') });
      const now = init.central.now();
      await addTerminal(init.central, 'test', PAID_TWICE.first, 'Tabac du Port');
      await addTerminal(init.central, 'test', PAID_TWICE.second, PAID_TWICE.secondRetailer);
      const limitTerminal = await addTerminal(init.central, 'test', LIMIT_TERMINAL, 'Presse de la Gare');
      await seedShops(init.central.db, now);
      const claim = await seedClaim(init.central, path.join(tmp, 'lottery.key'), tmp, now);
      // An emission on central's machine not published yet: the console publishes it (dual control).
      const pendingEmission = path.join(tmp, 'emission-pending');
      await createEmission({ game: 'happy-2014', emission: PENDING_EMISSION.emission, units: 20, blocks: PENDING_EMISSION.blocks, keyFile: path.join(tmp, 'lottery.key'), outDir: pendingEmission, workers: 0, claimDays: 60 });
      await seedFleet(init.central.db, FLEET, now);
      const operators = new Map<string, TestOperator>();
      for (let i = 1; i <= ADMINS; i++) operators.set(`admin${i}`, await createOperator(init.central, { name: `admin${i}`, roles: ['administrator'] }));
      for (const name of ['sec-a', 'sec-b', 'sec-c']) operators.set(name, await createOperator(init.central, { name, roles: ['security'] }));
      for (const name of ['fin-a', 'fin-b']) operators.set(name, await createOperator(init.central, { name, roles: ['finance'] }));
      operators.set('audit', await createOperator(init.central, { name: 'audit', roles: ['auditor'] }));
      await init.central.db.close();
      const running = await serveCentral({ dataDir, listen: '127.0.0.1:0', log: () => undefined });
      await use({ url: running.url, operators, claim, pendingEmission, limitTerminal: { code: limitTerminal.code, root: limitTerminal.root } });
      await running.close();
      rmSync(tmp, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect };

let nextAdmin = 0;
/** The 30-s step of each operator's last login (this worker's). */
const lastStep = new Map<string, number>();

/** Logs in on the console's login page (password and the one-time code of the moment), then opens `route`; by default as the next unused administrator. */
export async function openConsole(page: Page, central: ConsoleCentral, route: string, who?: string): Promise<void> {
  const name = who ?? `admin${(nextAdmin++ % ADMINS) + 1}`;
  const operator = central.operators.get(name);
  if (!operator) throw new Error(`no test operator '${name}'`);
  // A one-time code logs in once: the same operator again within its 30-s step waits for the next code.
  const step = (): number => Math.floor(Date.now() / 30_000);
  if (lastStep.get(name) === step()) await page.waitForTimeout((step() + 1) * 30_000 - Date.now() + 200);
  await page.goto(`${central.url}/console/#/${route}`);
  const form = page.getByTestId('login');
  await form.locator('input[name="operator"]').fill(operator.name);
  await form.locator('input[name="password"]').fill(operator.password);
  const at = new Date();
  lastStep.set(name, Math.floor(at.getTime() / 30_000));
  await form.locator('input[name="totp"]').fill(totpCode(operator.name, operator.totpSecret, at.toISOString()));
  await form.locator('input[name="totp"]').press('Enter');
  await expect(form).toHaveCount(0);
}
