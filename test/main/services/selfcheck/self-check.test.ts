/**
 * The self-check service on a real counter terminal (SQLite, imported outcome files, fixed clock):
 * verdict kinds, the rate limit per scanner, checks journaled without their codes, wrong-code alerts,
 * nothing paid; and the terminal's mode setting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { validationBarcode, inventoryBarcode } from '../../../../games/ticket-id.js';
import { selfCheckCounts } from '../../../../db/queries/selfcheck.js';
import { DEFAULT_SELF_CHECK, SelfCheckService } from '../../../../main/services/selfcheck/self-check.js';
import { setTerminalMode, terminalMode } from '../../../../main/services/selfcheck/mode.js';
import { amountWords, englishEuroWords } from '../../../../main/services/selfcheck/amount-words.js';
import { unauthorisedReport } from '../../../../main/services/diagnostics/report.js';
import { reportText } from '../../../../main/services/diagnostics/report-text.js';
import { counterTerminal, counterSnapshot, type CounterFixture } from '../packs/counter-fixture.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { keepCentralTicketFact } from '../../../../db/queries/central-ticket-facts.js';

let fx: CounterFixture | undefined;
let svc: SelfCheckService | undefined;
afterEach(() => {
  svc?.close();
  fx?.cleanup();
  svc = undefined;
  fx = undefined;
});

function journal(f: CounterFixture, type: string) {
  return f.t.db.prepare<[string], { operator: string | null; payload: string }>('SELECT operator, payload FROM journal WHERE type = ? ORDER BY seq').all(type);
}

async function setup(config = DEFAULT_SELF_CHECK) {
  fx = await counterTerminal({ cashSession: false });
  svc = new SelfCheckService(fx.t, config);
  const digital = (u: number) => {
    const unit = fx?.files.digital.units[u];
    if (!unit) throw new Error(`no digital unit ${u}`);
    return unit;
  };
  return { fx, svc, digital };
}

describe('self-check', () => {
  it('gives the counter verdict without an operator, scratch-first for an inventory barcode, pays nothing, and journals each check by kind only', async () => {
    const { fx, svc, digital } = await setup({ ...DEFAULT_SELF_CHECK, checks_per_window: 10 });
    const winner = digital(2); // 100 €
    const big = digital(0); // 30 000 €: above the payout limit
    const loser = digital(10);
    const wrong = validationBarcode(winner.id, '0'.repeat(18));
    const before = counterSnapshot(fx);

    const w = svc.check(winner.barcode, 'wedge');
    expect(w).toMatchObject({ status: 'checked', kind: 'winner', identity: null, alerted: false });
    expect(w.status === 'checked' && w.verdict?.prize_cents).toBe(10_000);
    expect(svc.check(big.barcode, 'wedge')).toMatchObject({ kind: 'above-limit' });
    expect(svc.check(loser.barcode, 'wedge')).toMatchObject({ kind: 'loser' });
    expect(svc.check(inventoryBarcode(winner.id), 'wedge')).toMatchObject({ kind: 'scratch-first', verdict: null, identity: { game: 'happy-2014' } });
    expect(svc.check(wrong, 'wedge')).toMatchObject({ kind: 'wrong-code' });
    expect(svc.check('12345', 'wedge')).toMatchObject({ kind: 'malformed' });

    const after = counterSnapshot(fx);
    expect(after.payouts).toEqual(before.payouts);
    expect(after.claims).toEqual(before.claims);
    expect(after.outbox).toEqual(before.outbox);

    const checks = journal(fx, 'selfcheck.checked');
    expect(checks.map((e) => JSON.parse(e.payload) as unknown)).toEqual(
      ['winner', 'above-limit', 'loser', 'scratch-first', 'wrong-code', 'malformed'].map((verdict) => ({ verdict, scanner: 'wedge' })),
    );
    for (const e of checks) {
      expect(e.operator).toBeNull();
      for (const code of [winner.barcode, big.barcode, loser.barcode, wrong, inventoryBarcode(winner.id), winner.code]) expect(e.payload).not.toContain(code);
    }
    expect(selfCheckCounts(fx.t.db).by_verdict).toEqual({ 'above-limit': 1, loser: 1, malformed: 1, 'scratch-first': 1, winner: 1, 'wrong-code': 1 });
  });

  // #41: the self-check said "Présentez-le au comptoir pour être payé" for tickets already paid or claimed.
  it('says a ticket already paid or claimed, here or as central told, and never sends it to the counter to be paid', async () => {
    fx = await counterTerminal();
    svc = new SelfCheckService(fx.t, { ...DEFAULT_SELF_CHECK, checks_per_window: 20 });
    const winners = fx.files.digital.units.filter((u) => u.prize_cents > 0 && u.prize_cents <= 30_000);
    const big = fx.files.digital.units.find((u) => u.prize_cents > 30_000);
    const [paidHere, paidElsewhere, heldElsewhere, untouched] = winners;
    if (!paidHere || !paidElsewhere || !heldElsewhere || !untouched || !big) throw new Error('the fixture has too few winners');

    payTicket(fx.t, fx.alice, paidHere.barcode);
    payTicket(fx.t, fx.alice, big.barcode); // above the limit: a claim is filed here
    const told = (u: typeof paidHere, verdict: 'already_paid' | 'held_elsewhere') =>
      keepCentralTicketFact(fx!.t.db, { ...u.id, verdict, terminal: 'T-OTHER', retailer: 'R-2', at: '2026-11-30T08:00:00.000Z', held_until: null, message: 'central says so', told_at: fx!.t.now() });
    told(paidElsewhere, 'already_paid');
    told(heldElsewhere, 'held_elsewhere');

    expect(svc.check(paidHere.barcode, 'wedge')).toMatchObject({ kind: 'already-paid' });
    expect(svc.check(big.barcode, 'wedge')).toMatchObject({ kind: 'claimed' });
    expect(svc.check(paidElsewhere.barcode, 'wedge')).toMatchObject({ kind: 'already-paid' });
    expect(svc.check(heldElsewhere.barcode, 'wedge')).toMatchObject({ kind: 'claimed' });
    expect(svc.check(untouched.barcode, 'wedge')).toMatchObject({ kind: 'winner' });
  });

  it('rate-limits each scanner: past the limit the player waits, nothing is checked nor journaled, until the window slides', async () => {
    const { fx, svc, digital } = await setup({ ...DEFAULT_SELF_CHECK, checks_per_window: 3, window_seconds: 60 });
    const loser = digital(10).barcode;
    for (let i = 0; i < 3; i++) {
      expect(svc.check(loser, 'wedge').status).toBe('checked');
      fx.clock.advance(5_000);
    }
    // 15 s after the first check: 45 s to wait.
    expect(svc.check(loser, 'wedge')).toEqual({ status: 'wait', retry_after_ms: 45_000 });
    expect(svc.check(digital(2).barcode, 'wedge')).toMatchObject({ status: 'wait' });
    expect(journal(fx, 'selfcheck.checked')).toHaveLength(3);
    // Another scanner is not held up.
    expect(svc.check(loser, 'serial:/dev/ttyACM0')).toMatchObject({ status: 'checked', kind: 'loser' });
    fx.clock.advance(45_000);
    expect(svc.check(loser, 'wedge')).toMatchObject({ status: 'checked', kind: 'loser' });
    expect(journal(fx, 'selfcheck.checked').map((e) => (JSON.parse(e.payload) as { scanner: string }).scanner)).toEqual(['wedge', 'wedge', 'wedge', 'serial:/dev/ttyACM0', 'wedge']);
  });

  it('lets a player’s stack of 20 good tickets through at scanner speed, and makes a scanner giving wrong codes wait', async () => {
    const { fx, svc, digital } = await setup();
    for (let n = 0; n < 20; n++) {
      expect(svc.check(digital(n % 12).barcode, 'wedge')).toMatchObject({ status: 'checked' });
      fx.clock.advance(1_500);
    }
    const wrong = (n: number) => validationBarcode(digital(n).id, String(n).padStart(18, '3'));
    for (let n = 1; n <= DEFAULT_SELF_CHECK.wrong_code_limit; n++) expect(svc.check(wrong(n), 'wedge')).toMatchObject({ kind: 'wrong-code' });
    // The next check from that scanner waits, a good ticket too, until the first wrong code leaves the limit's window.
    const waiting = svc.check(digital(2).barcode, 'wedge');
    expect(waiting).toMatchObject({ status: 'wait' });
    expect(waiting.status === 'wait' && waiting.retry_after_ms).toBe(DEFAULT_SELF_CHECK.wrong_code_limit_seconds * 1000);
    expect(svc.check(digital(2).barcode, 'serial:/dev/ttyACM0')).toMatchObject({ status: 'checked', kind: 'winner' });
    fx.clock.advance(DEFAULT_SELF_CHECK.wrong_code_limit_seconds * 1000);
    expect(svc.check(digital(2).barcode, 'wedge')).toMatchObject({ status: 'checked', kind: 'winner' });
  });

  it('counts wrong codes per scanner and alerts the technician in the journal when a few come within the window', async () => {
    const { fx, svc, digital } = await setup({ ...DEFAULT_SELF_CHECK, checks_per_window: 20, wrong_code_alert: 3, wrong_code_window_minutes: 10, wrong_code_limit: 10 });
    const wrong = (n: number) => validationBarcode(digital(n).id, String(n).padStart(18, '7'));
    expect(svc.check(wrong(1), 'wedge')).toMatchObject({ kind: 'wrong-code', alerted: false });
    fx.clock.advance(11 * 60_000); // the first one leaves the window
    expect(svc.check(wrong(2), 'wedge')).toMatchObject({ kind: 'wrong-code', alerted: false });
    expect(svc.check(wrong(3), 'wedge')).toMatchObject({ kind: 'wrong-code', alerted: false });
    expect(svc.check(wrong(4), 'other')).toMatchObject({ kind: 'wrong-code', alerted: false });
    expect(journal(fx, 'selfcheck.wrong-codes')).toHaveLength(0);
    expect(svc.check(wrong(5), 'wedge')).toMatchObject({ kind: 'wrong-code', alerted: true });
    const alerts = journal(fx, 'selfcheck.wrong-codes');
    expect(alerts.map((e) => JSON.parse(e.payload) as unknown)).toEqual([{ scanner: 'wedge', wrong_codes: 3, window_minutes: 10 }]);
    expect(alerts[0]?.operator).toBeNull();
    for (const n of [1, 2, 3, 4, 5]) expect(alerts[0]?.payload).not.toContain(wrong(n));
    // Counting starts afresh after an alert.
    expect(svc.check(wrong(6), 'wedge')).toMatchObject({ alerted: false });
    const counts = selfCheckCounts(fx.t.db);
    expect(counts.by_verdict['wrong-code']).toBe(6);
    expect(counts.alerts).toBe(1);
    expect(counts.last_alert_at).toBe(fx.t.now());
    // The technician sees them in the diagnostic report (and its text in the support bundle).
    const report = await unauthorisedReport({ terminal: fx.t, devices: { printer: null }, host: 'browser', version: 'test' });
    expect(report.self_check).toEqual(counts);
    expect(reportText(report, null)).toContain(`SELF-CHECK KIOSK\n  checks: wrong-code 6\n  wrong-code alerts 1 (last ${fx.t.now()})`);
  });

  it('keeps the mode setting: counter by default, self_check set by a manager (journaled), refused to a cashier', async () => {
    const { fx } = await setup();
    expect(terminalMode(fx.t)).toBe('counter');
    expect(() => setTerminalMode(fx.t, fx.bob, 'self_check')).toThrow(expect.objectContaining({ code: 'forbidden' }) as Error);
    expect(() => setTerminalMode(fx.t, fx.alice, 'kiosk')).toThrow(expect.objectContaining({ code: 'bad-input' }) as Error);
    expect(terminalMode(fx.t)).toBe('counter');
    expect(setTerminalMode(fx.t, fx.alice, 'self_check')).toBe('self_check');
    expect(terminalMode(fx.t)).toBe('self_check');
    expect(journal(fx, 'settings.mode').map((e) => JSON.parse(e.payload) as unknown)).toEqual([{ before: 'counter', after: 'self_check' }]);
  });
});

describe('prize in words', () => {
  it('says whole-euro prizes in French and English', () => {
    expect(amountWords(10_000)).toEqual({ fr: 'CENT EUROS', en: 'one hundred euros' });
    expect(englishEuroWords(100)).toBe('one euro');
    expect(englishEuroWords(100_000_000)).toBe('one million euros');
    expect(amountWords(0)).toBeNull();
    expect(amountWords(null)).toBeNull();
    expect(amountWords(150)).toBeNull();
  });
});
