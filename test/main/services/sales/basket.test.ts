import { afterEach, describe, expect, it } from 'vitest';
import { xReport } from '../../../../main/services/cash/sessions.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { completeBasket, type BasketInput } from '../../../../main/services/sales/basket.js';
import { addPrize, completeBasketAct, currentBasket, setBasket } from '../../../../main/services/sales/basket-acts.js';
import { sessionSales } from '../../../../main/services/sales/session-sales.js';
import { voidSale } from '../../../../main/services/sales/void.js';
import { abandon } from '../../../../main/services/sales/cart-acts.js';
import { NO_DEVICES } from '../../../../main/services/receipts/after-commit.js';
import { clientFor } from '../../../../main/services/sync/sync.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { counterSnapshot, counterTerminal, type CounterFixture } from '../packs/counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

/** Units of pack 0 (active) that win a prize payable here, lowest first. */
function winners(f: CounterFixture, from: number): number[] {
  const out: number[] = [];
  for (let u = from; u < 100; u++) if (checkAtCounter(f.t, f.bob, f.val(u)).verdict === 'winner') out.push(u);
  return out;
}

const expected = (f: CounterFixture): number => xReport(f.t, f.alice).cash.expected_cents;
// Not enrolled: no central to ask (paper and prizes only; digital lines need central, basket-digital.test.ts).
const noCentral = (f: CounterFixture) => () => clientFor(f.t, { client: { maxAttempts: 1, timeoutMs: 200 } });

