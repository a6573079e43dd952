/** The first surface shared by the "twelve months + bonus" games: twelve months, January first. */
import type { SurfaceDef } from '../types.js';

/** The months as printed on the tickets and screens; index 0 is January. */
export const MONTH_NAMES = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
] as const;

export const MONTH_COUNT = MONTH_NAMES.length;

/** A surface with one printed label per zone (the month names, or the single bonus box). */
export interface LabelledSurfaceDef extends SurfaceDef {
  readonly zone_labels: readonly string[];
}

/** The two surfaces of a months game: `months` (12 zones labelled Janvier … Décembre) and `bonus` (one box). */
export function monthsAndBonusSurfaces(monthsLabel: string, bonusLabel: string): readonly LabelledSurfaceDef[] {
  return [
    { key: 'months', label: monthsLabel, zones: MONTH_COUNT, zone_labels: MONTH_NAMES },
    { key: 'bonus', label: bonusLabel, zones: 1, zone_labels: [bonusLabel] },
  ];
}
