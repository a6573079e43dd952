/** Digital games at the counter: translates the API into the digital acts (main/services/digital/acts.ts). */
import { replayDigitalAct, revealDigitalAct, sellDigitalAct } from '../../services/digital/acts.js';
import { currentDigital, digitalHistoryToday, findDigital } from '../../services/digital/play.js';
import { afterCommitOf } from '../after-commit.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

export const digitalHandlers: Handlers = {
  'digital.sell': async (ctx, { game, tendered_cents }) => {
    const { result, play, receipt } = await sellDigitalAct(ctx.terminal, requireSession(ctx), { game, tendered_cents }, afterCommitOf(ctx));
    return {
      sale: {
        sale_key: result.sale_key,
        receipt_no: result.receipt_no,
        number: result.number,
        validation_barcode: result.validation_barcode,
        price_cents: result.price_cents,
        tendered_cents: result.tendered_cents,
        change_cents: result.change_cents,
      },
      play,
      receipt,
    };
  },

  'digital.reveal': (ctx, input) => {
    const { sale_key, ...how } = input;
    return { play: revealDigitalAct(ctx.terminal, requireSession(ctx), sale_key, how, afterCommitOf(ctx)) };
  },

  'digital.get': (ctx, { ref }) => {
    requireSession(ctx);
    return { play: ref ? findDigital(ctx.terminal, ref) : currentDigital(ctx.terminal) };
  },

  'digital.replay': (ctx, { ref }) => {
    requireSession(ctx);
    return { play: replayDigitalAct(ctx.terminal, ref, afterCommitOf(ctx)) };
  },

  'digital.history': (ctx) => ({ units: digitalHistoryToday(ctx.terminal, requireSession(ctx)) }),
};
