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
  /** The covered validation spot of a public screen's picture (no barcode, no digits). */
  readonly maskedCode: string;
  readonly maskedHint: string;
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
  maskedCode: 'CODE DE VALIDATION MASQUÉ',
  maskedHint: 'Il n’est jamais affiché ici : présentez le ticket au comptoir.',
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
  maskedCode: 'VALIDATION CODE HIDDEN',
  maskedHint: 'It is never shown here: bring the ticket to the counter.',
  inventoryCode: 'Inventory barcode',
  result: (cents) =>
    cents > 0 ? `WINNING UNIT: ${formatEuros(cents, { locale: 'en', cents: cents % 100 !== 0 })}` : 'LOSING UNIT',
};

/** The annotation texts for a locale ('fr' by default). */
export function labelsFor(locale: PictureLocale = 'fr'): PictureLabels {
  return locale === 'en' ? EN : FR;
}
