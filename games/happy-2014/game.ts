/** Happy 2014: a 3 € digital game of twelve months and a bonus box (seed 000_32acdfd243412652.txt). */
import { monthsAndBonusSurfaces } from '../months/calendar.js';
import type { Game } from '../types.js';
import { evaluateHappy2014 } from './evaluate.js';
import { layoutHappy2014 } from './layout.js';
import { parseHappy2014 } from './parse.js';
import { HAPPY_2014_SYMBOLS, type Happy2014Play } from './play.js';
import { HAPPY_2014_BLOCK_SIZE, HAPPY_2014_PRIZES, HAPPY_2014_SEED } from './prizes.js';

export type { Happy2014Month, Happy2014Play, Happy2014Symbol } from './play.js';

export const happy2014: Game<Happy2014Play> = {
  code: 'happy-2014',
  name: 'Happy 2014',
  kind: 'digital',
  price_cents: 300,
  block_size: HAPPY_2014_BLOCK_SIZE,
  prizes: HAPPY_2014_PRIZES,
  seed: HAPPY_2014_SEED,
  surfaces: monthsAndBonusSurfaces("Les douze mois de l'année", 'Bonus'),
  symbols: { months: HAPPY_2014_SYMBOLS.list },
  layout_version: 1,
  parse: parseHappy2014,
  evaluate: evaluateHappy2014,
  layout: layoutHappy2014,
};
