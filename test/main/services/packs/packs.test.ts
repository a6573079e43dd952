import { afterEach, describe, expect, it } from 'vitest';
import { inventoryBarcode } from '../../../../games/ticket-id.js';
import { checkAtCounter } from '../../../../main/services/tickets/counter-verdict.js';
import { activatePack, listPacks, receivePack, returnPack, settlePack } from '../../../../main/services/packs/packs.js';
import { humanPackNumber, parsePackRef } from '../../../../main/services/packs/pack-ref.js';
import { addToStopList, listStopList } from '../../../../main/services/packs/stop-list.js';
import { payTicket } from '../../../../main/services/tickets/pay.js';
import { sellTickets } from '../../../../main/services/sales/sell.js';
import { verifyJournal } from '../../../../main/services/journal/verify.js';
import { packInventory } from '../../../../main/app/handlers/packs.js';
import { counterTerminal, expectRefusal, type CounterFixture } from './counter-fixture.js';

let fx: CounterFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

const outboxKeys = (f: CounterFixture): string[] => (f.t.db.prepare('SELECT idempotency_key AS k FROM outbox ORDER BY id').all() as { k: string }[]).map((r) => r.k);

describe('pack references', () => {
  it('reads a pack number or any inventory barcode of a ticket in it', () => {
    const id = { game: 'annee-chance-2013', emission: 1, block: 1, pack: 2 } as const;
    expect(parsePackRef('213-001-01-00002')).toEqual(id);
    expect(parsePackRef(inventoryBarcode({ game: id.game, emission: 1, block: 1, unit: 299 }))).toEqual(id);
    expect(parsePackRef(inventoryBarcode({ game: id.game, emission: 1, block: 1, unit: 200 }))).toEqual(id);
    expect(humanPackNumber(id)).toBe('213-001-01-00002');
  });

  it('refuses what names no pack', () => {
    const bad = (ref: string, code: string) => expect(() => parsePackRef(ref)).toThrow(expect.objectContaining({ code }));
    bad('hello', 'bad-reference');
    bad('213-001-01-2', 'bad-reference');
    bad('999-001-01-00002', 'unknown-pack');
    bad('213-001-01-20000', 'unknown-pack'); // a block holds 20 000 packs (0–19 999)
    bad('114-001-01-00000', 'not-paper');
    bad(inventoryBarcode({ game: 'happy-2014', emission: 1, block: 1, unit: 3 }), 'not-paper');
    const inv = inventoryBarcode({ game: 'annee-chance-2013', emission: 1, block: 1, unit: 3 });
    bad(inv.slice(0, 15) + String((Number(inv[15]) + 1) % 10), 'bad-reference');
  });
});

