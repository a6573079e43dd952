/**
 * A payout carries its proof of possession (#39): the MAC keyed by the hidden code the counter scanned
 * (node/outcome/payout-proof.ts), over this terminal, this unit and this amount, that central computes again
 * from its print data; never the code itself, since others read the journal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { payoutProof, payoutProofMatches } from '../../../../node/outcome/payout-proof.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { parseBarcode } from '../../../../games/ticket-id.js';
import { counterTerminal, type CounterFixture } from '../packs/counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

describe('the proof of possession of a payout', () => {
  it('is journaled with the payout, keyed by the scanned hidden code, and the code is nowhere in the journal or outbox', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const barcode = fx.val(2);
    const parsed = parseBarcode(barcode);
    if (parsed.kind !== 'validation') throw new Error('expected a validation barcode');
    const r = payTicket(fx.t, fx.bob, barcode);
    if (r.status !== 'paid') throw new Error('expected a payout');
    const entry = fx.t.db.prepare("SELECT payload FROM journal WHERE type = 'payout'").get() as { payload: string };
    const payload = JSON.parse(entry.payload) as { proof?: unknown; amount_cents: number };
    const facts = { terminal: fx.t.id, id: parsed.id, amount_cents: 10_000 };
    expect(payload.amount_cents).toBe(10_000);
    expect(payload.proof).toBe(payoutProof(parsed.hiddenCode, facts));
    expect(payoutProofMatches(parsed.hiddenCode, facts, payload.proof)).toBe(true);
    // Bound to its facts: another terminal, unit or amount, or another code, is not proven by it.
    expect(payoutProofMatches(parsed.hiddenCode, { ...facts, terminal: 'T-002' }, payload.proof)).toBe(false);
    expect(payoutProofMatches(parsed.hiddenCode, { ...facts, amount_cents: 10_001 }, payload.proof)).toBe(false);
    expect(payoutProofMatches(parsed.hiddenCode, { ...facts, id: { ...parsed.id, unit: 3 } }, payload.proof)).toBe(false);
    expect(payoutProofMatches('0'.repeat(18), facts, payload.proof)).toBe(false);
    expect(payoutProofMatches(parsed.hiddenCode, facts, undefined)).toBe(false);
    // What leaves for central and the journal's readers holds the proof, never the code.
    const outbox = fx.t.db.prepare('SELECT payload FROM outbox WHERE idempotency_key = ?').get(r.outbox_key) as { payload: string };
    expect(JSON.parse(outbox.payload)).toMatchObject({ proof: payload.proof });
    const everything = JSON.stringify([fx.t.db.prepare('SELECT * FROM journal').all(), fx.t.db.prepare('SELECT * FROM outbox').all()]);
    expect(everything).not.toContain(parsed.hiddenCode);
  });
});
