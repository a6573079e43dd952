/** 2013 Année de la chance: a 3 € paper scratch ticket of twelve months and a bonus clover (seed 002_2b357b0719cfb56c.txt). */
import { monthsAndBonusSurfaces } from '../months/calendar.js';
import type { Game } from '../types.js';
import { evaluateAnneeChance2013 } from './evaluate.js';
import { layoutAnneeChance2013 } from './layout.js';
import { parseAnneeChance2013 } from './parse.js';
import { ANNEE_CHANCE_2013_SYMBOLS, type AnneeChance2013Play } from './play.js';
import { ANNEE_CHANCE_2013_BLOCK_SIZE, ANNEE_CHANCE_2013_PRIZES, ANNEE_CHANCE_2013_SEED } from './prizes.js';

export type { AnneeChance2013Bonus, AnneeChance2013Month, AnneeChance2013Play, AnneeChance2013Symbol } from './play.js';

export const anneeChance2013: Game<AnneeChance2013Play> = {
  code: 'annee-chance-2013',
  name: '2013 Année de la chance',
  kind: 'paper',
  price_cents: 300,
  block_size: ANNEE_CHANCE_2013_BLOCK_SIZE,
  pack_size: 100,
  prizes: ANNEE_CHANCE_2013_PRIZES,
  seed: ANNEE_CHANCE_2013_SEED,
  surfaces: monthsAndBonusSurfaces("Les douze mois de l'année", 'Trèfle Bonus'),
  symbols: { months: ANNEE_CHANCE_2013_SYMBOLS.list },
  layout_version: 1,
  parse: parseAnneeChance2013,
  evaluate: evaluateAnneeChance2013,
  layout: layoutAnneeChance2013,
};
