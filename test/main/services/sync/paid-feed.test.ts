/**
 * Issue 41, high 1: a terminal refuses offline a ticket central's feed said was paid, though it never
 * asked central about it. Two terminals of one shop (T1, T2) and another shop's (T3) on one central
 * (PGlite and PostgreSQL) over loopback, with an emission central published with its print data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../../central/emission/export.js';
import { createEmission } from '../../../../central/emission/create.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { readFeed } from '../../../../central/store/feed.js';
import { publishEmission } from '../../../../central/store/publish.js';
import type { AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { payOrClaim } from '../../../../main/services/tickets/acts.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { updateSyncState } from '../../../../db/queries/sync-state.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { BOTH_ENGINES, databaseFor, releaseDatabase } from '../../../central/support/engines.js';
import { startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { DOWN, dropCounters, enrolledCounter, refusedWith, type Counter } from './two-terminals.js';

const GAME = 'annee-chance-2013';
const after: AfterCommit = { printer: null, drawer: null, language: 'en' };
const refusal = (p: Promise<unknown>): Promise<PayoutError> => refusedWith(p, PayoutError);
const count = (t: LotteryTerminal, table: string): number => (t.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe.each(BOTH_ENGINES)('tickets the feed says are paid, central on %s', (engine) => {
  let c: StartedCentral;
  let a: Counter;
  let b: Counter;
  let other: Counter;
  let tmp: string;
  let winners: { barcode: string; prize: number }[];

  beforeAll(async () => {
    const url = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1', 'T2', 'T3'], retailers: { T1: 'Tabac du Port', T2: 'Tabac du Port', T3: 'Presse de la Gare' }, ...(url ? { databaseUrl: url } : {}) });
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-paid-feed-'));
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 100, keyFile: c.lotteryKeyFile, outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(c.central, 'test', em);
    const units = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 100)];
    // One pack of 100 (pack 0), the shop's, at T1: winners paid at the counter, offline too.
    winners = units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 2000).map((u) => ({ barcode: u.barcodes.validation, prize: u.prize_cents }));
    expect(winners.length).toBeGreaterThanOrEqual(2);
    a = await enrolledCounter(c.url, c.codes.T1!, { pack: `${units[0]!.barcodes.inventory.slice(0, 3)}-007-01-00000` });
    b = await enrolledCounter(c.url, c.codes.T2!);
    other = await enrolledCounter(c.url, c.codes.T3!);
  }, 240_000);

  afterAll(async () => {
    dropCounters(a, b, other);
    await c?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('paid at T1, heard by T2 at its sync: refused offline with the words central would say, nothing paid', async () => {
    const w = winners[0]!;
    expect((await payOrClaim(a.t, a.manager, w.barcode, after)).result.status).toBe('paid');
    await syncOnce(a.t); // central now holds it paid by T1
    await syncOnce(b.t); // T2 reads its feed; it never asks central about this ticket
    // Central goes away: T2 is offered the ticket.
    const offline = await refusal(payOrClaim(b.t, b.manager, w.barcode, after, undefined, DOWN));
    const at = (a.t.db.prepare("SELECT at FROM journal WHERE type = 'payout' ORDER BY seq DESC LIMIT 1").get() as { at: string }).at;
    expect([offline.code, offline.details]).toEqual(['paid-elsewhere', { terminal: 'T1', at }]);
    expect(offline.message).toContain('terminal T1 (Tabac du Port)');
    expect([count(b.t, 'payouts'), count(b.t, 'claims')]).toEqual([0, 0]);
    expect(count(b.t, 'central_ticket_facts')).toBe(1); // kept from the feed
    // Its sync round failing (central offline on the screen): the verdict offers no offline payout, Pay is refused alike.
    updateSyncState(b.t.db, { last_error_at: b.t.now(), last_error: 'central does not answer' });
    expect(checkAtCounter(b.t, b.manager, w.barcode)).toMatchObject({ verdict: 'already-paid', payable: false, message: offline.message, paid: { terminal: 'T1', at, receipt_no: null } });
    const pay = await refusal(payOrClaim(b.t, b.manager, w.barcode, after, 'winner', DOWN));
    expect([pay.code, pay.message, pay.details]).toEqual([offline.code, offline.message, offline.details]);
    updateSyncState(b.t.db, { last_error_at: null, last_error: null });
    // The same words as central's own answer once it is back.
    const online = await refusal(payOrClaim(b.t, b.manager, w.barcode, after));
    expect([online.code, online.message, online.details]).toEqual([offline.code, offline.message, offline.details]);
    expect(count(b.t, 'payouts')).toBe(0);
    // T1 keeps its own payout in its journal, not as central's word.
    await syncOnce(a.t);
    expect(count(a.t, 'central_ticket_facts')).toBe(0);
  }, 60_000);

  it("another shop's terminal is never told, nor a terminal that does not read ticket facts", async () => {
    const w = winners[1]!;
    expect((await payOrClaim(a.t, a.manager, w.barcode, after)).result.status).toBe('paid');
    await syncOnce(a.t);
    await syncOnce(other.t);
    expect(count(other.t, 'central_ticket_facts')).toBe(0);
    const paidItems = async (terminal: string, facts: boolean) => (await readFeed(c.central, terminal, 0, 500, facts)).entries.filter((e) => e.body.item.kind === 'ticket_paid').map((e) => e.body.item);
    expect(await paidItems('T3', true)).toEqual([]);
    // An older terminal (no ticket_facts) would refuse the item's kind: it gets none.
    expect(await paidItems('T2', false)).toEqual([]);
    expect(await paidItems('T2', true)).toEqual([
      expect.objectContaining({ terminal: 'T1', retailer: 'Tabac du Port' }),
      expect.objectContaining({ terminal: 'T1', retailer: 'Tabac du Port' }),
    ]);
  }, 60_000);
});
