/**
 * A winner's verdict while the lottery's central does not answer (#25): before paying, the verdict says
 * the terminal is offline and what is left of its offline allowance (money, payouts, hours, the limit
 * per ticket), from the terminal's own numbers; the view the screen gets carries them. Online (or not
 * enrolled), the verdict is as before.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { insertSyncState, updateSyncState } from '../../../../db/queries/sync-state.js';
import type { AppContext } from '../../../../main/app/context.js';
import { verdictView } from '../../../../main/app/handlers/tickets.js';
import { inTransaction } from '../../../../main/kernel/transaction.js';
import { applyCentralConfig } from '../../../../main/services/sync/central-config.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { runGuichet } from '../../../support/guichet-runner.js';
import { counterTerminal, type CounterFixture } from '../packs/counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

/** The screen's view of a verdict, without the ticket's picture (which needs no context then). */
const viewOf = (v: Parameters<typeof verdictView>[1], barcode: string) => verdictView({} as AppContext, v, barcode, { picture: false });

describe("a winner's verdict while central does not answer", () => {
  it('says offline and what is left of the allowance, and nothing of it online', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    // Winners of the active pack: two that fit the offline limit per ticket, one above it.
    const winners = Array.from({ length: 100 }, (_, i) => i).filter((i) => f.unit(i).prize_cents > 0 && f.unit(i).prize_cents <= 30_000);
    const small = winners.filter((i) => f.unit(i).prize_cents <= 5_000);
    const big = winners.find((i) => f.unit(i).prize_cents > 5_000);
    expect(small.length).toBeGreaterThanOrEqual(2);
    expect(big).toBeDefined();
    const [first, second] = small as [number, number];

    // Not enrolled: no central to be offline from.
    const alone = checkAtCounter(f.t, f.bob, f.val(first));
    expect(alone).toMatchObject({ verdict: 'winner', offline: null });

    inTransaction(f.t, () => {
      insertSyncState(f.t.db, { central_url: 'http://127.0.0.1:9', terminal_id: f.t.id, enrolled_at: f.t.now(), feed_cursor: 0 });
      applyCentralConfig(f.t, { offline_max_ticket_cents: 5_000, offline_max_total_cents: 12_000, offline_max_count: 5, offline_max_hours: 24 });
    });

    // Central answered a moment ago: online, the verdict unchanged.
    updateSyncState(f.t.db, { last_contact_at: f.t.now() });
    const online = checkAtCounter(f.t, f.bob, f.val(first));
    expect(online).toMatchObject({ verdict: 'winner', payable: true, offline: null });
    expect(online.message).toMatch(/: pay it here \(/);
    expect(viewOf(online, f.val(first))).not.toHaveProperty('offline');

    // Central stops answering (a sync round failed since the last contact): offline.
    updateSyncState(f.t.db, { last_error: 'central unreachable', last_error_at: f.t.now() });
    const fresh = checkAtCounter(f.t, f.bob, f.val(first));
    expect(fresh).toMatchObject({ verdict: 'winner', payable: true, offline: { max_ticket_cents: 5_000, left_total_cents: 12_000, left_count: 5, left_hours: 24, reached: null } });
    expect(fresh.message).toMatch(/central offline, pay it here offline/);
    expect(fresh.message).toContain('payouts left offline for 24 more hours');
    expect(viewOf(fresh, f.val(first)).offline).toEqual({ max_ticket_cents: 5_000, left_total_cents: 12_000, left_count: 5, left_hours: 24 });

    // One payout made offline: the allowance left is the terminal's real numbers after it.
    const paid = f.unit(first).prize_cents;
    payTicket(f.t, f.bob, f.val(first), { central: { offline: true } });
    const after = viewOf(checkAtCounter(f.t, f.bob, f.val(second)), f.val(second));
    expect(after).toMatchObject({ verdict: 'winner', offline: { max_ticket_cents: 5_000, left_total_cents: 12_000 - paid, left_count: 4 } });
    expect(after.offline).not.toHaveProperty('reached');

    // A prize above the offline limit per ticket: the verdict says which limit it passes.
    const above = viewOf(checkAtCounter(f.t, f.bob, f.val(big as number)), f.val(big as number));
    expect(above).toMatchObject({ verdict: 'winner', offline: { left_count: 4, reached: { limit: 'ticket', max: 5_000 } } });
  });

  it('guichet check --json says it too: the offline field with the hours left, null online', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const first = Array.from({ length: 100 }, (_, i) => i).find((i) => f.unit(i).prize_cents > 0 && f.unit(i).prize_cents <= 5_000) as number;
    inTransaction(f.t, () => {
      insertSyncState(f.t.db, { central_url: 'http://127.0.0.1:9', terminal_id: f.t.id, enrolled_at: f.t.now(), feed_cursor: 0 });
      applyCentralConfig(f.t, { offline_max_ticket_cents: 5_000, offline_max_total_cents: 12_000, offline_max_count: 5, offline_max_hours: 24 });
    });
    const now = f.t.now();
    updateSyncState(f.t.db, { last_contact_at: now });
    f.t.close();
    const check = async () => {
      const r = await runGuichet(['check', f.val(first), '--data', f.dir, '--json', '--now', now], { GUICHET_OPERATOR: 'bob', GUICHET_PIN: '4321' });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as Record<string, unknown>;
    };
    expect(await check()).toMatchObject({ verdict: 'winner', offline: null });

    const db = new Database(path.join(f.dir, 'guichet.db'));
    try {
      updateSyncState(db, { last_error: 'central unreachable', last_error_at: now });
    } finally {
      db.close();
    }
    expect(await check()).toMatchObject({ verdict: 'winner', payable: true, offline: { max_ticket_cents: 5_000, left_total_cents: 12_000, left_count: 5, left_hours: 24, reached: null } });
  });
});
