/**
 * How a digital unit is played on screen (shared/games.md, the seeds): **Jouer** reveals one zone at a
 * time — Happy 2014's twelve months then its bonus box, Millionnaire's four games one game at a time —
 * and **Auto** reveals everything. A zone is named `surface:index` (`months:3`, `bonus:0`) or, for a
 * game revealed whole, by its surface key (`jeu2`).
 */
import { gameByCode } from '../../../games/index.js';

/** The zones of `game`, in the order Jouer reveals them. */
export function playZones(game: string): string[] {
  const g = gameByCode(game);
  if (g.code === 'millionnaire') return g.surfaces.map((s) => s.key);
  return g.surfaces.flatMap((s) => Array.from({ length: s.zones }, (_, i) => `${s.key}:${i}`));
}

/** Whether a winning zone (surface, index) lies in the revealed zone `zone`. */
export function zoneCovers(zone: string, surface: string, index: number): boolean {
  return zone === surface || zone === `${surface}:${index}`;
}
