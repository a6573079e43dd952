import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/api/errors.js';
import { errorText } from '../../../renderer/src/i18n/errors.js';
import { DICTIONARIES, makeTranslate, mergeDictionaries } from '../../../renderer/src/i18n/index.js';
import { ACTIVE_PACK, demoApp, inv, NEW_PACK, RECEIVED_PACK, type AppFixture } from './sales-fixture.js';

const fr = makeTranslate(mergeDictionaries(DICTIONARIES), 'fr');

let fx: AppFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  fx = undefined;
});

describe('pack handlers on the demo terminal', () => {
  it('lists the demo packs and the inventory per paper game', async () => {
    fx = await demoApp();
    await fx.login('Camille');
    const { packs, inventory } = await fx.call('pack.list', {});
    expect(packs.map((p) => [p.number, p.state])).toEqual([
      [ACTIVE_PACK, 'active'],
      [RECEIVED_PACK, 'received'],
    ]);
    expect(inventory).toHaveLength(1);
    expect(inventory[0]).toMatchObject({ game: 'annee-chance-2013', received: 1, active: 1, stop_listed: 0, returned: 0, settled: 0, tickets_sold: 0, tickets_left: 100 });
  });

  it('receives a pack by number and activates it by a ticket barcode; the inventory follows sales', async () => {
    fx = await demoApp();
    await fx.login('Camille');
    const received = await fx.call('pack.receive', { ref: NEW_PACK });
    expect(received).toMatchObject({ number: NEW_PACK, state: 'received', first_unit: 200, unit_count: 100 });
    await fx.refused('pack.receive', { ref: NEW_PACK }, 'already-received');
    const active = await fx.call('pack.activate', { ref: inv(205) });
    expect(active).toMatchObject({ number: NEW_PACK, state: 'active' });
    await fx.call('cash.open', { float_cents: 0 });
    await fx.call('sale.complete', { barcodes: [inv(201), inv(3)], tendered_cents: 600 });
    const { inventory } = await fx.call('pack.list', {});
    expect(inventory[0]).toMatchObject({ received: 1, active: 2, tickets_sold: 2, tickets_left: 198 });
  });

  it('lets only a manager return or settle, and refuses wrong states with the reason', async () => {
    fx = await demoApp();
    await fx.login('Camille');
    const before = fx.counts();
    await fx.refused('pack.return', { ref: RECEIVED_PACK, reason: 'carnet abîmé' }, 'forbidden');
    await fx.refused('pack.settle', { ref: ACTIVE_PACK }, 'forbidden');
    expect(fx.counts()).toEqual(before);
    await fx.login('Marie');
    expect(await fx.refused('pack.return', { ref: ACTIVE_PACK, reason: 'carnet abîmé' }, 'wrong-state')).toMatch(/never activated/);
    const refused = await fx.app.call('pack.return', { ref: ACTIVE_PACK, reason: 'carnet abîmé' });
    expect(refused.ok ? null : refused.error.details).toEqual({ problem: 'return', pack: ACTIVE_PACK, state: 'active' });
    expect(await fx.call('pack.return', { ref: RECEIVED_PACK, reason: 'carnet abîmé' })).toMatchObject({ state: 'returned' });
    expect(await fx.call('pack.settle', { ref: ACTIVE_PACK })).toMatchObject({ state: 'settled' });
    const { inventory } = await fx.call('pack.list', {});
    expect(inventory[0]).toMatchObject({ received: 0, active: 0, returned: 1, settled: 1, tickets_left: 0 });
    await fx.refused('pack.activate', { ref: 'not a pack' }, 'bad-reference');
    await fx.refused('pack.activate', { ref: NEW_PACK }, 'not-received');
  });

  it('a return needs a reason at the API (invalid-input, nothing changes); the reason given is journaled with it (#25)', async () => {
    fx = await demoApp();
    await fx.login('Marie');
    const before = fx.counts();
    for (const [input, problem] of [
      [{ ref: RECEIVED_PACK }, 'invalid_type'],
      [{ ref: RECEIVED_PACK, reason: '' }, 'missing'],
      [{ ref: RECEIVED_PACK, reason: '   ' }, 'missing'],
    ] as const) {
      const r = await fx.app.call('pack.return', input as { ref: string; reason: string });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatchObject({ code: 'invalid-input', details: { field: 'reason', problem } });
      expect(r.error.message).toMatch(/a return needs a reason/);
      if (problem === 'missing') expect(errorText(fr, new ApiError(r.error.code, r.error.message, r.error.details))).toBe('Saisie refusée : le motif est obligatoire.');
    }
    expect(fx.counts()).toEqual(before);
    expect(await fx.call('pack.return', { ref: RECEIVED_PACK, reason: ' fin du jeu ' })).toMatchObject({ state: 'returned' });
    const entry = fx.app.context.terminal.db.prepare("SELECT payload FROM journal WHERE type = 'pack.return'").get() as { payload: string };
    expect(JSON.parse(entry.payload)).toMatchObject({ pack: RECEIVED_PACK, reason: 'fin du jeu' });
  });

  it('refuses a technician receiving or activating packs', async () => {
    fx = await demoApp();
    await fx.login('Theo');
    const before = fx.counts();
    await fx.refused('pack.receive', { ref: NEW_PACK }, 'forbidden');
    await fx.refused('pack.activate', { ref: RECEIVED_PACK }, 'forbidden');
    expect(fx.counts()).toEqual(before);
  });
});