describe('one basket: paper tickets and prizes, one payment, one receipt', () => {
  it('pays a prize towards paper tickets in one transaction: each act journaled, bound by the basket, the till exact', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const [w] = winners(fx, 0);
    const prize = checkAtCounter(fx.t, fx.bob, fx.val(w!)).prize_cents!;
    const before = expected(fx);
    const journalBefore = (fx.t.db.prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n;
    const input: BasketInput = { basket_id: 'b0000001-aaaa', barcodes: [fx.inv(110), fx.inv(111), fx.inv(112)], digital: [], prizes: [fx.val(w!)], tendered_cents: 2000 };
    const done = await completeBasket(fx.t, fx.bob, input, noCentral(fx));
    expect(done).toMatchObject({ replayed: false, paper_cents: 900, purchases_cents: 900, prizes_cents: prize, tendered_cents: 2000, change_cents: 2000 + prize - 900 });
    // cash in − change = till delta = purchases − prizes
    expect(expected(fx) - before).toBe(done.tendered_cents - done.change_cents);
    expect(done.till_cents).toBe(900 - prize);
    // Three acts: the sale, the payout and the basket binding them, in that order, each its own receipt number.
    const entries = fx.t.db.prepare('SELECT type, payload FROM journal WHERE seq > ? ORDER BY seq').all(journalBefore) as { type: string; payload: string }[];
    expect(entries.map((e) => e.type)).toEqual(['sale', 'payout', 'basket']);
    const basket = JSON.parse(entries[2]!.payload) as { parts: number[]; receipt_no: number; basket_id: string };
    expect(basket.parts).toEqual([done.sale_receipt_no, done.prizes[0]!.receipt_no]);
    expect(basket).toMatchObject({ basket_id: 'b0000001-aaaa', receipt_no: done.receipt_no });
    expect(fx.t.db.prepare('SELECT count(*) AS n FROM outbox WHERE idempotency_key = ?').get('T-001/basket/b0000001-aaaa')).toEqual({ n: 1 });
    // One receipt: the tickets, the prize deducted, the cash and the change.
    expect(done.receipt).toMatchObject({ kind: 'sale', receiptNumber: String(done.receipt_no), totalCents: 900, tenderedCents: 2000, changeCents: 2000 + prize - 900, prizes: [{ amountCents: prize }] });
    expect(done.receipt.items).toHaveLength(3);
    expect(verifyJournal(fx.t).ok).toBe(true);
  });

  it("a basket of paper tickets only prints as its sale, under the sale's number: receipt numbers follow one another on paper", async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const first = await completeBasket(fx.t, fx.bob, { basket_id: 'b0000003-aaaa', barcodes: [fx.inv(130)], digital: [], prizes: [], tendered_cents: 300 }, noCentral(fx));
    const second = await completeBasket(fx.t, fx.bob, { basket_id: 'b0000004-aaaa', barcodes: [fx.inv(131), fx.inv(132)], digital: [], prizes: [], tendered_cents: 600 }, noCentral(fx));
    expect(first.receipt_no).toBe(first.sale_receipt_no);
    expect(second.receipt_no).toBe(first.receipt_no + 1);
    expect(second.receipt).toMatchObject({ receiptNumber: String(second.receipt_no) });
    expect(second.receipt).not.toHaveProperty('parts');
    // Asked again (a lost answer's retry), the same number.
    const again = await completeBasket(fx.t, fx.bob, { basket_id: 'b0000004-aaaa', barcodes: [fx.inv(131), fx.inv(132)], digital: [], prizes: [], tendered_cents: 600 }, noCentral(fx));
    expect(again).toMatchObject({ replayed: true, receipt_no: second.receipt_no });
    expect(verifyJournal(fx.t).ok).toBe(true);
  });

  it("the void list shows the number printed on the customer's receipt, and voids by it (#41)", async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const [w] = winners(fx, 0);
    const done = await completeBasket(fx.t, fx.bob, { basket_id: 'b0000005-aaaa', barcodes: [fx.inv(150), fx.inv(151)], digital: [], prizes: [fx.val(w!)], tendered_cents: 1000 }, noCentral(fx));
    expect(done.receipt_no).not.toBe(done.sale_receipt_no);
    const listed = sessionSales(fx.t, fx.alice).find((s) => s.receipt_no === done.sale_receipt_no);
    expect(listed).toMatchObject({ printed_receipt_no: done.receipt_no });
    const voided = voidSale(fx.t, fx.alice, { receipt_no: done.receipt_no, reason: 'le client a changé d’avis' });
    expect(voided).toMatchObject({ voided_receipt_no: done.sale_receipt_no, amount_cents: 600 });
    expect(sessionSales(fx.t, fx.alice).find((s) => s.receipt_no === done.sale_receipt_no)).toMatchObject({ voided: true });
  });

  it('completing twice (a double press, or the request replayed) pays and sells nothing twice', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const [w] = winners(fx, 0);
    const input: BasketInput = { basket_id: 'b0000002-aaaa', barcodes: [fx.inv(120)], digital: [], prizes: [fx.val(w!)], tendered_cents: 0 };
    const [a, b] = await Promise.all([completeBasket(fx.t, fx.bob, input, noCentral(fx)), completeBasket(fx.t, fx.bob, input, noCentral(fx))]);
    const snap = counterSnapshot(fx);
    const till = expected(fx);
    const c = await completeBasket(fx.t, fx.bob, input, noCentral(fx));
    expect([a.replayed, b.replayed, c.replayed]).toEqual([false, true, true]);
    expect(new Set([a.receipt_no, b.receipt_no, c.receipt_no]).size).toBe(1);
    expect(c.receipt).toEqual(a.receipt);
    expect(counterSnapshot(fx)).toEqual(snap);
    expect(expected(fx)).toBe(till);
    expect((fx.t.db.prepare("SELECT count(*) AS n FROM payouts").get() as { n: number }).n).toBe(1);
  });

  it('prizes above the purchase: the player is handed the difference, the till pays it out', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const ws = winners(fx, 0).slice(0, 2);
    const prizes = ws.map((u) => checkAtCounter(fx!.t, fx!.bob, fx!.val(u)).prize_cents!).reduce((s, p) => s + p, 0);
    const before = expected(fx);
    const done = await completeBasket(fx.t, fx.bob, { basket_id: 'b0000003-aaaa', barcodes: [fx.inv(130)], digital: [], prizes: ws.map((u) => fx!.val(u)), tendered_cents: 0 }, noCentral(fx));
    expect(done.change_cents).toBe(prizes - 300);
    expect(expected(fx) - before).toBe(300 - prizes);
  });

  it('a failure in the middle changes nothing: a prize already paid, a ticket already sold, too little cash', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const [w1, w2] = winners(fx, 0);
    await completeBasket(fx.t, fx.bob, { basket_id: 'b0000004-aaaa', barcodes: [fx.inv(140)], digital: [], prizes: [fx.val(w1!)], tendered_cents: 1000 }, noCentral(fx));
    const snap = counterSnapshot(fx);
    const till = expected(fx);
    const f = fx;
    const attempt = (input: Partial<BasketInput>) => completeBasket(f.t, f.bob, { basket_id: `b${Math.random().toString(16).slice(2, 10)}-bbbb`, barcodes: [f.inv(141)], digital: [], prizes: [f.val(w2!)], tendered_cents: 5000, ...input }, noCentral(f));
    await expect(attempt({ prizes: [f.val(w2!), f.val(w1!)] })).rejects.toMatchObject({ code: 'already-paid' });
    await expect(attempt({ barcodes: [f.inv(141), f.inv(140)] })).rejects.toMatchObject({ code: 'already-sold' });
    await expect(attempt({ barcodes: [f.inv(141), f.inv(142), f.inv(143)], prizes: [], tendered_cents: 800 })).rejects.toMatchObject({ code: 'insufficient-tender' });
    await expect(attempt({ prizes: [f.val(w2!), f.val(w2!)] })).rejects.toMatchObject({ code: 'duplicate-in-cart' });
    await expect(attempt({ barcodes: [], prizes: [] })).rejects.toMatchObject({ code: 'empty-cart' });
    await expect(attempt({ digital: ['annee-chance-2013'] })).rejects.toMatchObject({ code: 'not-digital' });
    expect(counterSnapshot(fx)).toEqual(snap);
    expect(expected(fx)).toBe(till);
  });
});

