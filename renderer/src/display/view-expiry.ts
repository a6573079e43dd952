/**
 * Which customer-display views go back to the welcome after a minute without news. A verdict, a payment,
 * a refusal and a finished sale do: the player has gone. A basket with something on it and a digital
 * play with a zone still covered do not: the cashier is still serving that player, however long the
 * basket takes, and the terminal ends them itself (the basket sold or emptied, the cashier logged out,
 * by the idle logout too, each sends the welcome).
 */
import type { DisplayView } from '../../../common/api/views.js';

/** After this long without news an expiring view gives way to the welcome. */
export const DISPLAY_IDLE_MS = 60_000;

export function viewExpires(view: DisplayView): boolean {
  switch (view.kind) {
    case 'idle':
      return false;
    case 'cart':
      return view.count === 0;
    case 'digital':
      return view.units.every((u) => u.finished);
    default:
      return true;
  }
}
