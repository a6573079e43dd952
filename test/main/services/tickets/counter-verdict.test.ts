import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validationBarcode } from '../../../../games/ticket-id.js';
import { findBlock } from '../../../../db/queries/blocks.js';
import { activatePack, receivePack } from '../../../../main/services/packs/packs.js';
import { addToStopList } from '../../../../main/services/packs/stop-list.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { revokeKey } from '../../../../main/services/outcomes/trust.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import { COUNTER_VERDICTS, CounterChecker, checkAtCounter, counterVerdictJson } from '../../../../main/services/tickets/counter-verdict.js';
import { flipByte, recordOffset } from '../outcomes/fixture.js';
import { counterTerminal, expectRefusal, unknownUnit, type CounterFixture } from '../packs/counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

describe('the counter verdict', () => {
  it('gives every verdict of the issue, each for the right reason', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const check = (barcode: string) => checkAtCounter(f.t, f.bob, barcode);
    const seen = new Set<string>();
    const expectVerdict = (barcode: string, verdict: string) => {
      const v = check(barcode);
      expect(v.verdict, v.message).toBe(verdict);
      seen.add(verdict);
      return v;
    };

    expect(expectVerdict(f.val(10), 'loser')).toMatchObject({ prize_cents: 0, payable: false, pack: { number: '213-001-01-00000', state: 'active' } });
    expect(expectVerdict(f.val(2), 'winner')).toMatchObject({ prize_cents: 10_000, payable: true, payout_limit_cents: 30_000 });
    const above = expectVerdict(f.val(1), 'above-limit');
    expect(above).toMatchObject({ prize_cents: 100_000, payable: false, claim: null });
    expect(above.message).toMatch(/payment centre/);
    expect(expectVerdict(f.val(0), 'above-limit').prize_cents).toBe(4_000_000);

    f.later('2026-11-30T10:15:00.000Z');
    payTicket(f.t, f.bob, f.val(3));
    f.later('2026-11-30T11:00:00.000Z');
    expect(expectVerdict(f.val(3), 'already-paid').paid).toEqual({ at: '2026-11-30T10:15:00.000Z', terminal: 'T-001', receipt_no: 1, amount_cents: 5000 });

    const notReceived = expectVerdict(f.val(102), 'pack-not-active');
    expect(notReceived).toMatchObject({ prize_cents: null, play: null, pack: { number: '213-001-01-00001', state: 'not-received' } });
    expect(notReceived.message).toMatch(/ticket non enregistré/);
    receivePack(f.t, f.bob, f.packNo(1));
    expect(check(f.val(102)).pack?.state).toBe('received');
    expect(check(f.val(102)).verdict).toBe('pack-not-active');

    expectVerdict(unknownUnit().val, 'unknown-ticket');
    const good = f.val(10);
    expectVerdict(good.slice(0, 33) + String((Number(good[33]) + 1) % 10), 'bad-check-digit');
    expectVerdict('not a barcode', 'malformed');
    expectVerdict(f.inv(10), 'malformed');
    const wrong = expectVerdict(validationBarcode(f.unit(2).id, '0'.repeat(18)), 'wrong-code');
    expect(wrong.prize_cents).toBeNull();

    receivePack(f.t, f.bob, f.packNo(0, 2));
    activatePack(f.t, f.bob, f.packNo(0, 2));
    expect(expectVerdict(f.val(2, 2), 'expired')).toMatchObject({ prize_cents: 10_000, payable: false });

    addToStopList(f.t, f.alice, f.inv(4), 'reported stolen');
    const stopped = expectVerdict(f.val(4), 'stop-listed');
    expect(stopped).toMatchObject({ prize_cents: null, stop: { scope: 'unit', reason: 'reported stolen' } });

    // Tampering with the stored outcome file after import.
    const block = findBlock(f.t.db, 'annee-chance-2013', 1, 1)!;
    flipByte(path.join(f.t.folder.outcomesDir, block.file_name), recordOffset(f.files.paper, 60) + 5);
    expectVerdict(f.val(60), 'tampered');

    // A block signed by a key revoked since: never payable, the prize not shown.
    expect(expectVerdict(f.val(10), 'loser').verdict).toBe('loser');
    revokeKey(f.t, f.alice, block.signer, 'key compromised');
    expect(expectVerdict(f.val(2), 'key-revoked')).toMatchObject({ prize_cents: null, play: null, payable: false });

    expect([...seen].sort()).toEqual([...COUNTER_VERDICTS].sort());
  });

  it('a pack on the stop list stops its tickets even when active; stop list wins over pack state', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    addToStopList(fx.t, fx.alice, fx.packNo(0), 'recalled');
    expect(checkAtCounter(fx.t, fx.bob, fx.val(2))).toMatchObject({ verdict: 'stop-listed', stop: { scope: 'pack', what: '213-001-01-00000' } });
    addToStopList(fx.t, fx.alice, fx.packNo(1), 'recalled');
    expect(checkAtCounter(fx.t, fx.bob, fx.val(102)).verdict).toBe('stop-listed');
  });

  it('digital units have no pack: checked and payable without any pack activation', async () => {
    fx = await counterTerminal();
    const digital = fx.files.digital;
    const winner = digital.units[3]!; // 40 €
    expect(checkAtCounter(fx.t, fx.bob, winner.barcode)).toMatchObject({ verdict: 'winner', pack: null, prize_cents: 4000, game: 'happy-2014' });
    expect(checkAtCounter(fx.t, fx.bob, digital.units[12]!.barcode).verdict).toBe('loser');
    expect(payTicket(fx.t, fx.bob, winner.barcode).status).toBe('paid');
  });

  it('a winner of an active pack is payable whether or not its sale was scanned', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    sellTickets(fx.t, fx.bob, { barcodes: [fx.inv(5)], tendered_cents: 300 });
    expect(checkAtCounter(fx.t, fx.bob, fx.val(5)).verdict).toBe('winner');
    expect(checkAtCounter(fx.t, fx.bob, fx.val(6)).verdict).toBe('winner');
    expect(payTicket(fx.t, fx.bob, fx.val(5)).status).toBe('paid');
    expect(payTicket(fx.t, fx.bob, fx.val(6)).status).toBe('paid');
  });

  it('follows the payout limit in force', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    updateSettings(fx.t, fx.alice, { payout_limit_cents: 5000 });
    expect(checkAtCounter(fx.t, fx.bob, fx.val(2))).toMatchObject({ verdict: 'above-limit', payout_limit_cents: 5000 });
    expect(checkAtCounter(fx.t, fx.bob, fx.val(3)).verdict).toBe('winner'); // exactly the limit is payable
    updateSettings(fx.t, fx.alice, { payout_limit_cents: 100_000 });
    expect(checkAtCounter(fx.t, fx.bob, fx.val(1)).verdict).toBe('winner');
  });

  it('refuses a technician; the JSON shape names everything', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    expectRefusal(f, 'forbidden', () => checkAtCounter(f.t, f.tom, f.val(2)));
    const checker = new CounterChecker(f.t);
    try {
      const json = counterVerdictJson(checker.check(f.bob, f.val(2)));
      expect(Object.keys(json)).toEqual(['verdict', 'ticket', 'game', 'prize_cents', 'payable', 'payout_limit_cents', 'pack', 'paid', 'claim', 'stop', 'winning', 'play', 'claim_deadline', 'offline', 'message']);
    } finally {
      checker.close();
    }
  });
});
