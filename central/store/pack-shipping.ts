/**
 * Packs bound to their retailer (#19): the lottery ships a pack to one retailer (`guichet central packs
 * ship PACK --retailer R`, admin operation `packs.ship`), and only that retailer's terminals may then
 * receive it — another retailer's receipt is refused (`other_retailer`; online: 403) whether it comes
 * online or queued in a push. A pack never shipped is refused too (`not_shipped`), unless the
 * configuration `packs_require_shipment` is false (a lab or test central; then the first terminal that
 * asks receives it).
 */
import type { PackIdentity } from '../../common/protocol/index.js';
import { gameByCode } from '../../games/index.js';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import type { GameCode } from '../../games/types.js';
import { CentralError, journalAtCentral, type Central } from './context.js';
import type { Queryable } from './db.js';
import { currentConfig } from './feed.js';
import { publishedBlock } from './print-cache.js';
import { packRow } from './queries/packs.js';
import { shipmentOf, upsertShipment } from './queries/pack-shipments.js';
import { retailerOf, terminalsOfRetailer } from './queries/terminals.js';

/** Reads `GGG-EEE-BB-PPPPP` (dashes optional); throws CentralError('bad_pack'). */
export function parsePackNumber(text: string): PackIdentity {
  const m = /^(\d{3})-?(\d{3})-?(\d{2})-?(\d{5})$/.exec(text.trim());
  const code = m ? (Object.keys(GAME_NUMBERS) as GameCode[]).find((g) => GAME_NUMBERS[g] === Number(m[1])) : undefined;
  if (!m || !code) throw new CentralError('bad_pack', `'${text}' is not a pack number GGG-EEE-BB-PPPPP of a known game`, 400, { text: text.trim(), rule: 'format' });
  return { game: code, emission: Number(m[2]), block: Number(m[3]), pack: Number(m[4]) };
}

/** Ships packs to a retailer, each as shipPack does, in order. */
export async function shipPacks(c: Central, actor: string, numbers: readonly string[], retailer: string): Promise<{ pack: string; retailer: string; shipped_at: string }[]> {
  const out = [];
  for (const n of numbers) out.push(await shipPack(c, actor, n, retailer));
  return out;
}

/** Ships a pack to a retailer (journaled at central); refused once a terminal received it, or for an unknown retailer or pack. */
export async function shipPack(c: Central, actor: string, number: string, retailer: string): Promise<{ pack: string; retailer: string; shipped_at: string }> {
  const id = parsePackNumber(number);
  const game = gameByCode(id.game);
  const packSize = game.pack_size;
  if (packSize === undefined) throw new CentralError('bad_pack', `${game.name} is not sold in packs`, 400, { game: game.name, rule: 'no_packs' });
  return c.db.transaction(async (tx) => {
    if ((await terminalsOfRetailer(tx, retailer)).length === 0) throw new CentralError('unknown_retailer', `no terminal belongs to a retailer '${retailer}'`, 404, { retailer, rule: 'no_terminal' });
    const pub = await publishedBlock(c, tx, id);
    if (!pub || id.pack >= game.block_size / packSize) throw new CentralError('not_published', `pack ${number} is in no block the lottery published`, 404, { pack: number });
    const held = await packRow(tx, id, true);
    if (held) {
      const at = await retailerOf(tx, held.terminal_id);
      if (at !== retailer) throw new CentralError('already_received', `pack ${number} was already received by terminal ${held.terminal_id} (${at}): it cannot be shipped elsewhere`, 409, { pack: number, terminal: held.terminal_id, retailer: at });
    }
    const now = c.now();
    await upsertShipment(tx, id, retailer, now);
    await journalAtCentral(c, tx, now, actor, 'pack.ship', { pack: number, retailer });
    return { pack: number, retailer, shipped_at: now };
  });
}

/** Why `terminalId` may not receive the pack ([reason, message]), or null when it may. */
export async function receiptRefusal(tx: Queryable, terminalId: string, id: PackIdentity, number: string): Promise<[string, string] | null> {
  const ship = await shipmentOf(tx, id);
  const mine = await retailerOf(tx, terminalId);
  if (ship) {
    if (ship.retailer === mine) return null;
    return ['other_retailer', `pack ${number} was shipped to another retailer, not to ${mine || `terminal ${terminalId}`}'s: do not accept it`];
  }
  if ((await currentConfig(tx)).packs_require_shipment !== false) return ['not_shipped', `pack ${number} was never shipped to a retailer: do not accept it (guichet central packs ship)`];
  return null;
}
