/**
 * The pack an operator puts on the stop list, read and written the one way terminals and central's
 * claims match it: `GGG-EEE-BB-PPPPP` (typed with or without its dashes). A number that names no pack
 * (no such game, a game sold without packs, emission or block 0, a pack beyond its block) is refused
 * with what is wrong, before anything is journaled or announced.
 */
import { gameByCode } from '../../games/index.js';
import { GAME_NUMBERS } from '../../games/ticket-id.js';
import { packNumberOf } from '../../common/protocol/packs.js';
import { CentralError } from './context.js';
import { parsePackNumber } from './pack-shipping.js';

/** `text` as the stop list's canonical `GGG-EEE-BB-PPPPP`; throws CentralError('bad_pack'). */
export function stopListPack(text: string): string {
  const id = parsePackNumber(text);
  const game = gameByCode(id.game);
  if (game.pack_size === undefined) throw new CentralError('bad_pack', `${game.name} is not sold in packs: there is no pack to stop`, 400, { game: game.name, rule: 'no_packs' });
  if (id.emission < 1 || id.block < 1) throw new CentralError('bad_pack', `'${text.trim()}': emission and block numbers start at 1`, 400, { text: text.trim(), rule: 'from_one' });
  const packs = game.block_size / game.pack_size;
  const [last, pack] = [String(packs - 1).padStart(5, '0'), String(id.pack).padStart(5, '0')];
  if (id.pack >= packs) throw new CentralError('bad_pack', `a block of ${game.name} has ${packs} packs (00000 to ${last}): there is no pack ${pack}`, 400, { game: game.name, packs, last, pack, rule: 'beyond' });
  return packNumberOf(GAME_NUMBERS[game.code], id);
}