describe('receive, activate, return, settle', () => {
  it('receives by number or barcode, activates, journals each step with its outbox event', async () => {
    fx = await counterTerminal();
    const received = receivePack(fx.t, fx.bob, fx.packNo(0));
    expect(received).toMatchObject({ number: '213-001-01-00000', state: 'received', first_unit: 0, unit_count: 100, sold: 0 });
    expect(receivePack(fx.t, fx.bob, fx.inv(150)).number).toBe('213-001-01-00001');
    expect(activatePack(fx.t, fx.bob, fx.inv(42))).toMatchObject({ number: '213-001-01-00000', state: 'active', activated_at: '2026-11-30T09:00:00.000Z' });
    expect(listPacks(fx.t).map((p) => [p.number, p.state])).toEqual([
      ['213-001-01-00000', 'active'],
      ['213-001-01-00001', 'received'],
    ]);
    expect(listPacks(fx.t, { state: 'received' })).toHaveLength(1);
    expect(outboxKeys(fx).filter((k) => k.includes('/pack/'))).toEqual([
      'T-001/pack/annee-chance-2013/1/1/0/receive',
      'T-001/pack/annee-chance-2013/1/1/1/receive',
      'T-001/pack/annee-chance-2013/1/1/0/activate',
    ]);
    const types = (fx.t.db.prepare("SELECT type FROM journal WHERE type LIKE 'pack.%' ORDER BY seq").all() as { type: string }[]).map((r) => r.type);
    expect(types).toEqual(['pack.receive', 'pack.receive', 'pack.activate']);
    expect(verifyJournal(fx.t).ok).toBe(true);
  });

  it('refuses a pack not in an imported file, stop-listed, or already received; nothing changes', async () => {
    fx = await counterTerminal();
    const f = fx;
    expectRefusal(f, 'unknown-pack', () => receivePack(f.t, f.bob, '213-001-01-00003')); // block 1 file holds packs 0–2
    expectRefusal(f, 'unknown-pack', () => receivePack(f.t, f.bob, '213-001-09-00000')); // block never imported
    expectRefusal(f, 'unknown-pack', () => receivePack(f.t, f.bob, '213-002-01-00000')); // emission never imported
    addToStopList(f.t, f.alice, f.packNo(2), 'stolen in transit');
    expect(expectRefusal(f, 'stop-listed', () => receivePack(f.t, f.bob, f.packNo(2))).message).toMatch(/stolen in transit/);
    receivePack(f.t, f.bob, f.packNo(0));
    expectRefusal(f, 'already-received', () => receivePack(f.t, f.bob, f.inv(7)));
    returnPack(f.t, f.alice, f.packNo(0));
    expectRefusal(f, 'already-received', () => receivePack(f.t, f.bob, f.packNo(0)));
    expectRefusal(f, 'not-paper', () => receivePack(f.t, f.bob, inventoryBarcode(f.files.digital.units[0]!.id)));
    expectRefusal(f, 'bad-reference', () => receivePack(f.t, f.bob, f.val(3)));
  });

  it('activates only a received pack; returns only a pack never activated; settles only an active pack', async () => {
    fx = await counterTerminal();
    const f = fx;
    expectRefusal(f, 'not-received', () => activatePack(f.t, f.bob, f.packNo(0)));
    receivePack(f.t, f.bob, f.packNo(0));
    receivePack(f.t, f.bob, f.packNo(1));
    expectRefusal(f, 'wrong-state', () => settlePack(f.t, f.alice, f.packNo(0)));
    activatePack(f.t, f.bob, f.packNo(0));
    expectRefusal(f, 'wrong-state', () => activatePack(f.t, f.bob, f.packNo(0)));
    expectRefusal(f, 'wrong-state', () => returnPack(f.t, f.alice, f.packNo(0)));
    expect(returnPack(f.t, f.alice, f.packNo(1)).state).toBe('returned');
    expectRefusal(f, 'wrong-state', () => activatePack(f.t, f.bob, f.packNo(1)));
    expect(settlePack(f.t, f.alice, f.packNo(0)).state).toBe('settled');
    expectRefusal(f, 'wrong-state', () => settlePack(f.t, f.alice, f.packNo(0)));
  });

  it('enforces roles in the services: a technician cannot receive; a cashier cannot return, settle or stop-list', async () => {
    fx = await counterTerminal();
    const f = fx;
    expectRefusal(f, 'forbidden', () => receivePack(f.t, f.tom, f.packNo(0)));
    receivePack(f.t, f.bob, f.packNo(0));
    expectRefusal(f, 'forbidden', () => activatePack(f.t, f.tom, f.packNo(0)));
    expectRefusal(f, 'forbidden', () => returnPack(f.t, f.bob, f.packNo(0)));
    activatePack(f.t, f.bob, f.packNo(0));
    expectRefusal(f, 'forbidden', () => settlePack(f.t, f.bob, f.packNo(0)));
    expectRefusal(f, 'forbidden', () => addToStopList(f.t, f.bob, f.packNo(1), 'x'));
  });

  it('a returned pack makes its tickets unpayable; a settled pack keeps them payable but no longer sold', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    receivePack(f.t, f.bob, f.packNo(1));
    returnPack(f.t, f.alice, f.packNo(1));
    const returned = checkAtCounter(f.t, f.bob, f.val(102));
    expect(returned).toMatchObject({ verdict: 'pack-not-active', pack: { number: '213-001-01-00001', state: 'returned' }, prize_cents: null });
    expect(returned.message).toMatch(/ticket non enregistré/);
    expectRefusal(f, 'pack-not-active', () => payTicket(f.t, f.bob, f.val(102)));

    settlePack(f.t, f.alice, f.packNo(0));
    expect(checkAtCounter(f.t, f.bob, f.val(2)).verdict).toBe('winner');
    expect(payTicket(f.t, f.bob, f.val(2)).status).toBe('paid');
    expectRefusal(f, 'pack-not-active', () => sellTickets(f.t, f.bob, { barcodes: [f.inv(50)], tendered_cents: 300 }));
  });
});

