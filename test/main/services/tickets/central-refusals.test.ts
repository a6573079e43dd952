/**
 * A ticket paid twice (issue 41, high 1): central refused a winner at this terminal, "already paid at
 * terminal DEMO-01", twice; later, with central down, the same terminal paid it offline. What central
 * said of a ticket (paid, or held by another terminal's claim) is kept, and the ticket is refused while
 * central does not answer, with the same code, words and details as online.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClaimAnswer } from '../../../../common/protocol/index.js';
import { insertSyncState, updateSyncState } from '../../../../db/queries/sync-state.js';
import { parseBarcode } from '../../../../games/ticket-id.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import type { AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { CentralUnreachableError, type CentralClient } from '../../../../main/services/sync/client.js';
import { applyCentralConfig } from '../../../../main/services/sync/central-config.js';
import { centralRefusalOf } from '../../../../main/services/tickets/central-refusals.js';
import { payOrClaim } from '../../../../main/services/tickets/acts.js';
import { PayoutError } from '../../../../main/services/tickets/pay-errors.js';
import { refusedWith } from '../sync/two-terminals.js';
import type { AppContext } from '../../../../main/app/context.js';
import { verdictView } from '../../../../main/app/handlers/tickets.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries, type Translate } from '../../../../renderer/src/i18n/index.js';
import { verdictDetail } from '../../../../renderer/src/screens/validate/VerdictPanel.js';
import { counterTerminal, type CounterFixture } from '../packs/counter-fixture.js';

const fr = makeTranslate(mergeDictionaries(DICTIONARIES), 'fr') as Translate;
const after: AfterCommit = { printer: null, drawer: null, language: 'fr' };

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

/** A central that answers every claim with `answer`, or does not answer at all (`null`). */
function central(answer: Omit<ClaimAnswer, 'ticket' | 'prize_cents'> | null): { client: CentralClient } {
  const client: CentralClient = {
    url: 'http://127.0.0.1:9',
    call: (_method, _path, body, schema) => {
      if (!answer) return Promise.reject(new CentralUnreachableError('central does not answer (connection refused)'));
      const p = parseBarcode((body as { barcode: string }).barcode);
      return Promise.resolve(schema.parse({ ticket: `${p.id.game}/${p.id.emission}/${p.id.block}/${p.id.unit}`, prize_cents: 500, ...answer }));
    },
    getBytes: () => Promise.reject(new Error('not in this test')),
    download: () => Promise.reject(new Error('not in this test')),
  };
  return { client };
}
const DOWN = central(null);

/** An enrolled counter within a generous offline allowance, whose last sync round failed: central offline. */
async function enrolledOffline(): Promise<{ f: CounterFixture; winners: number[] }> {
  const f = await counterTerminal({ activePacks: [0] });
  fx = f;
  inTransaction(f.t, () => {
    insertSyncState(f.t.db, { central_url: 'http://127.0.0.1:9', terminal_id: f.t.id, enrolled_at: f.t.now(), feed_cursor: 0 });
    applyCentralConfig(f.t, { offline_max_ticket_cents: 5_000, offline_max_total_cents: 50_000, offline_max_count: 20, offline_max_hours: 24 });
  });
  updateSyncState(f.t.db, { last_contact_at: f.t.now() });
  const winners = Array.from({ length: 100 }, (_, i) => i).filter((i) => f.unit(i).prize_cents > 0 && f.unit(i).prize_cents <= 5_000);
  expect(winners.length).toBeGreaterThanOrEqual(3);
  return { f, winners };
}

const payouts = (f: CounterFixture) => f.t.db.prepare('SELECT count(*) AS n FROM payouts').get() as { n: number };
const refusal = (p: Promise<unknown>) => refusedWith(p, PayoutError);
const said = (e: PayoutError) => ({ code: e.code, message: e.message, details: e.details });

