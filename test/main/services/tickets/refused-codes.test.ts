/** Wrong validation codes: journaled per operator (never the code), an alert after the threshold, shown by the diagnostics. */
import { afterEach, describe, expect, it } from 'vitest';
import { validationBarcode } from '../../../../games/ticket-id.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { wrongCodesSummary } from '../../../../main/services/tickets/refused-codes.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { counterTerminal, type CounterFixture } from '../packs/counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

const HIDDEN = '918273645546372819';

function entries(f: CounterFixture, type: string): { seq: number; operator: string | null; payload: Record<string, unknown> }[] {
  return (f.t.db.prepare('SELECT seq, operator, payload FROM journal WHERE type = ? ORDER BY seq').all(type) as { seq: number; operator: string | null; payload: string }[]).map((r) => ({
    ...r,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
  }));
}

describe('wrong validation codes', () => {
  it('are journaled with the operator and the ticket, never the code; the threshold raises one alert per window', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const wrong = validationBarcode(f.unit(2).id, HIDDEN);
    for (let i = 1; i <= 4; i++) expect(checkAtCounter(f.t, f.bob, wrong).verdict).toBe('wrong-code');
    checkAtCounter(f.t, f.bob, f.val(10)); // a good code is not counted
    const refused = entries(f, 'ticket.code-refused');
    expect(refused).toHaveLength(4);
    expect(refused[3]).toMatchObject({
      operator: 'bob',
      payload: { operator_id: 2, ticket: '213-001-01-00000-002-7', game: 'annee-chance-2013', emission: 1, block: 1, unit: 2, count_in_window: 4 },
    });
    const journalText = JSON.stringify(f.t.db.prepare('SELECT payload FROM journal').all());
    expect(journalText).not.toContain(HIDDEN);
    expect(journalText).not.toContain(wrong);
    expect(entries(f, 'alert.wrong-codes')).toEqual([]);

    checkAtCounter(f.t, f.bob, wrong); // the 5th within the hour
    const alerts = entries(f, 'alert.wrong-codes');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ operator: null, payload: { operator: 'bob', operator_id: 2, count: 5, threshold: 5, window_minutes: 60 } });
    checkAtCounter(f.t, f.bob, wrong);
    expect(entries(f, 'alert.wrong-codes')).toHaveLength(1);

    // Counted per operator.
    checkAtCounter(f.t, f.alice, wrong);
    const summary = wrongCodesSummary(f.t);
    expect(summary.by_operator).toEqual([
      { operator: 'bob', count: 6 },
      { operator: 'alice', count: 1 },
    ]);
    expect(summary.alerts).toEqual([{ seq: alerts[0]?.seq, at: '2026-11-30T09:00:00.000Z', operator: 'bob', count: 5, window_minutes: 60 }]);
    expect(verifyJournal(f.t).ok).toBe(true);

    // An hour later the window is empty; the alert stays in the journal and the diagnostics.
    f.clock.advance(61 * 60_000);
    const bob = await authenticate(f.t, 'bob', '4321');
    checkAtCounter(f.t, bob, wrong);
    expect(wrongCodesSummary(f.t).by_operator).toEqual([{ operator: 'bob', count: 1 }]);
    expect(wrongCodesSummary(f.t).alerts).toHaveLength(1);
  });

  it('counts a wrong code given straight to pay, and follows the settings', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    updateSettings(f.t, f.alice, { wrong_code_alert_threshold: 2, wrong_code_window_minutes: 10 });
    const wrong = validationBarcode(f.unit(3).id, HIDDEN);
    expect(() => payTicket(f.t, f.bob, wrong)).toThrow(PayoutError);
    expect(entries(f, 'ticket.code-refused')).toHaveLength(1);
    expect(f.t.db.prepare('SELECT count(*) AS n FROM payouts').get()).toEqual({ n: 0 });
    f.clock.advance(4 * 60_000);
    expect(() => payTicket(f.t, f.bob, wrong)).toThrow(/hidden validation code does not match/);
    expect(entries(f, 'alert.wrong-codes')[0]?.payload).toMatchObject({ operator: 'bob', count: 2, threshold: 2, window_minutes: 10 });
  });
});
