/** Annotations around the ticket picture, in the reader's language (the ticket itself stays French). */
import { formatEuros } from '../games/money.js';
import type { PictureLocale } from './types.js';

export interface PictureLabels {
  readonly frontPaper: string;
  readonly backPaper: string;
  readonly frontDigital: string;
  readonly identityDigital: string;
  readonly underCoating: string;
  readonly revealedCode: string;
  readonly inventoryCode: string;
  result(prizeCents: number): string;
}

const FR: PictureLabels = {
  frontPaper: 'RECTO — ticket tel qu’imprimé',
  backPaper: 'VERSO',
  frontDigital: 'ÉCRAN DE JEU — unité révélée',
  identityDigital: 'IDENTITÉ DE L’UNITÉ',
  underCoating: 'SOUS LA COUCHE À GRATTER — code de validation (réservé au détaillant)',
  revealedCode: 'CODE DE VALIDATION RÉVÉLÉ',
  inventoryCode: 'Code inventaire',
  result: (cents) => (cents > 0 ? `UNITÉ GAGNANTE : ${formatEuros(cents, { cents: cents % 100 !== 0 })}` : 'UNITÉ PERDANTE'),
};

const EN: PictureLabels = {
  frontPaper: 'FRONT — ticket as printed',
  backPaper: 'BACK',
  frontDigital: 'GAME SCREEN — unit revealed',
  identityDigital: 'UNIT IDENTITY',
  underCoating: 'UNDER THE SCRATCH COATING — validation code (retailer only)',
  revealedCode: 'REVEALED VALIDATION CODE',
  inventoryCode: 'Inventory barcode',
  result: (cents) =>
    cents > 0 ? `WINNING UNIT: ${formatEuros(cents, { locale: 'en', cents: cents % 100 !== 0 })}` : 'LOSING UNIT',
};

/** The annotation texts for a locale ('fr' by default). */
export function labelsFor(locale: PictureLocale = 'fr'): PictureLabels {
  return locale === 'en' ? EN : FR;
}