describe('stop list', () => {
  it('adds a pack or one ticket with a reason, journaled, once', async () => {
    fx = await counterTerminal();
    const f = fx;
    const pack = addToStopList(f.t, f.alice, f.packNo(1), '  stolen ');
    expect(pack).toMatchObject({ scope: 'pack', what: '213-001-01-00001', reason: 'stolen', pack: 1, unit: null });
    const unit = addToStopList(f.t, f.alice, f.inv(5), 'damaged');
    expect(unit).toMatchObject({ scope: 'unit', unit: 5, pack: null });
    expect(addToStopList(f.t, f.alice, f.files.digital.units[3]!.barcode, 'fraud')).toMatchObject({ scope: 'unit', game: 'happy-2014', unit: 3 });
    expect(listStopList(f.t).map((s) => s.scope)).toEqual(['pack', 'unit', 'unit']);
    expectRefusal(f, 'already-stop-listed', () => addToStopList(f.t, f.alice, f.val(5), 'again'));
    expectRefusal(f, 'already-stop-listed', () => addToStopList(f.t, f.alice, f.packNo(1), 'again'));
    expectRefusal(f, 'bad-input', () => addToStopList(f.t, f.alice, f.packNo(0), '   '));
    expectRefusal(f, 'bad-reference', () => addToStopList(f.t, f.alice, 'nonsense', 'x'));
    expect(outboxKeys(f).filter((k) => k.includes('stoplist'))).toEqual(['T-001/stoplist/1', 'T-001/stoplist/2', 'T-001/stoplist/3']);
  });
});

describe('a stop-listed pack (#25)', () => {
  it('shows as stop-listed, with its reason, and is no stock: neither received nor active, no tickets left to sell', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    receivePack(f.t, f.bob, f.packNo(1));
    receivePack(f.t, f.bob, f.packNo(2));
    const before = packInventory(listPacks(f.t)).find((g) => g.game === 'annee-chance-2013');
    expect(before).toMatchObject({ received: 2, active: 1, stop_listed: 0, tickets_left: 100 });
    expect(listPacks(f.t).every((p) => p.stop_listed === null)).toBe(true);

    // The lottery stops the active pack and one received pack (here by hand: this terminal is not enrolled).
    addToStopList(f.t, f.alice, f.packNo(0), 'stolen in transit');
    addToStopList(f.t, f.alice, f.packNo(1), 'damaged');
    // A single ticket on the stop list does not stop its pack.
    addToStopList(f.t, f.alice, f.inv(250), 'torn');
    const packs = listPacks(f.t);
    expect(packs.map((p) => [p.number, p.state, p.stop_listed?.reason ?? null])).toEqual([
      ['213-001-01-00000', 'active', 'stolen in transit'],
      ['213-001-01-00001', 'received', 'damaged'],
      ['213-001-01-00002', 'received', null],
    ]);
    expect(packs[0]?.stop_listed).toEqual({ reason: 'stolen in transit', added_at: '2026-11-30T09:00:00.000Z', from_central: false });
    expect(packInventory(packs).find((g) => g.game === 'annee-chance-2013')).toMatchObject({ received: 1, active: 0, stop_listed: 2, returned: 0, settled: 0, tickets_left: 0 });
  });
});