describe('the basket in progress', () => {
  it('is kept by the terminal (a reload finds it, same id), prizes added from Valider, digital refused while central does not answer', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const [w] = winners(fx, 0);
    const set = setBasket(fx.t, fx.bob, { barcodes: [fx.inv(150)], digital: [], prizes: [] }, NO_DEVICES);
    const withPrize = addPrize(fx.t, fx.bob, fx.val(w!), NO_DEVICES);
    expect(withPrize.basket_id).toBe(set.basket_id);
    expect(withPrize.prize_lines).toHaveLength(1);
    const again = currentBasket(fx.t, fx.bob, NO_DEVICES);
    expect(again).toMatchObject({ basket_id: set.basket_id, barcodes: [fx.inv(150)], prizes: [fx.val(w!)], purchases_cents: 300, prizes_cents: withPrize.prizes_cents });
    // Not enrolled here: central never answers, so no digital line; the basket is unchanged.
    expect(() => setBasket(fx!.t, fx!.bob, { barcodes: [fx!.inv(150)], digital: ['happy-2014'], prizes: [fx!.val(w!)] }, NO_DEVICES)).toThrow(expect.objectContaining({ code: 'central-unreachable' }));
    expect(() => addPrize(fx!.t, fx!.bob, fx!.val(w!), NO_DEVICES)).toThrow(expect.objectContaining({ code: 'duplicate-in-cart', details: { ticket: expect.stringMatching(/^\d{3}-\d{3}-\d{2}-\d{5}-\d{3}-\d$/) as unknown } }));
    expect(currentBasket(fx.t, fx.bob, NO_DEVICES).basket_id).toBe(set.basket_id);
    const done = await completeBasketAct(fx.t, fx.bob, { basket_id: set.basket_id!, barcodes: again.barcodes, digital: [], prizes: again.prizes, tendered_cents: 0 }, NO_DEVICES);
    expect(done.result.change_cents).toBe(again.prizes_cents - 300);
    expect(currentBasket(fx.t, fx.bob, NO_DEVICES)).toMatchObject({ basket_id: null, barcodes: [], prizes: [] });
  });

  it('a prize already paid is dropped from the basket when it comes back; abandoning is journaled with the prizes', async () => {
    fx = await counterTerminal({ activePacks: [0, 1] });
    const [w1, w2] = winners(fx, 0);
    setBasket(fx.t, fx.bob, { barcodes: [fx.inv(160)], digital: [], prizes: [fx.val(w1!), fx.val(w2!)] }, NO_DEVICES);
    await completeBasket(fx.t, fx.bob, { basket_id: 'c0000001-aaaa', barcodes: [], digital: [], prizes: [fx.val(w1!)], tendered_cents: 0 }, noCentral(fx));
    expect(currentBasket(fx.t, fx.bob, NO_DEVICES).prizes).toEqual([fx.val(w2!)]);
    expect(abandon(fx.t, fx.bob, NO_DEVICES)).toBe(true);
    const entry = fx.t.db.prepare("SELECT payload FROM journal WHERE type = 'sale.abandoned'").get() as { payload: string };
    expect(JSON.parse(entry.payload)).toMatchObject({ count: 1, prizes: 1 });
  });
});
