/**
 * What the customer display is sent of digital units (issue #25): each unit drawn like its ticket as far
 * as it is revealed, the other units of its basket beside it, and never a validation code nor anything
 * of a covered zone. Against a real central over loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../../common/api/events.js';
import type { DisplayView } from '../../../../common/api/views.js';
import { revealDigitalAct, sellDigitalAct } from '../../../../main/services/digital/acts.js';
import { currentDigital, findDigital } from '../../../../main/services/digital/play.js';
import { completeBasketAct } from '../../../../main/services/sales/basket-acts.js';
import { NO_DEVICES, type AfterCommit } from '../../../../main/services/receipts/after-commit.js';
import { clientFor } from '../../../../main/services/sync/sync.js';
import { digitalCounter, type DigitalCounter } from './digital-fixture.js';

let fx: DigitalCounter;
const client = () => clientFor(fx.t, { client: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2, timeoutMs: 3000 } });

beforeAll(async () => {
  fx = await digitalCounter();
}, 180_000);
afterAll(async () => fx?.cleanup());

/** An AfterCommit that keeps the display views it is given. */
function watching(): { after: AfterCommit; shown: () => Extract<DisplayView, { kind: 'digital' }> } {
  const events: AppEvent[] = [];
  return {
    after: { ...NO_DEVICES, emit: (e) => events.push(e) },
    shown: () => {
      const last = events.filter((e) => e.type === 'display').at(-1);
      if (last?.type !== 'display' || last.display.kind !== 'digital') throw new Error(`no digital display view: ${JSON.stringify(last)}`);
      return last.display;
    },
  };
}

describe('the customer display of digital units', () => {
  it('a unit sold alone: its picture with every zone covered, drawn alike for any unit, with no validation code; revealed in step', async () => {
    const w = watching();
    const a = await sellDigitalAct(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, w.after, client());
    const first = w.shown();
    const b = await sellDigitalAct(fx.t, fx.manager, { game: 'happy-2014', tendered_cents: 300 }, w.after, client());
    const second = w.shown();
    expect(first).toMatchObject({ current: 0, units: [{ game: 'happy-2014', number: a.play.number, zones: 13, revealed: 0, finished: false, prize_cents: null }] });
    for (const [view, sold] of [[first, a], [second, b]] as const) {
      const sent = JSON.stringify(view);
      expect(sent).not.toContain(sold.result.validation_barcode);
      expect(sent).not.toContain(sold.result.validation_barcode.slice(-18)); // the hidden code
      expect(sent).not.toContain('validation');
    }
    // Two different units, nothing revealed: the same picture but for the unit's number.
    const anonymous = (v: typeof first, n: string) => v.units[0]!.picture_svg.replace(n, 'N');
    expect(anonymous(first, a.play.number)).toBe(anonymous(second, b.play.number));

    revealDigitalAct(fx.t, fx.manager, a.result.sale_key, { next: true }, w.after);
    const one = w.shown();
    expect(one.units[0]).toMatchObject({ number: a.play.number, revealed: 1, finished: false, prize_cents: null });
    expect(one.units[0]!.picture_svg).not.toBe(first.units[0]!.picture_svg);
    revealDigitalAct(fx.t, fx.manager, a.result.sale_key, { all: true }, w.after);
    const done = w.shown();
    expect(done.units[0]).toMatchObject({ revealed: 13, finished: true, prize_cents: findDigital(fx.t, a.result.sale_key).prize_cents });
    expect(JSON.stringify(done)).not.toContain(a.result.validation_barcode);
  });

  it('several units in one basket: every one of them on the display, the one played now current, each revealed in step', async () => {
    const w = watching();
    const done = await completeBasketAct(fx.t, fx.manager, { basket_id: 'e0000001-aaaa', barcodes: [], digital: ['happy-2014', 'millionnaire', 'happy-2014'], prizes: [], tendered_cents: 2000 }, w.after);
    const keys = done.result.digital.map((d) => d.sale_key);
    expect(keys).toHaveLength(3);
    const start = w.shown();
    expect(start.current).toBe(0);
    expect(start.units.map((u) => [u.game, u.number, u.revealed])).toEqual(done.result.digital.map((d) => [d.game, d.number, 0]));
    for (const d of done.result.digital) expect(JSON.stringify(start)).not.toContain(d.validation_barcode);

    // The cashier's screen plays them in the basket's order: the first not finished is the one to play.
    expect(currentDigital(fx.t)?.sale_key).toBe(keys[0]);
    revealDigitalAct(fx.t, fx.manager, keys[0]!, { all: true }, w.after);
    expect(w.shown()).toMatchObject({ current: 0, units: [{ finished: true }, { revealed: 0 }, { revealed: 0 }] });
    expect(currentDigital(fx.t)?.sale_key).toBe(keys[1]);
    revealDigitalAct(fx.t, fx.manager, keys[1]!, { next: true }, w.after);
    expect(w.shown()).toMatchObject({ current: 1, units: [{ finished: true }, { revealed: 1, finished: false }, { revealed: 0 }] });
    revealDigitalAct(fx.t, fx.manager, keys[2]!, { all: true }, w.after);
    expect(w.shown()).toMatchObject({ current: 2, units: [{ finished: true }, { revealed: 1 }, { revealed: 13, finished: true }] });
  });
});
