/** Colours and printed wording of each game's ticket or screen. */
import type { GameCode } from '../games/index.js';

export interface Theme {
  /** Panel ground and header colours. */
  readonly ground: string;
  readonly header: string;
  readonly titleFill: string;
  readonly accent: string;
  readonly subtitleFill: string;
  /** The line under the title (French, as printed). */
  readonly subtitle: string;
  /** One-line reminder of how the unit wins, printed above the play area. */
  readonly rule: string;
}

export const THEMES: Readonly<Record<GameCode, Theme>> = {
  'happy-2014': {
    ground: '#24366e',
    header: '#15214a',
    titleFill: '#ffffff',
    accent: '#f2c230',
    subtitleFill: '#cdd8ff',
    subtitle: 'Jeu instantané en ligne — bonne année !',
    rule: 'Deux symboles identiques sous un même mois : gagnez la somme. Bonus : gagnez la somme si elle n’est pas 0 €.',
  },
  'annee-chance-2013': {
    ground: '#fbf8ec',
    header: '#1f7a3a',
    titleFill: '#ffffff',
    accent: '#f6d34a',
    subtitleFill: '#dff3e2',
    subtitle: 'Jeu de grattage — grattez les 12 mois et le trèfle Bonus',
    rule: 'Deux symboles identiques sous un même mois : gagnez le GAIN associé. Un 13 sous le trèfle : gagnez la somme.',
  },
  millionnaire: {
    ground: '#3b1d63',
    header: '#1d0b33',
    titleFill: '#d4af37',
    accent: '#d4af37',
    subtitleFill: '#e6d9ff',
    subtitle: 'Jeu instantané en ligne — 4 jeux, 1 lot unique',
    rule: 'Les gains des quatre jeux s’additionnent pour former un lot unique.',
  },
};