describe('single tickets stop-listed inside an active pack (#25)', () => {
  it('are not left to sell (a sold one not counted twice), and the inventory says how many are stop-listed', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    receivePack(f.t, f.bob, f.packNo(2));
    sellTickets(f.t, f.bob, { barcodes: [f.inv(5), f.inv(12)], tendered_cents: 600 });
    const game = (packs = listPacks(f.t)) => packInventory(packs).find((g) => g.game === 'annee-chance-2013');
    expect(game()).toMatchObject({ active: 1, tickets_sold: 2, tickets_left: 98, tickets_stop_listed: 0 });

    // Two unsold tickets of the active pack, one already sold, and one of a pack only received.
    addToStopList(f.t, f.alice, f.inv(10), 'torn');
    addToStopList(f.t, f.alice, f.inv(11), 'stolen');
    addToStopList(f.t, f.alice, f.inv(12), 'sold, then reported');
    addToStopList(f.t, f.alice, f.inv(250), 'torn');
    const packs = listPacks(f.t);
    expect(packs.map((p) => [p.number, p.stop_listed, p.stop_listed_units])).toEqual([
      ['213-001-01-00000', null, 2],
      ['213-001-01-00002', null, 1],
    ]);
    // The pack itself stays active and stock; its stop-listed tickets are out of what is left to sell.
    expect(game(packs)).toMatchObject({ active: 1, stop_listed: 0, tickets_sold: 2, tickets_left: 96, tickets_stop_listed: 2 });
  });
});

describe('tickets paid or claimed inside an active pack (#41)', () => {
  it('are not left to sell: a scratched ticket paid here is no stock', async () => {
    fx = await counterTerminal({ activePacks: [0] });
    const f = fx;
    const game = () => packInventory(listPacks(f.t)).find((g) => g.game === 'annee-chance-2013');
    expect(game()).toMatchObject({ tickets_left: 100 });
    let w = 0;
    while (checkAtCounter(f.t, f.bob, f.val(w)).verdict !== 'winner') w++;
    expect(payTicket(f.t, f.bob, f.val(w)).status).toBe('paid');
    expect(listPacks(f.t)[0]).toMatchObject({ paid_unsold_units: 1 });
    expect(game()).toMatchObject({ tickets_sold: 0, tickets_left: 99 });
  });
});

describe('a return and its reason (#25)', () => {
  const returnEntries = (f: CounterFixture) =>
    (f.t.db.prepare("SELECT payload FROM journal WHERE type = 'pack.return' ORDER BY seq").all() as { payload: string }[]).map((r) => JSON.parse(r.payload) as Record<string, unknown>);

  it('journals the reason with the return, trimmed, in the outbox event too', async () => {
    fx = await counterTerminal();
    const f = fx;
    receivePack(f.t, f.bob, f.packNo(1));
    expect(returnPack(f.t, f.alice, f.packNo(1), '  carnet abîmé à la livraison ').state).toBe('returned');
    expect(returnEntries(f)).toEqual([expect.objectContaining({ pack: '213-001-01-00001', reason: 'carnet abîmé à la livraison' })]);
    const outbox = f.t.db.prepare("SELECT payload FROM outbox WHERE idempotency_key LIKE '%/1/return'").get() as { payload: string } | undefined;
    expect(outbox && (JSON.parse(outbox.payload) as { reason?: string }).reason).toBe('carnet abîmé à la livraison');
    expect(verifyJournal(f.t).ok).toBe(true);
  });

  it('refuses a blank or too long reason; nothing changes', async () => {
    fx = await counterTerminal();
    const f = fx;
    receivePack(f.t, f.bob, f.packNo(1));
    expect(expectRefusal(f, 'bad-input', () => returnPack(f.t, f.alice, f.packNo(1), '   ')).message).toMatch(/needs a reason/);
    expectRefusal(f, 'bad-input', () => returnPack(f.t, f.alice, f.packNo(1), 'x'.repeat(201)));
    expect(listPacks(f.t)[0]?.state).toBe('received');
  });
});
