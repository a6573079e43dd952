/**
 * What the Packs screen says of a pack's state: its state word and tone, but "stop-listed" (in the
 * warning tone) for a pack on the lottery's stop list that is still here to sell (received or active):
 * its tickets are neither sold nor paid, so it must not read "Active". And which pack a typed or scanned
 * reference names among the packs listed, for the confirmations to name it.
 */
import type { PackView } from '../../../../common/api/methods/packs.js';
import { parseBarcode, TicketIdError } from '../../../../games/ticket-id.js';

export type ShownPackState = PackView['state'] | 'stop-listed';

const TONE: Record<ShownPackState, string> = { received: 'tag-info', active: 'tag-ok', returned: 'tag-muted', settled: 'tag-warn', 'stop-listed': 'tag-warn' };

/** The state shown for a pack, and its tone (a `tag-*` class). */
export function shownPackState(p: Pick<PackView, 'state' | 'stop_listed'>): { state: ShownPackState; tone: string } {
  const state: ShownPackState = p.stop_listed !== null && (p.state === 'received' || p.state === 'active') ? 'stop-listed' : p.state;
  return { state, tone: TONE[state] };
}

/** The listed pack a pack number or a ticket's inventory barcode names, if it is listed. */
export function listedPack(packs: readonly PackView[], ref: string): PackView | undefined {
  const s = ref.trim();
  const byNumber = packs.find((p) => p.number === s);
  if (byNumber) return byNumber;
  try {
    const parsed = parseBarcode(s);
    if (parsed.kind !== 'inventory') return undefined;
    const { game, emission, block, unit } = parsed.id;
    return packs.find((p) => p.game === game && p.emission === emission && p.block === block && unit >= p.first_unit && unit < p.first_unit + p.unit_count);
  } catch (err) {
    if (err instanceof TicketIdError) return undefined;
    throw err;
  }
}

/** What the manager does to a pack from this screen. */
export type PackAction = 'receive' | 'activate' | 'return' | 'settle';

/** The acts that ask first in a dialog (Enter confirms, Escape cancels): all but the receipt of a pack. */
export const ASKS_FIRST: ReadonlySet<PackAction> = new Set(['activate', 'return', 'settle']);
