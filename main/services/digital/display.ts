/**
 * What the customer display shows of digital units (issue #25): each unit's play screen as far as it
 * went, drawn like the Valider picture (`renderPlayScreenSvg`: the zones not revealed covered and drawn
 * from none of their data, no validation code), beside the other units of its basket, so that a player
 * who bought three follows each of them in turn ("2 / 3"). Nothing sent here pays: no validation
 * barcode, no play data of a covered zone, no prize before the unit's last zone is revealed.
 */
import { latestJournalOfType } from '../../../db/queries/journal.js';
import { digitalByKey, type DigitalUnitRow } from '../../../db/queries/digital-units.js';
import type { DisplayUnitView, DisplayView, Language } from '../../../common/api/views.js';
import { gameByCode, prizeOf } from '../../../games/index.js';
import { renderPlayScreenSvg } from '../../../render/index.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { playZones, zoneCovers } from './zones.js';

/** How many of the latest baskets are looked through for a unit's companions. */
const BASKETS_LOOKED_AT = 50;

/** The sale keys of the digital units sold in the same basket as `saleKey`, in the basket's order (just itself when sold alone). */
export function basketUnitKeys(t: LotteryTerminal, saleKey: string): string[] {
  for (const row of latestJournalOfType(t.db, 'basket', BASKETS_LOOKED_AT)) {
    const keys = ((JSON.parse(row.payload) as { digital?: readonly { sale_key: string }[] }).digital ?? []).map((d) => d.sale_key);
    if (keys.includes(saleKey)) return keys;
  }
  return [saleKey];
}

/** One sold unit as the display shows it (its result stated beside the picture, in large). */
export function displayUnit(row: DigitalUnitRow, language: Language): DisplayUnitView {
  if (row.state !== 'sold' || row.play === null || row.number === null) throw new Error(`digital unit ${row.sale_key} is not sold`);
  const zones = playZones(row.game);
  const revealed = (JSON.parse(row.revealed) as string[]).filter((z) => zones.includes(z));
  const play = JSON.parse(row.play) as unknown;
  const finished = zones.every((z) => revealed.includes(z));
  const covered = (surface: string, index: number) => !revealed.some((z) => zoneCovers(z, surface, index));
  return {
    game: row.game,
    game_name: gameByCode(row.game).name,
    number: row.number,
    zones: zones.length,
    revealed: revealed.length,
    finished,
    prize_cents: finished ? prizeOf(row.game, play).prize_cents : null,
    picture_svg: renderPlayScreenSvg({ game: gameByCode(row.game).code, unit: row.number, play, covered, showWinning: finished, resultBanner: false, locale: language }),
  };
}

/** The display's view of unit `saleKey` being played, with the other units of its basket. */
export function digitalDisplay(t: LotteryTerminal, saleKey: string, language: Language): DisplayView {
  const rows = basketUnitKeys(t, saleKey)
    .map((key) => digitalByKey(t.db, key))
    .filter((r): r is DigitalUnitRow => r !== undefined && r.state === 'sold');
  const current = Math.max(0, rows.findIndex((r) => r.sale_key === saleKey));
  return { kind: 'digital', units: rows.map((r) => displayUnit(r, language)), current };
}