describe('what central said of a ticket, kept for when it does not answer', () => {
  it('paid at DEMO-01: refused twice online, then refused offline with the same reason, not paid', async () => {
    const { f, winners } = await enrolledOffline();
    const barcode = f.val(winners[0]!);
    const paidAtT1 = central({
      verdict: 'already_paid',
      paid: { terminal: 'DEMO-01', retailer: 'Tabac de la Gare', at: '2026-12-07T09:12:00.000Z' },
      held_until: null,
      message: 'already paid on 2026-12-07T09:12:00.000Z at terminal DEMO-01 (Tabac de la Gare): do not pay',
    });
    const online = await refusal(payOrClaim(f.t, f.bob, barcode, after, 'winner', paidAtT1));
    expect(said(online)).toEqual({ code: 'paid-elsewhere', message: expect.stringContaining('terminal DEMO-01'), details: { terminal: 'DEMO-01', at: '2026-12-07T09:12:00.000Z' } });
    expect(said(await refusal(payOrClaim(f.t, f.bob, barcode, after, 'winner', paidAtT1)))).toEqual(said(online));

    // Twenty minutes later central is stopped: the terminal remembers what it was told. The verdict
    // offers no offline payout: already paid at DEMO-01, in the words of central's refusal.
    updateSyncState(f.t.db, { last_error: 'central unreachable', last_error_at: f.t.now() });
    const v = checkAtCounter(f.t, f.bob, barcode);
    expect(v).toMatchObject({ verdict: 'already-paid', payable: false, offline: null, message: online.message, paid: { terminal: 'DEMO-01', at: '2026-12-07T09:12:00.000Z', receipt_no: null } });
    const view = verdictView({} as AppContext, v, barcode, { picture: false });
    expect(verdictDetail(fr, view, 'fr')).toBe('Déjà payé au terminal DEMO-01 : ne payez pas.');
    const offline = await refusal(payOrClaim(f.t, f.bob, barcode, after, 'winner', DOWN));
    expect(said(offline)).toEqual(said(online));
    // Without `expect` too (the verdict read inside the payment), and once online again central decides.
    expect(said(await refusal(payOrClaim(f.t, f.bob, barcode, after, undefined, DOWN)))).toEqual(said(online));
    expect(payouts(f)).toEqual({ n: 0 });
    // Another winner nobody claimed is still paid offline, within the allowance.
    const other = await payOrClaim(f.t, f.bob, f.val(winners[1]!), after, 'winner', DOWN);
    expect(other.result).toMatchObject({ status: 'paid', pending_central: true });
  });

  it('held by another terminal: refused offline as online; once central holds it for this terminal, forgotten and paid', async () => {
    const { f, winners } = await enrolledOffline();
    const barcode = f.val(winners[2]!);
    const heldAtT1 = central({
      verdict: 'held_elsewhere',
      paid: { terminal: 'DEMO-01', retailer: 'Tabac de la Gare', at: '2026-12-07T09:12:00.000Z' },
      held_until: '2026-12-07T09:14:00.000Z',
      message: 'held since 2026-12-07T09:12:00.000Z by terminal DEMO-01 (Tabac de la Gare) until 2026-12-07T09:14:00.000Z: not paid yet, do not pay now',
    });
    const online = await refusal(payOrClaim(f.t, f.bob, barcode, after, 'winner', heldAtT1));
    expect(said(online)).toMatchObject({ code: 'claimed-elsewhere', details: { terminal: 'DEMO-01', until: '2026-12-07T09:14:00.000Z' } });
    expect(said(await refusal(payOrClaim(f.t, f.bob, barcode, after, 'winner', DOWN)))).toEqual(said(online));
    expect(payouts(f)).toEqual({ n: 0 });

    // DEMO-01 never paid it; central's hold ended and it grants the claim to this terminal: paid.
    const granted = central({ verdict: 'claimed', paid: null, held_until: '2026-12-07T09:40:00.000Z', message: 'claimed for this terminal: pay it now' });
    const paid = await payOrClaim(f.t, f.bob, barcode, after, 'winner', granted);
    expect(paid.result.status).toBe('paid');
    expect(centralRefusalOf(f.t, parseBarcode(barcode).id)).toBeNull();
  });
});
