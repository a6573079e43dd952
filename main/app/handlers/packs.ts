/** Packs: receive, activate, return, settle, and the inventory per game. */
import { GAMES } from '../../../games/index.js';
import { packAct } from '../../services/packs/acts.js';
import { isStock, listPacks, ticketsLeft } from '../../services/packs/packs.js';
import type { PackInventoryView, PackView } from '../../../common/api/methods/packs.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

/**
 * Counts per paper game (every paper game, even without packs yet, in GAMES order). A stop-listed
 * pack received or active is no stock: it counts as stop-listed, not as received or active, and its
 * tickets are not "left to sell"; nor are an active pack's tickets stop-listed one by one (counted apart).
 */
export function packInventory(packs: readonly PackView[]): PackInventoryView[] {
  return GAMES.filter((g) => g.pack_size !== undefined).map((g) => {
    const mine = packs.filter((p) => p.game === g.code);
    const inStock = (state: PackView['state']) => mine.filter((p) => p.state === state && isStock(p));
    const inState = (state: PackView['state']) => mine.filter((p) => p.state === state);
    const active = inStock('active');
    return {
      game: g.code,
      game_name: g.name,
      received: inStock('received').length,
      active: active.length,
      stop_listed: mine.filter((p) => (p.state === 'received' || p.state === 'active') && !isStock(p)).length,
      returned: inState('returned').length,
      settled: inState('settled').length,
      tickets_sold: mine.reduce((n, p) => n + p.sold, 0),
      tickets_left: active.reduce((n, p) => n + ticketsLeft(p), 0),
      tickets_stop_listed: active.reduce((n, p) => n + p.stop_listed_units, 0),
    };
  });
}

export const packHandlers: Handlers = {
  'pack.list': (ctx) => {
    requireSession(ctx);
    const packs = listPacks(ctx.terminal);
    return { packs, inventory: packInventory(packs) };
  },
  // Enrolled: central first (short time-out), queued when it does not answer (acts/packs.ts).
  'pack.receive': (ctx, { ref }) => packAct(ctx.terminal, requireSession(ctx), ref, 'receive'),
  'pack.activate': (ctx, { ref }) => packAct(ctx.terminal, requireSession(ctx), ref, 'activate'),
  'pack.return': (ctx, { ref, reason }) => packAct(ctx.terminal, requireSession(ctx), ref, 'return', { reason }),
  'pack.settle': (ctx, { ref }) => packAct(ctx.terminal, requireSession(ctx), ref, 'settle'),
};
